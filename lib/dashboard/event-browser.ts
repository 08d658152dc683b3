import * as z from 'zod';
import { closest, resourceMissing } from '../errors';
import { cursorParam, limitParam } from '../paging/list-query';
import { idParam } from '../input/id-param';
import type { Mode, Scope } from '../scope';
import type { ApiEvent } from '../store/event';
import { tableName } from '../store/client';
import { EVENT_TYPES, eventCatalogUrl } from '../resources/event';
import { getEvent } from '../events/listing/get-event';
import { eventItemById } from '../event-log/event-reads';
import { listEvents } from '../events/listing/list-events';
import { webhookEndpoints } from '../webhooks/endpoints';
import { attemptsOfEvent, type AttemptRecord } from '../webhooks/lane/attempt-log';

/**
 * The dashboard's events browser (docs/api.md, "Added for the partner experience"): the
 * partner's log in both modes (or one, with `livemode`), searchable by id, type and company, newest
 * first; one event with its payload and, per endpoint of its mode, every delivery attempt. It reads
 * the log through the partner API's own listing (lib/events/listing), one mode at a time, and merges.
 */

const KNOWN_TYPES = Object.keys(EVENT_TYPES);
const MODES: Mode[] = ['test', 'live'];

const eventType = z
  .string()
  .max(100)
  .superRefine((value, ctx) => {
    if (Object.hasOwn(EVENT_TYPES, value)) return;
    ctx.addIssue({
      code: 'custom',
      message: `'${value}' is not an event type the service emits`,
      params: {
        validation_type: 'enum',
        how_to_fix: `Send an event type such as ${closest(value, KNOWN_TYPES)} (the closest to '${value}'); every type is listed at ${eventCatalogUrl()}.`,
      },
    });
  });

/** The cursor of the merged listing: each mode's own cursor (`null`: that mode is exhausted). */
const browserCursor = cursorParam(2000, (text) => {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const ok = Object.keys(parsed).every((k) => (k === 'test' || k === 'live') && (parsed[k] === null || typeof parsed[k] === 'string'));
    return ok ? (parsed as Partial<Record<Mode, string | null>>) : undefined;
  } catch {
    return undefined;
  }
});

export const browseEventsQuery = z.strictObject({
  livemode: z.enum(['true', 'false']).optional(),
  // idParam: a malformed id is told the id's shape with one to copy, as GET /v1/events tells it.
  id: idParam('event', 'event').optional(),
  type: eventType.optional(),
  company_id: idParam('company', 'company').optional(),
  limit: limitParam,
  after: browserCursor.optional(),
});
export type BrowseEventsQuery = z.output<typeof browseEventsQuery>;

const modesOf = (livemode: 'true' | 'false' | undefined): Mode[] =>
  livemode === undefined ? MODES : [livemode === 'true' ? 'live' : 'test'];

const missingAsUndefined = (error: unknown) => {
  if ((error as { code?: string }).code === 'resource_missing') return undefined;
  throw error;
};

/**
 * Lists already newest first (each mode's page, in GET /events' own order: `created_at`, then the log's
 * sequence) merged into one, newest first, each list's order kept: events of one mode that share a
 * timestamp stay in the order the API gives them (a sort by id would shuffle them).
 */
export function mergeNewestFirst<T extends { event: { created_at: string } }>(lists: T[][]): T[] {
  const heads = lists.map(() => 0);
  const out: T[] = [];
  for (;;) {
    let pick = -1;
    for (const [i, list] of lists.entries()) {
      const item = list[heads[i]];
      if (item && (pick < 0 || item.event.created_at > lists[pick][heads[pick]].event.created_at)) pick = i;
    }
    if (pick < 0) return out;
    out.push(lists[pick][heads[pick]++]);
  }
}

/**
 * A page of the partner's events, newest first, over the chosen modes: each mode's listing is read a
 * page past the one shown, the pages are merged by `created_at`, and each mode's cursor moves past exactly what was
 * shown (a mode only partly shown is re-read up to its last shown event for its cursor).
 */
export async function browseEvents(
  partnerId: string,
  query: BrowseEventsQuery,
): Promise<{ object: 'list'; items: ApiEvent[]; has_more: boolean; next_cursor: string | null }> {
  const limit = query.limit ?? 25;
  const modes = modesOf(query.livemode);
  if (query.id) {
    const found = await Promise.all(modes.map((mode) => getEvent({ partnerId, mode }, tableName(), query.id!).catch(missingAsUndefined)));
    const items = found.filter(
      (e): e is ApiEvent => !!e && (!query.type || e.type === query.type) && (!query.company_id || e.company_id === query.company_id),
    );
    return { object: 'list', items, has_more: false, next_cursor: null };
  }
  const filters = { ...(query.type ? { type: query.type } : {}), ...(query.company_id ? { company_id: query.company_id } : {}) };
  const live = modes.filter((m) => query.after?.[m] !== null);
  const pages = await Promise.all(
    live.map(async (mode) => {
      const scope: Scope = { partnerId, mode };
      const after = query.after?.[mode] ?? undefined;
      const page = await listEvents(scope, tableName(), { ...filters, limit, ...(after ? { after } : {}) });
      return { mode, scope, after, page };
    }),
  );
  const merged = mergeNewestFirst(pages.map((p) => p.page.items.map((event) => ({ mode: p.mode, event })))).slice(0, limit);
  const next: Partial<Record<Mode, string | null>> = { ...query.after };
  let more = false;
  for (const { mode, scope, after, page } of pages) {
    const shown = merged.filter((m) => m.mode === mode).length;
    if (shown === page.items.length) {
      next[mode] = page.page.has_next_page ? page.page.end_cursor : null;
    } else {
      more = true;
      if (shown > 0) {
        const upTo = await listEvents(scope, tableName(), { ...filters, limit: shown, ...(after ? { after } : {}) });
        next[mode] = upTo.page.end_cursor;
      }
    }
    if (next[mode] !== null) more ||= page.page.has_next_page;
  }
  for (const mode of MODES) if (!modes.includes(mode)) delete next[mode];
  return {
    object: 'list',
    items: merged.map((m) => m.event),
    has_more: more,
    next_cursor: more ? Buffer.from(JSON.stringify(next), 'utf8').toString('base64url') : null,
  };
}

/** One event's deliveries to one endpoint of its mode. */
export interface EventDelivery {
  endpoint_id: string;
  url: string;
  status: 'enabled' | 'disabled';
  attempts: AttemptRecord[];
}

/**
 * Where an event's attempts start in an endpoint's attempt log, which sorts by real time: when the
 * event was recorded in real time. A test-mode event's `created_at` is its sandbox clock's, which may
 * be months ahead of every attempt. An event stored before items kept `recorded_at`: its `created_at`
 * in live mode (real time); in test mode the oldest attempt kept (attempts live 30 days).
 */
function attemptsFrom(item: Record<string, unknown>, event: ApiEvent): string {
  // The test clock only runs ahead of real time, so `recorded_at` is never after `created_at`.
  if (typeof item.recorded_at === 'string') return item.recorded_at;
  return event.livemode ? event.created_at : '';
}

/** GET /dashboard/api/events/{eventID}: the event (either mode) and, per endpoint of its mode, its attempts (newest first). */
export async function browseEvent(partnerId: string, eventId: string): Promise<ApiEvent & { deliveries: EventDelivery[] }> {
  for (const mode of MODES) {
    const item = await eventItemById({ partnerId, mode }, eventId);
    if (!item) continue;
    const event = JSON.parse(item.payload as string) as ApiEvent;
    const from = attemptsFrom(item, event);
    const endpoints = await webhookEndpoints.listOfPartner(partnerId, mode);
    const deliveries = await Promise.all(
      endpoints.map(async (e) => ({
        endpoint_id: e.id,
        url: e.url,
        status: e.status,
        attempts: await attemptsOfEvent(e.id, event.id, from),
      })),
    );
    return { ...event, deliveries: deliveries.filter((d) => d.attempts.length > 0) };
  }
  throw resourceMissing('event', eventId);
}
