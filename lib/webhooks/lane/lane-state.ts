import { emptyLane, laneItem, laneOf, type LaneState } from '../../store/entities/webhook-lane';

export { emptyLane, laneItem, type LaneState };

/** The endpoint's delivery cursor (lib/store/entities/webhook-lane.ts), or undefined before its first delivery. */
export const readLane = (endpointId: string): Promise<LaneState | undefined> => laneOf(endpointId);

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
