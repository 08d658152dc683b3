import { tableName } from '../../store/client';
import { queryPages } from '../../store/query-all';
import { eventStreams } from '../../store/keys';
import { endpointWantsEvent } from '../delivery/endpoint-wants-event';
import { carried, type LaneMessage } from '../lane/lane-message';
import { sendLaneMessages } from '../queue/send-lane-messages';
import { enabledEndpoint } from './resend-event';

/** At most this many events per recover call; a partner recovers a longer outage in steps (`since` = the last one's created_at). */
export const MAX_RECOVER_EVENTS = 10_000;

/**
 * Dashboard "recover": re-deliver, in order, every event of the endpoint's mode that its filter takes,
 * created at or after `since` (after an outage, or after re-enabling a disabled endpoint). Each goes
 * on the endpoint's FIFO lane as a resend, oldest first, so the lane delivers them in `created_at`
 * order behind anything already queued.
 */
export async function recoverEvents(partnerId: string, endpointId: string, since: string): Promise<{ endpoint_id: string; since: string; events: number }> {
  const endpoint = await enabledEndpoint(partnerId, endpointId);
  const scope = { partnerId, mode: endpoint.mode };
  const messages: LaneMessage[] = [];
  const pages = queryPages({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :since',
    ExpressionAttributeValues: { ':pk': eventStreams.all(scope), ':since': since },
  });
  for await (const page of pages) {
    for (const item of page.items) {
      if (!endpointWantsEvent(endpoint, item.type as string)) continue;
      messages.push({
        kind: 'resend',
        partner_id: partnerId,
        mode: endpoint.mode,
        endpoint_id: endpoint.id,
        event_id: (item.pk as string).split('#').pop()!,
        seq: item.seq_all as number,
        created_at: item.created_at as string,
        ...carried(item.type as string, item.payload as string),
      });
    }
    if (messages.length >= MAX_RECOVER_EVENTS) break;
  }
  const batch = messages.slice(0, MAX_RECOVER_EVENTS);
  await sendLaneMessages(batch);
  return { endpoint_id: endpoint.id, since, events: batch.length };
}
