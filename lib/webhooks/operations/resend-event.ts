import { invalidField, resourceMissing } from '../../errors';
import { eventItemById } from '../../event-log/event-reads';
import { endpointById, type WebhookEndpoint } from '../endpoints';
import { endpointWantsEvent, TEST_EVENT_TYPE } from '../delivery/endpoint-wants-event';
import { sendLaneMessages } from '../queue/send-lane-messages';
import { carried } from '../lane/lane-message';
import { laneShardOf } from '../lane-shards';

/**
 * Dashboard "resend": deliver one event once more, in the lane's order (behind whatever the endpoint
 * has queued). The event must be of the endpoint's mode; another partner's endpoint or event, or the
 * other mode's, is `resource_missing`. It must also be one the endpoint receives (the one delivery
 * predicate, as recover applies it): the lane sends a resend without asking the filter again, so
 * another endpoint's test event or a type outside `enabled_events` would otherwise go out
 * (docs/decisions.md, "The pipeline and why order holds").
 */
export async function resendEvent(
  partnerId: string,
  endpointId: string,
  eventId: string,
): Promise<{ endpoint_id: string; event_id: string }> {
  const endpoint = await enabledEndpoint(partnerId, endpointId);
  const scope = { partnerId, mode: endpoint.mode };
  const item = await eventItemById(scope, eventId);
  if (!item) throw resourceMissing('event', eventId);
  const event = { type: item.type as string, payload: item.payload as string };
  if (!endpointWantsEvent(endpoint, event)) throw notReceivedByEndpoint(endpoint, eventId, event.type);
  await sendLaneMessages(
    [
      {
        kind: 'resend',
        partner_id: partnerId,
        mode: endpoint.mode,
        endpoint_id: endpoint.id,
        event_id: eventId,
        seq: item.seq_all as number,
        created_at: item.created_at as string,
        ...carried(item.type as string, item.payload as string),
      },
    ],
    () => laneShardOf(endpoint),
  );
  return { endpoint_id: endpoint.id, event_id: eventId };
}

/** The refusal of a resend the endpoint would never have been sent: why, and what to do instead. */
function notReceivedByEndpoint(endpoint: WebhookEndpoint, eventId: string, type: string) {
  if (type === TEST_EVENT_TYPE)
    return invalidField(
      '$.event_id',
      `Event ${eventId} is a test event of another endpoint: a test event goes only to the endpoint it names.`,
      `Send this endpoint a test event of its own: POST /dashboard/api/webhook-endpoints/${endpoint.id}/test.`,
      'state',
    );
  return invalidField(
    '$.event_id',
    `The endpoint does not receive ${type} events (enabled_events: ${JSON.stringify(endpoint.enabled_events ?? [])}).`,
    `Add "${type}" to the endpoint's enabled_events (PATCH /dashboard/api/webhook-endpoints/${endpoint.id}), then resend.`,
    'state',
  );
}

/** The endpoint, which must be this partner's and enabled (a disabled endpoint's deliveries are cancelled). */
export async function enabledEndpoint(partnerId: string, endpointId: string): Promise<WebhookEndpoint> {
  const endpoint = await endpointById(partnerId, endpointId);
  if (!endpoint) throw resourceMissing('webhook endpoint', endpointId);
  if (endpoint.status !== 'enabled') {
    throw invalidField(
      '$.id',
      'The endpoint is disabled.',
      'Enable the endpoint first (POST …/enable), then resend, recover, test or retry.',
      'state',
    );
  }
  return endpoint;
}
