import { eventIdOfKey } from '../../store/keys';
import { ApiError } from '../../errors';
import { claimRecover, readEndpoint } from '../delivery/endpoint-record';
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

/** One recover per endpoint this often (docs/guide/security.md): with the cap above, what one endpoint's recovers can queue is bounded. */
export const RECOVER_INTERVAL_MS = 10 * 60 * 1000;

/** The recover rule in the words the guide (docs/guide/security.md), the endpoint's page and the refusal all use. */
export const RECOVER_RULE = `one recover per endpoint every ${RECOVER_INTERVAL_MS / 60_000} minutes, each at most ${MAX_RECOVER_EVENTS.toLocaleString('en-US')} events`;

function recoverTooSoon(retryAfterSeconds: number): ApiError {
  const minutes = RECOVER_INTERVAL_MS / 60_000;
  return new ApiError(
    'rate_limit',
    `This endpoint was recovered less than ${minutes} minutes ago; retry in ${retryAfterSeconds} seconds.`,
    [
      {
        reason: RECOVER_RULE,
        validation_type: 'custom',
        how_to_fix: 'Wait for the deliveries the last recover queued (the endpoint page lists them), then recover from where they end.',
      },
    ],
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * Dashboard "recover": re-deliver, in order, every event of the endpoint's mode that its filter takes,
 * created at or after `since` (after an outage, or after re-enabling a disabled endpoint). Each goes
 * on the endpoint's FIFO lane as a resend, oldest first, so the lane delivers them in `created_at`
 * order behind anything already queued.
 */
export async function recoverEvents(
  partnerId: string,
  endpointId: string,
  since: string,
): Promise<{ endpoint_id: string; since: string; events: number }> {
  const endpoint = await enabledEndpoint(partnerId, endpointId);
  const at = realNowMs();
  if (!(await claimRecover(partnerId, endpointId, at, RECOVER_INTERVAL_MS))) {
    const last = Date.parse((await readEndpoint(partnerId, endpointId))?.last_recovered_at ?? new Date(at).toISOString());
    throw recoverTooSoon(Math.max(1, Math.ceil((last + RECOVER_INTERVAL_MS - at) / 1000)));
  }
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
  const batch = messages.slice(0, MAX_RECOVER_EVENTS);
  await sendLaneMessages(batch, () => laneShardOf(endpoint));
  return { endpoint_id: endpoint.id, since, events: batch.length };
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
