import { putLaneItems } from '../../store/entities/webhook-lane';
import { attemptItem, type AttemptRecord } from './attempt-log';
import { laneItem, type LaneState } from './lane-state';

/**
 * The lane's writes (its cursor and the attempt records). The signer collects them for a whole batch
 * and writes them in one BatchWriteItem before it answers, so a delivery costs no write on its
 * critical path. If the signer dies before the flush, the batch is handled again: at most those
 * deliveries are repeated, with the same `webhook-id` (rule 3). Without a batch (tests, scripts)
 * every write goes out at once.
 */
export class LaneWrites {
  private readonly lanes = new Map<string, LaneState>();
  private readonly attempts: Record<string, unknown>[] = [];

  constructor(private readonly deferred = true) {}

  async lane(lane: LaneState): Promise<void> {
    this.lanes.set(lane.endpoint_id, lane);
    if (!this.deferred) await this.flush();
  }

  async attempt(endpointId: string, attempt: AttemptRecord): Promise<void> {
    this.attempts.push(attemptItem(endpointId, attempt));
    if (!this.deferred) await this.flush();
  }

  /** Writes everything collected (each lane's latest state), 25 items per call, retrying what DynamoDB left unprocessed. */
  async flush(): Promise<void> {
    const items = [...this.attempts.splice(0), ...[...this.lanes.values()].map(laneItem)];
    this.lanes.clear();
    await putLaneItems(items);
  }
}
