import { tableName } from '../../store/client';
import { eventSortKey } from '../../store/keys';
import type { Scope } from '../../scope';
import { countEvents } from '../../events/listing/count-events';
import { ReadMeter } from '../../events/listing/read-meter';
import { stream } from '../../events/listing/streams';
import type { CountTerm } from '../../events/listing/plan';
import type { WebhookEndpoint } from '../endpoints';
import { KNOWN_EVENT_TYPES, selectorTakes, TEST_EVENT_TYPE } from '../delivery/endpoint-wants-event';
import { readLane, type LaneState } from '../lane/lane-state';

/**
 * An endpoint's delivery health (docs/api.md, "Added for the partner experience"):
 * `disabled` when it receives nothing, `failing` while every attempt since `failing_since` failed
 * (spec, Delivery rule 7), else `healthy`; `queued` is how many events of the log after the lane's
 * cursor the endpoint still has to receive; `next_attempt_at` when its waiting head is tried again.
 */
export interface EndpointHealth {
  state: 'healthy' | 'failing' | 'disabled';
  failing_since: string | null;
  last_success_at: string | null;
  queued: number;
  next_attempt_at: string | null;
}

export async function healthOf(endpoint: WebhookEndpoint): Promise<EndpointHealth> {
  const lane = await readLane(endpoint.id);
  const disabled = endpoint.status !== 'enabled';
  return {
    state: disabled ? 'disabled' : lane?.failing_since ? 'failing' : 'healthy',
    failing_since: lane?.failing_since ?? null,
    last_success_at: lane?.last_success_at ?? null,
    // A disabled endpoint's deliveries are cancelled: nothing is queued for it.
    queued: disabled ? 0 : await queuedFor(endpoint, lane),
    next_attempt_at: disabled ? null : (lane?.next_attempt_at ?? null),
  };
}

/**
 * The events after the lane's cursor (or, for a lane that has not started or was paused, after the
 * endpoint's enable) that its filter takes, counted by the log's own machinery (dense sequences per
 * stream: lib/events/listing/count-events.ts), with no counter of its own to keep in step. Test
 * events are left out (each goes to its own endpoint only, and the type streams cannot tell whose).
 * The indexes are eventually consistent: a count taken mid-write may lag for a moment.
 */
async function queuedFor(endpoint: WebhookEndpoint, lane: LaneState | undefined): Promise<number> {
  const scope: Scope = { partnerId: endpoint.partner_id, mode: endpoint.mode };
  const lo =
    lane?.last_seq !== undefined && lane.last_created_at && !lane.paused
      ? eventSortKey(lane.last_created_at, lane.last_seq + 1)
      : (endpoint.enabled_at ?? endpoint.created_at);
  const wanted = endpoint.enabled_events;
  const all = wanted.length === 0 || wanted.includes('*');
  const terms: CountTerm[] = all
    ? [
        { stream: stream.all(scope), sign: 1 },
        { stream: stream.type(scope, TEST_EVENT_TYPE), sign: -1 },
      ]
    : KNOWN_EVENT_TYPES.filter((type) => type !== TEST_EVENT_TYPE && wanted.some((s) => selectorTakes(s, type))).map((type) => ({
        stream: stream.type(scope, type),
        sign: 1 as const,
      }));
  return countEvents(scope, tableName(), terms, { lo }, new ReadMeter());
}
