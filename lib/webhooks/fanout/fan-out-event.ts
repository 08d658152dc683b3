import { eventIdOfKey } from '../../store/keys';
import { listEndpointsOfPartner, type WebhookEndpoint } from '../endpoints';
import { endpointWantsEvent } from '../delivery/endpoint-wants-event';
import { carried, type LaneMessage } from '../lane/lane-message';
import type { Mode } from '../../scope';

/** The event item fields the fan-out reads (lib/event-log/sequence.ts writes them). */
export interface EventItem {
  entity: 'event';
  pk: string;
  sk: string;
  /** Set once the fan-out handed the event to its lanes (lib/store/entities/event-fan-out.ts). */
  fanned_out_at?: string;
  partner_id: string;
  mode: Mode;
  type: string;
  created_at: string;
  seq_all: number;
  payload: string;
}

/**
 * One message per enabled endpoint of the event's partner AND mode whose filter takes the type (spec,
 * Delivery; tenancy: a test event never reaches a live endpoint, one partner's never another's).
 * `endpointsOf` caches the partner's endpoints for one batch of stream records.
 */
export async function laneMessagesForEvent(
  item: EventItem,
  endpointsOf: (partnerId: string) => Promise<WebhookEndpoint[]>,
): Promise<LaneMessage[]> {
  const endpoints = await endpointsOf(item.partner_id);
  const eventId = eventIdOfKey(item);
  return endpoints
    .filter((e) => e.partner_id === item.partner_id && e.mode === item.mode && e.status === 'enabled' && endpointWantsEvent(e, item))
    .map((e) => ({
      kind: 'event' as const,
      partner_id: item.partner_id,
      mode: item.mode,
      endpoint_id: e.id,
      event_id: eventId,
      seq: item.seq_all,
      created_at: item.created_at,
      ...carried(item.type, item.payload),
    }));
}

/** Per-batch memo of each partner's endpoints. */
export function endpointsMemo(): (partnerId: string) => Promise<WebhookEndpoint[]> {
  const memo = new Map<string, Promise<WebhookEndpoint[]>>();
  return (partnerId) => {
    let hit = memo.get(partnerId);
    if (!hit) {
      hit = listEndpointsOfPartner(partnerId);
      memo.set(partnerId, hit);
    }
    return hit;
  };
}
