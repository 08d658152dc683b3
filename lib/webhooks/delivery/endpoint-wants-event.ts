import { EVENT_TYPES } from '../../resources/event';
import type { WebhookEndpoint } from '../endpoints';

/**
 * Which events an endpoint receives: ONE predicate, used by the fan-out, by the lane (the events it
 * fills a gap with), by recover, and by the validation of `enabled_events` (an entry is accepted only
 * if this predicate lets it take some type the service emits), so an accepted filter is exactly what
 * delivery honours (docs/api.md, "Added for the partner experience").
 */

/** The event a dashboard "send test event" records: it goes to the endpoint it names, and to no other. */
export const TEST_EVENT_TYPE = 'webhook_endpoint.test';

/** Every type the service emits, from the one catalog (lib/resources/event.ts). */
export const KNOWN_EVENT_TYPES: readonly string[] = Object.keys(EVENT_TYPES);

/** One entry of `enabled_events`: `*` takes every type, `company.*` every type under `company.`, else the exact type. */
export function selectorTakes(selector: string, type: string): boolean {
  if (selector === '*') return true;
  if (selector.endsWith('.*')) return type.startsWith(selector.slice(0, -1));
  return selector === type;
}

/** An entry that takes at least one type the service emits: what `enabled_events` accepts. */
export const isKnownSelector = (selector: string) => KNOWN_EVENT_TYPES.some((type) => selectorTakes(selector, type));

/** Every accepted wildcard (`company.*`, `company.status.*`, …) and type: the candidates of "did you mean". */
export const SELECTOR_SUGGESTIONS: readonly string[] = [
  ...new Set(
    KNOWN_EVENT_TYPES.flatMap((type) => {
      const parts = type.split('.');
      return [type, ...parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join('.')}.*`)];
    }),
  ),
];

/** The event as the predicate sees it: its type, and its stored JSON (read only for a test event). */
export interface EventForFilter {
  type: string;
  payload?: string;
}

/**
 * Does this endpoint receive this event? A test event goes to the endpoint it names (`data.object.id`)
 * whatever its filter, and to no other; any other event goes where the filter takes its type (an empty
 * `enabled_events` takes every type).
 */
export function endpointWantsEvent(endpoint: Pick<WebhookEndpoint, 'enabled_events'> & { id?: string }, event: EventForFilter): boolean {
  if (event.type === TEST_EVENT_TYPE) return endpoint.id !== undefined && testEventTarget(event.payload) === endpoint.id;
  const wanted = endpoint.enabled_events ?? [];
  if (wanted.length === 0) return true;
  return wanted.some((selector) => selectorTakes(selector, event.type));
}

/** The endpoint a test event is addressed to (its `data.object.id`). */
function testEventTarget(payload: string | undefined): string | undefined {
  if (!payload) return undefined;
  try {
    return (JSON.parse(payload) as { data?: { object?: { id?: unknown } } }).data?.object?.id as string | undefined;
  } catch {
    return undefined;
  }
}
