import { eventIdOfKey } from '../../store/keys';
import { ApiError } from '../../errors';
import { endpointById } from '../endpoints';
import { createHash } from 'node:crypto';
import { addRecoverOfEndpoint } from '../../store/entities/webhook-endpoint';
import { addRecoverClaims, recoverClaimsOf } from '../../store/entities/recover-claim';
import { WriteSet } from '../../store/write-set';
import { sendWriteSet } from '../../store/transaction';
import { tableName } from '../../store/client';
import { type AuditAct, commitAudited } from '../../audit/record';
import { indexShards } from '../../event-log/index-shards';
import { partnerStreamSince } from '../../event-log/event-reads';
import type { Scope } from '../../scope';
import { endpointWantsEvent } from '../delivery/endpoint-wants-event';
import { carried, type LaneMessage } from '../lane/lane-message';
import { sendLaneMessages } from '../queue/send-lane-messages';
import { enabledEndpoint } from './resend-event';
import { laneShardOf } from '../lane-shards';
import { realNowMs } from '../../clock';

/** At most this many events per recover call; a partner recovers a longer outage in steps (`since` = the last one's created_at). */
export const MAX_RECOVER_EVENTS = 10_000;

/** One recover per endpoint, and per endpoint URL, this often (docs/guide/security.md). */
export const RECOVER_INTERVAL_MS = 10 * 60 * 1000;

/**
 * At most this many recovers per partner and mode in one hour (UTC), whatever its endpoints and
 * URLs: with the cap per recover, what one partner's recovers can queue in an hour is bounded
 * (200,000 events) however often it deletes and makes endpoints again.
 */
export const MAX_RECOVERS_PER_HOUR = 20;

/** The recover rule in the words the guide (docs/guide/security.md), the endpoint's page and the refusal all use. */
export const RECOVER_RULE = `one recover per endpoint and per endpoint URL every ${RECOVER_INTERVAL_MS / 60_000} minutes, at most ${MAX_RECOVERS_PER_HOUR} per partner and mode an hour, each at most ${MAX_RECOVER_EVENTS.toLocaleString('en-US')} events`;

const HOUR_MS = 3600 * 1000;

function recoverRefused(detail: string, retryAfterSeconds: number, howToFix: string): ApiError {
  return new ApiError(
    'rate_limit',
    `${detail}; retry in ${retryAfterSeconds} seconds.`,
    [{ reason: RECOVER_RULE, validation_type: 'custom', how_to_fix: howToFix }],
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

const secondsUntil = (ms: number, at: number) => Math.max(1, Math.ceil((ms - at) / 1000));

function recoveredTooSoon(lastMs: number, at: number): ApiError {
  return recoverRefused(
    `This endpoint, or another at its URL, was recovered less than ${RECOVER_INTERVAL_MS / 60_000} minutes ago`,
    secondsUntil(lastMs + RECOVER_INTERVAL_MS, at),
    'Wait for the deliveries the last recover queued (the endpoint page lists them), then recover from where they end.',
  );
}

function hourFull(hour: number, at: number): ApiError {
  return recoverRefused(
    `This partner's ${MAX_RECOVERS_PER_HOUR} recovers of this mode in this hour are taken`,
    secondsUntil((hour + 1) * HOUR_MS, at),
    'Recover the endpoints still waiting in the next hour; each recover takes up to 10,000 events, so use an earlier since for fewer calls.',
  );
}

/**
 * What a recover is counted on: its URL without query or fragment (the scheme, host and port as the
 * URL parser writes them, and the path), hashed. A query string does not make a URL new.
 */
export function recoverUrlHash(url: string): string {
  const parsed = new URL(url);
  return createHash('sha256').update(`${parsed.origin}${parsed.pathname}`).digest('hex');
}

/**
 * Dashboard "recover": re-deliver, in order, every event of the endpoint's mode that its filter takes,
 * created at or after `since` (after an outage, or after re-enabling a disabled endpoint). Each goes
 * on the endpoint's FIFO lane as a resend, oldest first, so the lane delivers them in `created_at`
 * order behind anything already queued.
 *
 * Its turn is taken on the endpoint, on the endpoint's URL and on the partner's hour in one
 * transaction (with `audit`'s entries, when given: lib/audit/record.ts), after the events are read
 * and before any is queued; a turn that is plainly taken is refused before the read.
 */
export async function recoverEvents(
  partnerId: string,
  endpointId: string,
  since: string,
  audit?: (events: number, livemode: boolean) => AuditAct[],
): Promise<{ endpoint_id: string; since: string; events: number }> {
  const endpoint = await enabledEndpoint(partnerId, endpointId);
  const at = realNowMs();
  const hour = Math.floor(at / HOUR_MS);
  const urlHash = recoverUrlHash(endpoint.url);
  const notAfter = new Date(at - RECOVER_INTERVAL_MS).toISOString();
  const claims = await recoverClaimsOf(partnerId, endpoint.mode, urlHash, hour);
  const last = [(await endpointById(partnerId, endpointId))?.last_recovered_at, claims.urlLastRecoveredAt]
    .filter((t): t is string => !!t && t > notAfter)
    .sort()
    .pop();
  if (last) throw recoveredTooSoon(Date.parse(last), at);
  if (claims.recoversThisHour >= MAX_RECOVERS_PER_HOUR) throw hourFull(hour, at);

  const batch = await messagesSince(partnerId, endpoint, since);
  const scope = { partnerId, mode: endpoint.mode };
  const claim = (ws: WriteSet) => {
    const atIso = new Date(at).toISOString();
    // A recover that won the turn meanwhile took it at about `at`.
    addRecoverOfEndpoint(ws, partnerId, endpointId, atIso, notAfter, () => recoveredTooSoon(at, at));
    addRecoverClaims(
      ws,
      {
        partnerId,
        mode: endpoint.mode,
        urlHash,
        hour,
        at: new Date(at),
        notAfter,
        perHour: MAX_RECOVERS_PER_HOUR,
        intervalMs: RECOVER_INTERVAL_MS,
      },
      { urlTooSoon: () => recoveredTooSoon(at, at), hourFull: () => hourFull(hour, at) },
    );
  };
  if (audit)
    await commitAudited(scope, (ws) => {
      claim(ws);
      return { value: undefined, acts: audit(batch.length, endpoint.mode === 'live') };
    });
  else {
    const ws = new WriteSet(scope, tableName());
    claim(ws);
    await sendWriteSet(ws);
  }
  await sendLaneMessages(batch, () => laneShardOf(endpoint));
  return { endpoint_id: endpoint.id, since, events: batch.length };
}

/** The lane messages of a recover: the events since `since` the endpoint takes, oldest first, at most MAX_RECOVER_EVENTS. */
async function messagesSince(
  partnerId: string,
  endpoint: Awaited<ReturnType<typeof enabledEndpoint>>,
  since: string,
): Promise<LaneMessage[]> {
  const scope = { partnerId, mode: endpoint.mode };
  // The partner's stream over its shards (lib/event-log/index-shards.ts), each read up to the cap, then
  // merged by sort key (created_at, then seq_all) and cut at the cap.
  const shards = await Promise.all(Array.from({ length: indexShards() }, (_, shard) => eventsSince(scope, shard, since)));
  // A shard read up to the cap may hold more after its last key: nothing past that key is taken from any shard.
  const cut = shards
    .filter((items) => items.length >= MAX_RECOVER_EVENTS)
    .map((items) => sortKeyOf(items[items.length - 1]))
    .sort()[0];
  const items = shards
    .flat()
    .filter((item) => cut === undefined || sortKeyOf(item) <= cut)
    .sort((a, b) => (sortKeyOf(a) < sortKeyOf(b) ? -1 : sortKeyOf(a) > sortKeyOf(b) ? 1 : 0));
  const messages: LaneMessage[] = [];
  for (const item of items) {
    if (!endpointWantsEvent(endpoint, { type: item.type as string, payload: item.payload as string })) continue;
    messages.push({
      kind: 'resend',
      partner_id: partnerId,
      mode: endpoint.mode,
      endpoint_id: endpoint.id,
      event_id: eventIdOfKey(item),
      seq: item.seq_all as number,
      created_at: item.created_at as string,
      ...carried(item.type as string, item.payload as string),
    });
  }
  return messages.slice(0, MAX_RECOVER_EVENTS);
}

/** One shard's events from `since` on, oldest first, at most MAX_RECOVER_EVENTS (read page by page until then). */
async function eventsSince(scope: Scope, shard: number, since: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const page of partnerStreamSince(scope, shard, since)) {
    out.push(...page.items);
    if (out.length >= MAX_RECOVER_EVENTS) break;
  }
  return out;
}

/** An event item's place in the partner's stream (`<created_at>#<seq_all>`). */
const sortKeyOf = (item: Record<string, unknown>) => item.gsi1sk as string;
