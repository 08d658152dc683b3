import { webhookAttemptKey, webhookAttemptsPartition } from '../keys';
import { defineEntity, UNSCOPED } from '../entity';
import { queryPage } from '../query';
import { TTL_ATTRIBUTE } from '../table-definition';

/**
 * One delivery attempt as the dashboard lists it (docs/decisions.md, "The attempt list"):
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

/** An attempt's item: attemptsOfEndpoint sorts them by time; TTL removes them after 30 days. */
const attemptEntity = defineEntity<AttemptRecord & { endpoint_id: string }>({
  name: 'webhook_attempt',
  key: (_scope, a) => webhookAttemptKey(a.endpoint_id, a.attempted_at, a.event_id, a.attempt),
  extra: (a) => ({ [TTL_ATTRIBUTE]: Math.floor(Date.parse(a.attempted_at) / 1000) + KEEP_SECONDS }),
  internal: [TTL_ATTRIBUTE, 'endpoint_id'],
});

export function attemptItem(endpointId: string, attempt: AttemptRecord): Record<string, unknown> {
  return attemptEntity.item(UNSCOPED, { endpoint_id: endpointId, ...attempt });
}

/**
 * An attempt's record, its fields in the order the dashboard shows them; fields items stored before
 * they were kept lack are null, and `maxAttempts` (the schedule's now) stands in for their `max_attempts`.
 */
function recordOfItem(i: Record<string, unknown>, maxAttempts: number): AttemptRecord {
  const r: Partial<AttemptRecord> = attemptEntity.record(i);
  return {
    event_id: r.event_id!,
    event_type: r.event_type ?? null,
    attempt: r.attempt!,
    max_attempts: r.max_attempts ?? maxAttempts,
    status_code: r.status_code ?? null,
    response_body: r.response_body ?? null,
    outcome: r.outcome!,
    duration_ms: r.duration_ms!,
    error: r.error ?? null,
    attempted_at: r.attempted_at!,
    next_attempt_at: r.next_attempt_at ?? null,
  };
}

/** Where a page of an endpoint's attempts stops: its last item's sort key. */
const startAfter = (endpointId: string, sk: string | undefined) => (sk ? { pk: webhookAttemptsPartition(endpointId), sk } : undefined);

/** attemptsOfEndpoint: a page, newest first; `next` (the last item's sort key) continues after it. */
export async function attemptsOfEndpoint(
  endpointId: string,
  options: { limit: number; after?: string; maxAttempts: number },
): Promise<{ items: AttemptRecord[]; next?: string }> {
  const page = await queryPage({
    partition: webhookAttemptsPartition(endpointId),
    newestFirst: true,
    limit: options.limit,
    after: startAfter(endpointId, options.after),
  });
  return { items: page.items.map((i) => recordOfItem(i, options.maxAttempts)), next: page.next?.sk as string | undefined };
}

/**
 * One page of an endpoint's attempts at or after `from` (oldest first) that are `eventId`'s, read `limit`
 * at a time: `scanned` says how many were read to find them.
 */
export async function attemptsOfEventPage(
  endpointId: string,
  options: { eventId: string; from: string; after?: string; limit: number; maxAttempts: number },
): Promise<{ items: AttemptRecord[]; scanned: number; next?: string }> {
  const page = await queryPage({
    partition: webhookAttemptsPartition(endpointId),
    sortKey: { from: options.from },
    filter: attemptEntity.where.equals('event_id', options.eventId),
    after: startAfter(endpointId, options.after),
    limit: options.limit,
  });
  return {
    items: page.items.map((i) => recordOfItem(i, options.maxAttempts)),
    scanned: page.scanned,
    next: page.next?.sk as string | undefined,
  };
}

/** The outcomes alone of a page of an endpoint's attempts at or after `since`. */
export async function attemptOutcomesPage(
  endpointId: string,
  options: { since: string; after?: string },
): Promise<{ outcomes: AttemptRecord['outcome'][]; next?: string }> {
  const page = await queryPage({
    partition: webhookAttemptsPartition(endpointId),
    sortKey: { from: options.since },
    attributes: ['outcome'],
    after: startAfter(endpointId, options.after),
  });
  return { outcomes: page.items.map((i) => i.outcome as AttemptRecord['outcome']), next: page.next?.sk as string | undefined };
}
