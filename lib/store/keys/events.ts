import type { Scope } from '../scope';
import { scopePrefix } from './partners';

/**
 * Access patterns of the event log (docs/decisions.md, "The event log"). Every listing index sorts by
 * `<created_at>#<seq_all>`, so one cursor position is valid on whichever index a filter picks.
 */

/** eventById: GET /events/{id}. */
export const eventKey = (scope: Scope, eventId: string) => ({ pk: `EVT#${scopePrefix(scope)}#${eventId}`, sk: 'EVT' });

/** eventsOfPartner (gsi1), eventsOfPartnerByType (gsi2), eventsOfCompany (gsi3), eventsOfCompanyByType (gsi4). */
export const eventStreams = {
  all: (scope: Scope) => `EV#${scopePrefix(scope)}`,
  type: (scope: Scope, type: string) => `EV#${scopePrefix(scope)}#T#${type}`,
  company: (scope: Scope, companyId: string) => `EV#${scopePrefix(scope)}#C#${companyId}`,
  companyType: (scope: Scope, companyId: string, type: string) => `EV#${scopePrefix(scope)}#CT#${companyId}#${type}`,
};

/**
 * The listing sort key: `created_at`, then the event's place in its partner+mode's whole log. Events
 * recorded in the same millisecond share `created_at` (docs/capacity.md: above 1,000 events a second
 * strictly increasing milliseconds would run ahead of the clock), so ties are ordered by `seq_all`,
 * fixed width so that string order is number order. Events recorded before this key carried `#<id>`
 * instead; both start with `created_at`, and those never shared a millisecond.
 */
export const eventSortKey = (createdAt: string, seqAll: number) => `${createdAt}#${String(seqAll).padStart(SEQ_DIGITS, '0')}`;
const SEQ_DIGITS = 12;

/**
 * eventCountersOfPartner: one counter per stream (all, per type, per company, per company and type),
 * each holding the stream's dense sequence; `page.total` is read from them, never counted.
 */
export const eventCounterKey = (scope: Scope, stream: string) => ({ pk: `EVCNT#${scopePrefix(scope)}`, sk: stream });

/**
 * The sequencer's lease on one partner+mode's log (lib/events/sequencer/): which drain may sequence
 * pending events now, until when. Beside the counters, so the commit path reads it in the same BatchGet.
 */
export const eventSequencerLeaseKey = (scope: Scope) => ({ pk: `EVCNT#${scopePrefix(scope)}`, sk: 'LEASE' });

/**
 * pendingEventsOfPartner: events committed with their change but not yet sequenced, in `shards`
 * partitions per partner+mode (so a burst of writers spreads over several partition keys), each
 * sorted oldest first by `<pending time>#<write id>#<index in the write>`.
 */
export const pendingEventsPartition = (scope: Scope, shard: number) => `EVPEND#${scopePrefix(scope)}#${shard}`;
export const pendingEventSortKey = (pendingAt: string, writeId: string, index: number) => `${pendingAt}#${writeId}#${String(index).padStart(3, '0')}`;
