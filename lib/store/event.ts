import type { EventType } from '../resources/event';
/** The spec's Event resource: exactly these fields, nothing else. */
export interface ApiEvent {
  object: 'event';
  id: string;
  type: string;
  company_id?: string;
  /** `previous_attributes` on change events only (lib/resources/previous-attributes.ts). */
  data: { object: Record<string, unknown> & { object: string }; previous_attributes?: Record<string, unknown> };
  livemode: boolean;
  timestamp: string;
  created_at: string;
}

/** What an operation hands to `WriteSet.recordEvent`; ids, sequences and `created_at` come at commit. */
export interface PendingEvent {
  /** One of the catalog's types (lib/resources/event.ts, the OpenAPI document's `webhooks`): the compiler holds every recorded type to it. */
  type: EventType;
  companyId?: string;
  /** The resource snapshot, tagged by its own `object` (company snapshots omit `open_requirements`). */
  resource: Record<string, unknown> & { object: string };
  /**
   * A change event's `data.previous_attributes`: the fields of `resource` the change moved, with their
   * values before it (lib/resources/previous-attributes.ts). Required on change events, absent on others.
   */
  previous?: Record<string, unknown>;
  /** When the fact occurred, if it differs from when it is recorded (e.g. `company.incorporated`). */
  timestamp?: string;
}

/** An event as committed: the API object plus its place in each stream it belongs to. */
export interface CommittedEvent {
  event: ApiEvent;
  /** Dense per-stream sequence numbers: `all`, the type's, the company's, the company+type's. */
  seq: { all: number; type: number; company?: number; companyType?: number };
}
