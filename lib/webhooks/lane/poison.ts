/**
 * How long a message the signer cannot settle may hold its place, and how a message it keeps waiting
 * on purpose is kept from looking like one (docs/capacity.md, "Poison messages").
 *
 * SQS moves a message to the lane's DLQ when it is received more than MAX_RECEIVES times. A message
 * is received again after its visibility timeout when the signer crashed or timed out on it (the
 * queue's 540 s), or after the wait the signer set: UNEXPECTED_FAILURE_WAITS_SECONDS when its handling
 * threw (a DynamoDB outage, a bug on an unusual event). Either way it reaches the DLQ within the hour
 * (6 × 540 s = 54 min; 60 + 120 + 300 + 600 + 900 + 1,200 s = 53 min), and the endpoint's later
 * deliveries go on in order behind its cursor.
 *
 * The signer also holds messages on purpose: behind a failing endpoint's head, for hours to days (the
 * retry schedule, `Retry-After`, a wait over SQS's 12 h). Each of those receipts counts too, so a
 * message it keeps waiting is RENEWED once received RENEW_AT_RECEIVE times: sent again to its group
 * (its copy starts at 0 receipts) and the old one deleted. The lane's cursor, not a message, decides
 * what is delivered next, so a wake-up message's place in its group does not change the order.
 */
export const MAX_RECEIVES = 6;

/** A message waited on purpose this many receipts is sent again instead of being made visible later. */
export const RENEW_AT_RECEIVE = MAX_RECEIVES - 1;

/** The wait after the n-th receipt whose handling failed unexpectedly (n from 1); the last repeats. */
export const UNEXPECTED_FAILURE_WAITS_SECONDS = [60, 120, 300, 600, 900, 1200];

/** The wait before a message whose handling threw on its `receiveCount`-th receipt is tried again. */
export function unexpectedFailureWait(receiveCount: number): number {
  const i = Math.min(Math.max(1, receiveCount), UNEXPECTED_FAILURE_WAITS_SECONDS.length) - 1;
  return UNEXPECTED_FAILURE_WAITS_SECONDS[i];
}
