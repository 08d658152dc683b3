import * as z from 'zod';
import { eventItemById } from '../../event-log/event-reads';
import { cursorParam, limitParam } from '../../paging/list-query';
import { resourceMissing } from '../../errors';
import { modeOf } from '../../scope';
import { endpointById } from '../endpoints';
import { listAttempts, type AttemptRecord } from '../lane/attempt-log';
import { idParam } from '../../input/id-param';

/** Path and bodies of the dashboard's delivery actions (docs/api.md). */
export const endpointIdParams = z.strictObject({ id: idParam('webhookEndpoint', 'webhook endpoint') });
export const resendBody = z.strictObject({ event_id: idParam('event', 'event', 'from GET /v1/events or the endpoint’s attempts') });
export const recoverBody = z.strictObject({ since: z.iso.datetime({ offset: true }) });
/** An attempt's place in its endpoint's log (`<attempted_at>#<event id>#<attempt>`), base64url: the page cursor. */
const ATTEMPT_KEY = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#evt_[0-9A-Za-z]+#\d{4}$/;
const attemptCursor = cursorParam(200, (text) => (ATTEMPT_KEY.test(text) ? text : undefined));
export const attemptsQuery = z.strictObject({ limit: limitParam, after: attemptCursor.optional() });

/** The cursor of the page after the one that ended at `key`. */
export const attemptsCursor = (key: string) => Buffer.from(key, 'utf8').toString('base64url');

/**
 * GET …/attempts: the endpoint's delivery attempts, newest first, a page at a time (`after` = the
 * previous page's `next_cursor`); another partner's endpoint is missing.
 */
export async function attemptsOfEndpoint(
  partnerId: string,
  endpointId: string,
  limit = 100,
  after?: string,
): Promise<{ object: 'list'; items: AttemptRecord[]; has_more: boolean; next_cursor: string | null }> {
  if (!(await endpointById(partnerId, endpointId))) throw resourceMissing('webhook endpoint', endpointId);
  const page = await listAttempts(endpointId, limit, after);
  return {
    object: 'list',
    items: page.items,
    has_more: page.next !== undefined,
    next_cursor: page.next ? attemptsCursor(page.next) : null,
  };
}

/** One event's attempts on the endpoint page: the event's type and payload, its attempts newest first. */
export interface DeliveryGroup {
  event_id: string;
  event_type: string | null;
  /** The event as delivered (its stored JSON, indented); null if it is no longer in the log. */
  payload: string | null;
  attempts: AttemptRecord[];
}

/**
 * The endpoint page's deliveries: a page of attempts (newest first) grouped by event, in the order
 * each event's newest attempt appears, with each event's payload from the log (the endpoint's mode).
 */
export async function deliveriesOfEndpoint(
  partnerId: string,
  endpointId: string,
  limit: number,
  after?: string,
  /** The endpoint as the caller has just read it for this partner (its page): not read again. */
  known?: { livemode: boolean },
): Promise<{ groups: DeliveryGroup[]; next_cursor: string | null }> {
  const endpoint = known ? { mode: modeOf(known.livemode) } : await endpointById(partnerId, endpointId);
  if (!endpoint) throw resourceMissing('webhook endpoint', endpointId);
  const page = await listAttempts(endpointId, limit, after);
  const groups = new Map<string, DeliveryGroup>();
  for (const a of page.items) {
    const group = groups.get(a.event_id) ?? { event_id: a.event_id, event_type: a.event_type, payload: null, attempts: [] };
    group.event_type ??= a.event_type;
    group.attempts.push(a);
    groups.set(a.event_id, group);
  }
  const scope = { partnerId, mode: endpoint.mode };
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const item = await eventItemById(scope, group.event_id, { consistent: false });
      if (!item) return;
      group.event_type ??= item.type as string;
      group.payload = JSON.stringify(JSON.parse(item.payload as string), null, 2);
    }),
  );
  return { groups: [...groups.values()], next_cursor: page.next ? attemptsCursor(page.next) : null };
}
