import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../store/client';
import { eventStreams } from '../../store/keys';
import { indexShards } from '../../events/index-shards';
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
  // The partner's stream over its shards (lib/events/index-shards.ts), each read up to the cap, then
  // merged by sort key (created_at, then seq_all) and cut at the cap.
  const shards = await Promise.all(Array.from({ length: indexShards() }, (_, shard) => eventsSince(eventStreams.all(scope, shard), since)));
  // A shard read up to the cap may hold more after its last key: nothing past that key is taken from any shard.
  const cut = shards.filter((items) => items.length >= MAX_RECOVER_EVENTS).map((items) => items[items.length - 1].gsi1sk as string).sort()[0];
  const items = shards
    .flat()
    .filter((item) => cut === undefined || item.gsi1sk <= cut)
    .sort((a, b) => (a.gsi1sk < b.gsi1sk ? -1 : a.gsi1sk > b.gsi1sk ? 1 : 0));
  const messages: LaneMessage[] = [];
  for (const item of items) {
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
  const batch = messages.slice(0, MAX_RECOVER_EVENTS);
  await sendLaneMessages(batch);
  return { endpoint_id: endpoint.id, since, events: batch.length };
}

/** One shard's events from `since` on, oldest first, at most MAX_RECOVER_EVENTS. */
async function eventsSince(pk: string, since: string): Promise<Record<string, any>[]> {
  const out: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :since',
        ExpressionAttributeValues: { ':pk': pk, ':since': since },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []));
    start = out.length >= MAX_RECOVER_EVENTS ? undefined : res.LastEvaluatedKey;
  } while (start);
  return out;
}
