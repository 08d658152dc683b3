import { realNow } from '../clock';
import { eventCounterStreams, eventKey, eventSortKey, eventStreams } from '../store/keys';
import { EVENT_ENTITY } from '../store/table-definition';
import type { Scope } from '../scope';
import type { ApiEvent, CommittedEvent } from '../store/event';
import { shardOfSequence } from './index-shards';
import { counterItems } from './counters';

/**
 * The counter streams an event belongs to: the partner's whole log, its type, and (when it is about a
 * company) the company and the company+type pair. Each has a counter item holding its latest sequence.
 */
export function counterStreamsOf(e: { type: string; companyId?: string }) {
  return {
    all: eventCounterStreams.all,
    type: eventCounterStreams.type(e.type),
    company: e.companyId ? eventCounterStreams.company(e.companyId) : undefined,
    companyType: e.companyId ? eventCounterStreams.companyType(e.companyId, e.type) : undefined,
  };
}

/**
 * The stored item of one event, exactly as the log keeps it: the API object verbatim in `payload`,
 * its dense sequence in every stream, and one listing index per stream (the partner's and the type's
 * over their shards, lib/event-log/index-shards.ts), all sorted by `<created_at>#<seq_all>`. The one builder of event items: both sequencing paths (sequence.ts) and
 * the bench's bulk seeding use it, so seeded logs are indistinguishable from committed ones.
 * `recorded_at` is the real time it was recorded (never on the API): a test-mode event's `created_at`
 * reads its sandbox clock, which may run months ahead, while its delivery attempts are stamped in real
 * time; the dashboard finds an event's attempts from it.
 */
export function eventItem(scope: Scope, event: ApiEvent, seq: CommittedEvent['seq']): Record<string, unknown> {
  const sk = eventSortKey(event.created_at, seq.all);
  return {
    ...eventKey(scope, event.id),
    entity: EVENT_ENTITY,
    partner_id: scope.partnerId,
    mode: scope.mode,
    type: event.type,
    company_id: event.company_id,
    created_at: event.created_at,
    recorded_at: realNow().toISOString(),
    payload: JSON.stringify(event),
    seq_all: seq.all,
    seq_type: seq.type,
    seq_company: seq.company,
    seq_company_type: seq.companyType,
    gsi1pk: eventStreams.all(scope, shardOfSequence(seq.all)),
    gsi1sk: sk,
    gsi2pk: eventStreams.type(scope, event.type, shardOfSequence(seq.type)),
    gsi2sk: sk,
    ...(event.company_id
      ? {
          gsi3pk: eventStreams.company(scope, event.company_id),
          gsi3sk: sk,
          gsi4pk: eventStreams.companyType(scope, event.company_id, event.type),
          gsi4sk: sk,
        }
      : {}),
  };
}

/**
 * The items of a whole log at once, for seeding with BatchWriteItem (the bench, listing tests): each
 * event's item with the dense sequences commit would have given it, then the counter items commit
 * would have left. `events` must be in log order (`created_at` never decreasing), as commit makes them.
 */
export function logItems(scope: Scope, events: ApiEvent[]): Record<string, unknown>[] {
  const counters = new Map<string, number>();
  const bump = (name?: string) => {
    if (!name) return undefined;
    const next = (counters.get(name) ?? 0) + 1;
    counters.set(name, next);
    return next;
  };
  const items = events.map((event) => {
    const s = counterStreamsOf({ type: event.type, companyId: event.company_id });
    return eventItem(scope, event, { all: bump(s.all)!, type: bump(s.type)!, company: bump(s.company), companyType: bump(s.companyType) });
  });
  const lastMs = events.length ? Date.parse(events[events.length - 1].created_at) : undefined;
  items.push(...counterItems(scope, counters, lastMs));
  return items;
}
