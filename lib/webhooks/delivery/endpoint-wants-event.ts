import type { EndpointRecord } from './endpoint-record';

/**
 * Does this endpoint take events of this type? An empty `enabled_events` takes all; `*` too; and
 * `company.*` takes every type under `company.`.
 */
export function endpointWantsEvent(endpoint: Pick<EndpointRecord, 'enabled_events'>, type: string): boolean {
  const wanted = endpoint.enabled_events ?? [];
  if (wanted.length === 0) return true;
  return wanted.some((w) => w === '*' || w === type || (w.endsWith('.*') && type.startsWith(w.slice(0, -1))));
}
