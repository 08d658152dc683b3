import { tableName } from '../client';
import { defineEntity, UNSCOPED } from '../entity';
import { allOf } from '../expression';
import { webhookLaneKey } from '../keys';
import { getItem } from '../read-batch';
import { updateItem } from '../single-item';
import { writeBatch } from '../write-batch';

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

/** One writer per lane at a time (the FIFO group has one message in flight), so a plain put (`putLaneItems`). */
const laneEntity = defineEntity<LaneState>({ name: 'webhook_lane', key: (_scope, lane) => webhookLaneKey(lane.endpoint_id) });

export const laneItem = (lane: LaneState): Record<string, unknown> => laneEntity.item(UNSCOPED, lane);

/** laneOfEndpoint (consistent): the cursor, or undefined before the endpoint's first delivery. */
export async function laneOf(endpointId: string): Promise<LaneState | undefined> {
  const item = await getItem(tableName(), webhookLaneKey(endpointId), { consistent: true });
  return item ? ({ ...emptyLane(endpointId), ...laneEntity.record(item) } as LaneState) : undefined;
}

/**
 * "Retry now": the head's next attempt made due at `at`, only while the lane still waits on that head
 * at that time (an attempt, or the lane moving on, in between makes it false).
 */
export async function makeHeadDue(endpointId: string, head: string, nextAttemptAt: string, at: string): Promise<boolean> {
  const done = await updateItem(
    webhookLaneKey(endpointId),
    laneEntity.update({ set: { next_attempt_at: at } }),
    allOf(laneEntity.where.equals('head', head), laneEntity.where.equals('next_attempt_at', nextAttemptAt)),
  );
  return done !== undefined;
}

/**
 * The lanes' and attempts' items of a signer's batch, 25 per BatchWriteItem, retrying what DynamoDB
 * left unprocessed (lib/webhooks/lane/lane-writes.ts collects them).
 */
export async function putLaneItems(items: Record<string, unknown>[]): Promise<void> {
  await writeBatch(items.map((put) => ({ put })));
}
