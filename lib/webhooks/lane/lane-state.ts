import { GetCommand } from '../../store/dynamodb';
import { db, tableName } from '../../store/client';
import { webhookLaneKey } from '../../store/keys';
import { recordOf } from '../../store/entity';

/**
 * One endpoint's delivery cursor. The event log is the source of truth; queue messages only wake the
 * lane. `last_seq` is the partner+mode sequence (seq_all) of the newest event the lane has finished
 * (acknowledged, given up on, or cancelled); the `head_*` fields are the retry state of the delivery
 * being attempted; `failing_since` runs while the endpoint fails continuously (rule 7).
 */
export interface LaneState {
  endpoint_id: string;
  last_seq?: number;
  last_created_at?: string;
  /** `seq:<n>` or `resend:<message id>`: which delivery the retry state belongs to. */
  head?: string;
  /** The event of the head delivery (what "retry now" names). */
  head_event_id?: string;
  /**
   * Counted failures of the head (429/503 with Retry-After do not count): the head's next try is
   * attempt `head_failures + 1` of the schedule, the number the dashboard shows ("n of 10").
   */
  head_failures: number;
  next_attempt_at?: string;
  /** Receipt handles of the lane's messages waiting for the head's next attempt ("retry now" makes them visible). */
  waiting_receipts?: string[];
  /** When an attempt last succeeded (the endpoint's health). */
  last_success_at?: string;
  failing_since?: string;
  /** Which failure warnings were sent in this failing streak (seconds thresholds). */
  warned: number[];
  /** Set when deliveries were cancelled because the endpoint was disabled. */
  paused?: boolean;
}

export function emptyLane(endpointId: string): LaneState {
  return { endpoint_id: endpointId, head_failures: 0, warned: [] };
}

export async function readLane(endpointId: string): Promise<LaneState | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: webhookLaneKey(endpointId), ConsistentRead: true }));
  if (!res.Item) return undefined;
  return { ...emptyLane(endpointId), ...recordOf<Partial<LaneState>>(res.Item) } as LaneState;
}

/** One writer per lane at a time (the FIFO group has one message in flight), so a plain put (lane-writes.ts). */
export function laneItem(lane: LaneState): Record<string, unknown> {
  return { ...webhookLaneKey(lane.endpoint_id), entity: 'webhook_lane', ...lane };
}

/** Move the cursor past an event that is finished with (acknowledged, given up, cancelled). */
export function advance(lane: LaneState, seq: number, createdAt: string): void {
  if (lane.last_seq === undefined || seq > lane.last_seq) {
    lane.last_seq = seq;
    lane.last_created_at = createdAt;
  }
}

export function clearHead(lane: LaneState): void {
  lane.head = undefined;
  lane.head_event_id = undefined;
  lane.head_failures = 0;
  lane.next_attempt_at = undefined;
  lane.waiting_receipts = undefined;
}
