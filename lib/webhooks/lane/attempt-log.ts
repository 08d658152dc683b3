import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../store/client';
import { webhookAttemptKey, webhookAttemptsPartition } from '../../store/keys';
import { TTL_ATTRIBUTE } from '../../store/table-definition';
import { deliverySettings } from '../delivery/delivery-settings';
import { maxAttempts } from '../delivery/retry-schedule';

/**
 * One delivery attempt as the dashboard lists it (../shared/API-SURFACE.md):
 * `outcome` is `succeeded`, `failed` (will be retried), `deferred` (429/503 Retry-After honoured, no
 * attempt of the schedule spent), `given_up` (the schedule is spent; the lane moved on) or `disabled`
 * (410 Gone, or failing for days: the endpoint was disabled). `error` names why it failed:
 * `http_status`, `redirect_not_followed`, `timeout`, `connection_error`, `unsafe_url`, `retry_after`.
 */
export interface AttemptRecord {
  event_id: string;
  /** Null on attempts recorded before the type was kept. */
  event_type: string | null;
  /** The schedule's attempt (1…max_attempts) this try spent; a `deferred` try spent none and shows the next one's number. */
  attempt: number;
  max_attempts: number;
  status_code: number | null;
  /** The first bytes of the answer's body (RESPONSE_PREVIEW_BYTES), as text; null without an answer. */
  response_body: string | null;
  outcome: 'succeeded' | 'failed' | 'deferred' | 'given_up' | 'disabled';
  duration_ms: number;
  error: string | null;
  attempted_at: string;
  next_attempt_at: string | null;
}

/** Attempts are kept 30 days, well past the retry horizon. */
const KEEP_SECONDS = 30 * 24 * 3600;

export function attemptItem(endpointId: string, attempt: AttemptRecord): Record<string, unknown> {
  return {
    ...webhookAttemptKey(endpointId, attempt.attempted_at, attempt.event_id, attempt.attempt),
    entity: 'webhook_attempt',
    endpoint_id: endpointId,
    ...attempt,
    [TTL_ATTRIBUTE]: Math.floor(Date.parse(attempt.attempted_at) / 1000) + KEEP_SECONDS,
  };
}

/** A page of attempts, newest first; `next` (the last item's sort key) continues after it. */
export async function listAttempts(endpointId: string, limit = 100, after?: string): Promise<{ items: AttemptRecord[]; next?: string }> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': webhookAttemptsPartition(endpointId) },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: after ? { pk: webhookAttemptsPartition(endpointId), sk: after } : undefined,
    }),
  );
  const items = (res.Items ?? []).map((i) => ({
    event_id: i.event_id,
    event_type: i.event_type ?? null,
    attempt: i.attempt,
    max_attempts: i.max_attempts ?? maxAttempts(deliverySettings()),
    status_code: i.status_code ?? null,
    response_body: i.response_body ?? null,
    outcome: i.outcome,
    duration_ms: i.duration_ms,
    error: i.error ?? null,
    attempted_at: i.attempted_at,
    next_attempt_at: i.next_attempt_at ?? null,
  }));
  return { items, next: res.LastEvaluatedKey ? (res.LastEvaluatedKey.sk as string) : undefined };
}
