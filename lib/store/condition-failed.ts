/**
 * True when DynamoDB refused a write because a condition of its own failed: a single-item write's
 * `ConditionalCheckFailedException`, or a transaction cancelled because the condition of its action at
 * `index` failed (any action's, when no index is given). The one place that knows how DynamoDB says
 * so; a refusal for a passing reason (a conflict, a throttle) is not this (lib/store/transient.ts).
 */
export function isConditionFailed(error: unknown, index?: number): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | undefined;
  if (e?.name === 'ConditionalCheckFailedException') return true;
  if (e?.name !== 'TransactionCanceledException') return false;
  const reasons = e.CancellationReasons ?? [];
  return index === undefined
    ? reasons.some((r) => r?.Code === 'ConditionalCheckFailed')
    : reasons[index]?.Code === 'ConditionalCheckFailed';
}

/** The code DynamoDB gives a transaction's action whose condition failed (`CancellationReasons[i].Code`). */
export const CONDITION_FAILED_REASON = 'ConditionalCheckFailed';
