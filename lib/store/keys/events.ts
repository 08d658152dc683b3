import type { Scope } from '../../scope';
import { scopePrefix } from './partners';

/**
 * Access patterns of the event log (docs/decisions.md, "The event log"). Every listing index sorts by
 * `<created_at>#<seq_all>`, so one cursor position is valid on whichever index a filter picks.
 */

/** eventById: GET /events/{id}. */
export const eventKey = (scope: Scope, eventId: string) => ({ pk: `EVT#${scopePrefix(scope)}#${eventId}`, sk: 'EVT' });
/** The event id of an event item, read from its key (`eventKey`'s `pk` ends with it). */
export const eventIdOfKey = (key: { pk?: unknown }) => String(key.pk).slice(String(key.pk).lastIndexOf('#') + 1);

/**
 * eventsOfPartner (gsi1), eventsOfPartnerByType (gsi2), eventsOfCompany (gsi3), eventsOfCompanyByType (gsi4).
 * The partner's whole stream and its type streams take every event of a partner+mode (of a type), so
 * they are written over `shard`s (lib/event-log/index-shards.ts, docs/capacity.md): shard 0 is the
 * unsharded key, so events written before sharding are shard 0's.
 */
export const eventStreams = {
  all: (scope: Scope, shard = 0) => `EV#${scopePrefix(scope)}${shard ? `#S${shard}` : ''}`,
  type: (scope: Scope, type: string, shard = 0) => `EV#${scopePrefix(scope)}#T#${type}${shard ? `#S${shard}` : ''}`,
  company: (scope: Scope, companyId: string) => `EV#${scopePrefix(scope)}#C#${companyId}`,
  companyType: (scope: Scope, companyId: string, type: string) => `EV#${scopePrefix(scope)}#CT#${companyId}#${type}`,
};

/**
 * The listing sort key: `created_at`, then the event's place in its partner+mode's whole log. Events
 * recorded in the same millisecond share `created_at` (docs/capacity.md: above 1,000 events a second
 * strictly increasing milliseconds would run past the clock), so ties are ordered by `seq_all`,
 * fixed width so that string order is number order. Events recorded before this key carried `#<id>`
 * instead; both start with `created_at`, and those never shared a millisecond.
 */
export const eventSortKey = (createdAt: string, seqAll: number) => `${createdAt}#${String(seqAll).padStart(SEQ_DIGITS, '0')}`;
const SEQ_DIGITS = 12;

/**
 * eventCountersOfPartner: one counter per stream (all, per type, per company, per company and type),
 * each holding the stream's dense sequence; `page.total` is read from them, never counted. The
 * partner's and its types' counters are items of one partition (with the sequencer's lease); a
 * company's are ONE item of a partition of the company's own: `seq` for the company's stream and
 * `types.<type>` for its company+type streams. So a drain transaction spends one action per company
 * and its writes do not pile on one partition key (docs/capacity.md).
 */
export const eventCounterKey = (scope: Scope, stream: string) => {
  const company = companyOfCounter(stream);
  return company ? companyEventCountersKey(scope, company) : { pk: `EVCNT#${scopePrefix(scope)}`, sk: stream };
};

/**
 * The names of the counter streams (what `eventCounterKey` takes): the partner's whole log, a type,
 * a company, a company and type. A company's are held in one item (`seq` and `types.<type>`).
 */
export const eventCounterStreams = {
  all: 'ALL',
  type: (type: string) => `T#${type}`,
  company: (companyId: string) => `C#${companyId}`,
  companyType: (companyId: string, type: string) => `CT#${companyId}#${type}`,
};

/** The type of a company+type stream's counter (`CT#<company>#<type>`: its entry in the company's `types`), else undefined. */
export const typeOfCompanyTypeCounter = (stream: string) => (stream.startsWith('CT#') ? stream.split('#').slice(2).join('#') : undefined);

/** The item holding every counter of one company's streams. */
export const companyEventCountersKey = (scope: Scope, companyId: string) => ({ pk: `EVCNT#${scopePrefix(scope)}#C#${companyId}`, sk: 'C' });

/** The company of a company stream's counter (`C#<company>`, `CT#<company>#<type>`), else undefined. */
export const companyOfCounter = (stream: string) =>
  stream.startsWith('C#') || stream.startsWith('CT#') ? stream.split('#')[1] : undefined;

/**
 * Where a company's counters were kept before they had an item of their own (one item per stream,
 * beside the partner's): read where the new item has no value yet, so its sequences go on from there.
 */
export const legacyEventCounterKey = (scope: Scope, stream: string) =>
  companyOfCounter(stream) ? { pk: `EVCNT#${scopePrefix(scope)}`, sk: stream } : undefined;

/**
 * The sequencer's lease on one partner+mode's log (lib/event-log/sequencer/): which drain may sequence
 * pending events now, until when. Beside the counters, so the commit path reads it in the same BatchGet.
 */
export const eventSequencerLeaseKey = (scope: Scope) => ({ pk: `EVCNT#${scopePrefix(scope)}`, sk: 'LEASE' });

/**
 * pendingEventsOfPartner: events committed with their change but not yet sequenced, in `shards`
 * partitions per partner+mode (so a burst of writers spreads over several partition keys), each
 * sorted oldest first by `<pending time>#<write id>#<index in the write>`.
 */
export const pendingEventsPartition = (scope: Scope, shard: number) => `EVPEND#${scopePrefix(scope)}#${shard}`;
export const pendingEventSortKey = (pendingAt: string, writeId: string, index: number) =>
  `${pendingAt}#${writeId}#${String(index).padStart(3, '0')}`;
