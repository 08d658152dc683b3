import { GetCommand } from '../../store/dynamodb';
import { invalidField, resourceMissing } from '../../errors';
import { db, tableName } from '../../store/client';
import { eventKey } from '../../store/keys';
import { readEndpoint, type EndpointRecord } from '../delivery/endpoint-record';
import { sendLaneMessages } from '../queue/send-lane-messages';
import { carried } from '../lane/lane-message';
import { laneShardOf } from '../lane-shards';

/**
 * Dashboard "resend": deliver one event once more, in the lane's order (behind whatever the endpoint
 * has queued). The event must be of the endpoint's mode; another partner's endpoint or event, or the
 * other mode's, is `resource_missing`.
 */
export async function resendEvent(
  partnerId: string,
  endpointId: string,
  eventId: string,
): Promise<{ endpoint_id: string; event_id: string }> {
  const endpoint = await enabledEndpoint(partnerId, endpointId);
  const scope = { partnerId, mode: endpoint.mode };
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: eventKey(scope, eventId), ConsistentRead: true }));
  if (!res.Item) throw resourceMissing('event', eventId);
  await sendLaneMessages(
    [
      {
        kind: 'resend',
        partner_id: partnerId,
        mode: endpoint.mode,
        endpoint_id: endpoint.id,
        event_id: eventId,
        seq: res.Item.seq_all as number,
        created_at: res.Item.created_at as string,
        ...carried(res.Item.type as string, res.Item.payload as string),
      },
    ],
    () => laneShardOf(endpoint),
  );
  return { endpoint_id: endpoint.id, event_id: eventId };
}

/** The endpoint, which must be this partner's and enabled (a disabled endpoint's deliveries are cancelled). */
export async function enabledEndpoint(partnerId: string, endpointId: string): Promise<EndpointRecord> {
  const endpoint = await readEndpoint(partnerId, endpointId);
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
