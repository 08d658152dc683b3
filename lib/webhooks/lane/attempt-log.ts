import { QueryCommand } from '../../store/dynamodb';
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

function recordOfItem(i: Record<string, unknown>): AttemptRecord {
  return {
    event_id: i.event_id as string,
    event_type: (i.event_type as string | undefined) ?? null,
    attempt: i.attempt as number,
    max_attempts: (i.max_attempts as number | undefined) ?? maxAttempts(deliverySettings()),
    status_code: (i.status_code as number | undefined) ?? null,
    response_body: (i.response_body as string | undefined) ?? null,
    outcome: i.outcome as AttemptRecord['outcome'],
    duration_ms: i.duration_ms as number,
    error: (i.error as string | undefined) ?? null,
    attempted_at: i.attempted_at as string,
    next_attempt_at: (i.next_attempt_at as string | undefined) ?? null,
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
  const items = (res.Items ?? []).map(recordOfItem);
  return { items, next: res.LastEvaluatedKey ? (res.LastEvaluatedKey.sk as string) : undefined };
}

/** Most attempts read when looking for one event's (an event's tries all fall within days of it). */
const MAX_SCANNED_FOR_EVENT = 2000;

/**
 * One event's attempts on one endpoint, newest first: the endpoint's attempts from the event's
 * creation on (they sort by time), kept where they are that event's.
 */
export async function attemptsOfEvent(endpointId: string, eventId: string, createdAt: string): Promise<AttemptRecord[]> {
  const out: AttemptRecord[] = [];
  let after: string | undefined;
  for (let scanned = 0; scanned < MAX_SCANNED_FOR_EVENT; ) {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk >= :from',
        FilterExpression: 'event_id = :event',
        ExpressionAttributeValues: { ':pk': webhookAttemptsPartition(endpointId), ':from': createdAt, ':event': eventId },
        ExclusiveStartKey: after ? { pk: webhookAttemptsPartition(endpointId), sk: after } : undefined,
        Limit: 500,
      }),
    );
    out.push(...(res.Items ?? []).map(recordOfItem));
    scanned += res.ScannedCount ?? 0;
    after = res.LastEvaluatedKey?.sk as string | undefined;
    if (!after) break;
  }
  return out.reverse();
}

/** Attempts of one endpoint since a time, by outcome (at most `cap` read: `capped` says the counts are lower bounds). */
export async function attemptCountsSince(
  endpointId: string,
  since: string,
  cap = 10_000,
): Promise<{ counts: Record<AttemptRecord['outcome'], number>; capped: boolean }> {
  const counts: Record<AttemptRecord['outcome'], number> = { succeeded: 0, failed: 0, deferred: 0, given_up: 0, disabled: 0 };
  let read = 0;
  let after: string | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk >= :since',
        ExpressionAttributeValues: { ':pk': webhookAttemptsPartition(endpointId), ':since': since },
        ExpressionAttributeNames: { '#o': 'outcome' },
        ProjectionExpression: '#o',
        ExclusiveStartKey: after ? { pk: webhookAttemptsPartition(endpointId), sk: after } : undefined,
      }),
    );
    for (const item of res.Items ?? [])
      counts[item.outcome as AttemptRecord['outcome']] = (counts[item.outcome as AttemptRecord['outcome']] ?? 0) + 1;
    read += res.Items?.length ?? 0;
    after = res.LastEvaluatedKey?.sk as string | undefined;
  } while (after && read < cap);
  return { counts, capped: after !== undefined };
}
