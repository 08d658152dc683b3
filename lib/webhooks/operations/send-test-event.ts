import { tableName } from '../../store/client';
import { WriteSet } from '../../store/write-set';
import type { ApiEvent } from '../../store/event';
import { commit } from '../../event-log/commit';
import { TEST_EVENT_TYPE } from '../delivery/endpoint-wants-event';
import { enabledEndpoint } from './resend-event';

/**
 * Dashboard "send test event": records a `webhook_endpoint.test` event in the endpoint's mode of the
 * partner's log (no event exists only as a delivery: it is in GET /events like any other) naming the
 * endpoint; the one delivery predicate sends it to that endpoint alone, through its lane, signed like
 * every delivery (lib/webhooks/delivery/endpoint-wants-event.ts).
 */
export async function sendTestEvent(partnerId: string, endpointId: string): Promise<ApiEvent> {
  const endpoint = await enabledEndpoint(partnerId, endpointId);
  const ws = new WriteSet({ partnerId, mode: endpoint.mode }, tableName()).recordEvent({
    type: TEST_EVENT_TYPE,
    resource: { object: 'webhook_endpoint', id: endpoint.id, url: endpoint.url, livemode: endpoint.mode === 'live' },
  });
  const [committed] = await commit(ws);
  return committed.event;
}
