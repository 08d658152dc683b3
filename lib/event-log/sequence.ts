import { companyOfCounter, eventCounterKey, eventCounterStreams, eventSequencerLeaseKey, typeOfCompanyTypeCounter } from '../store/keys';
import { itemAbsent, renderExpressions } from '../store/expression';
import { livemode, type Scope } from '../scope';
import type { WriteEntry } from '../store/write-set';
import { newId } from '../ids';
import type { ApiEvent, CommittedEvent, PendingEvent } from '../store/event';
import { counterStreamsOf, eventItem } from './event-item';
import { counterEntity, readCounterItems, type Counters } from './counters';
import type { ReadBatch } from '../store/read-batch';

export type { Counter, Counters } from './counters';

/**
 * Gives events their dense per-stream sequence numbers and `created_at`, and builds the items that
 * write them. Why dense sequences: `page.total` of any filter is then a difference of two sequence
 * numbers (docs/decisions.md, "The event log"), so counting never reads the log.
 *
 * Every counter update is conditioned on the value read (or cached by the drain that wrote it), so two
 * transactions that sequenced the same stream cannot both commit: the loser sequences again. So
 * commit order is sequence order, and `created_at` = max(now, the log's last `created_at`) never
 * decreases along it: equal only for events recorded in the same millisecond (ties are ordered by
 * `seq_all` in every listing key, lib/store/keys/events.ts). Two writers use this: the fast path of
 * an uncontended write (lib/event-log/commit.ts) and the drain of pending events (./sequencer/drain.ts).
 */

/** An event to sequence, with its id (minted by the writer when it went pending, else here). */
export interface EventToSequence {
  id: string;
  pending: PendingEvent;
}

/** Every counter stream the events belong to, `ALL` first. */
export function streamNamesOf(events: PendingEvent[]): string[] {
  return [...new Set(events.flatMap((e) => Object.values(counterStreamsOf(e)).filter((s): s is string => !!s)))];
}

/** The lease item as the commit path needs it: is a drain (live, or crashed and not yet replaced) on this log? */
export interface LeaseState {
  held: boolean;
}

/**
 * Reads `names` (strongly consistent), and the sequencer's lease when asked, in one BatchGet. A name
 * absent from the table comes back as a counter that does not exist yet.
 */
export async function readCounters(
  scope: Scope,
  table: string,
  names: string[],
  withLease = false,
  batch?: ReadBatch,
): Promise<{ counters: Counters; lease: LeaseState }> {
  const leaseKey = eventSequencerLeaseKey(scope);
  const { counters, others } = await readCounterItems(scope, table, names, {
    consistent: true,
    others: withLease ? [leaseKey] : [],
    batch,
  });
  return { counters, lease: { held: others.some((item) => item.holder !== undefined) } };
}

/**
 * A write's counters read before its events are known (as the request's key is read): the
 * partner-wide streams of the event types it may record, with the sequencer's lease. The fast path
 * sequences on them when they hold every stream its events touch but those of companies the write
 * creates (known empty); else it reads the counters as usual. A value moved since is caught by the
 * counters' conditions, as any race is (docs/decisions.md, "Round trips of a request").
 */
export interface PrefetchedCounters {
  counters: Counters;
  lease: LeaseState;
}

/** Reads `ALL` and the type streams of `types`, and the lease, for a write about to be made. */
export function prefetchCounters(scope: Scope, table: string, types: string[], batch?: ReadBatch): Promise<PrefetchedCounters> {
  return readCounters(scope, table, ['ALL', ...types.map((type) => counterStreamsOf({ type }).type)], true, batch);
}

/** The counters to sequence `names` on from what was prefetched, or undefined when a stream is missing. */
function fromPrefetched(
  prefetched: PrefetchedCounters | undefined,
  names: string[],
  newCompanies: ReadonlySet<string>,
): Counters | undefined {
  if (!prefetched) return undefined;
  const counters: Counters = new Map();
  for (const name of names) {
    const company = companyOfCounter(name);
    const counter = company && newCompanies.has(company) ? { seq: 0, exists: false } : prefetched.counters.get(name);
    if (!counter) return undefined;
    counters.set(name, { ...counter });
  }
  return counters;
}

/**
 * Sequences `events` in order after `counters` (every stream they touch must be in it): the event
 * items (conditional puts: an event is written once), the counter updates conditioned on the values
 * given, the events as committed, and the counters as the transaction leaves them.
 */
export function sequence(
  scope: Scope,
  table: string,
  events: EventToSequence[],
  counters: Counters,
  nowMs: number,
): { entries: WriteEntry[]; committed: CommittedEvent[]; after: Counters } {
  const after: Counters = new Map([...counters].map(([k, v]) => [k, { ...v }]));
  const all = after.get('ALL')!;
  // Never before the log's newest event (another host's clock may run fast): order and time agree.
  const createdAtMs = Math.max(nowMs, all.last_ms ?? 0);
  const createdAt = new Date(createdAtMs).toISOString();
  const touched = new Set<string>();
  const bump = (name?: string) => {
    if (!name) return undefined;
    const c = after.get(name);
    if (!c) throw new Error(`counter ${name} was not read before sequencing`);
    c.seq += 1;
    touched.add(name);
    return c.seq;
  };
  const committed: CommittedEvent[] = [];
  const entries: WriteEntry[] = [];
  for (const { id, pending: e } of events) {
    const s = counterStreamsOf(e);
    const event: ApiEvent = {
      object: 'event',
      id,
      type: e.type,
      ...(e.companyId ? { company_id: e.companyId } : {}),
      data: { object: e.resource, ...(e.previous ? { previous_attributes: e.previous } : {}) },
      livemode: livemode(scope),
      timestamp: e.timestamp ?? createdAt,
      created_at: createdAt,
    };
    const seq = { all: bump(s.all)!, type: bump(s.type)!, company: bump(s.company), companyType: bump(s.companyType) };
    entries.push({
      item: { Put: { TableName: table, Item: eventItem(scope, event, seq), ...renderExpressions(undefined, [itemAbsent()]) } },
      onFailed: () => new EventAlreadySequenced(id),
    });
    committed.push({ event, seq });
  }
  all.last_ms = createdAtMs;

  // One update per counter item: the log's `ALL`, each type's, and each company's (its stream and
  // its company+type streams are one item, conditioned on the company stream's value, which every
  // event of the company moves).
  const byItem = new Map<string, string[]>();
  for (const name of touched) {
    const holder = companyOfCounter(name) ?? name;
    byItem.set(holder, [...(byItem.get(holder) ?? []), name]);
  }
  for (const [holder, names] of byItem) {
    const company = companyOfCounter(names[0]);
    const lead = company ? eventCounterStreams.company(company) : holder;
    const prior = counters.get(lead)!;
    const next = after.get(lead)!;
    const counter = counterEntity.where;
    const types = company
      ? Object.fromEntries(
          names.flatMap((n) => {
            const type = typeOfCompanyTypeCounter(n);
            return type === undefined ? [] : [[type, after.get(n)!.seq]];
          }),
        )
      : undefined;
    const update = counterEntity.update({
      set: {
        seq: next.seq,
        ...(lead === eventCounterStreams.all ? { last_ms: next.last_ms } : {}),
        // A new company counters item takes its types whole; an existing one each type's entry alone.
        ...(types && !prior.exists ? { types } : {}),
      },
      ...(types && prior.exists && Object.keys(types).length ? { setInMap: { types } } : {}),
    });
    entries.push({
      item: {
        Update: {
          TableName: table,
          Key: eventCounterKey(scope, lead),
          ...(renderExpressions(update, [prior.exists ? counter.equals('seq', prior.seq) : counter.absent()]) as {
            UpdateExpression: string;
          }),
        },
      },
      // A failed counter condition means another writer took the sequence first: sequence again.
      onFailed: () => new SequenceConflict(),
    });
    for (const n of names) after.get(n)!.exists = true;
  }
  return { entries, committed, after };
}

/**
 * The fast path's sequencing: fresh ids, counters and lease as prefetched when they cover the events'
 * streams (a company created in this write has empty streams: `newCompanies`), else read now.
 */
export async function sequenceEvents(
  scope: Scope,
  table: string,
  pending: PendingEvent[],
  nowMs: () => number,
  options: { prefetched?: PrefetchedCounters; newCompanies?: ReadonlySet<string> } = {},
): Promise<{ entries: WriteEntry[]; committed: CommittedEvent[]; lease: LeaseState }> {
  const names = streamNamesOf(pending);
  const known = fromPrefetched(options.prefetched, names, options.newCompanies ?? new Set());
  const { counters, lease } = known ? { counters: known, lease: options.prefetched!.lease } : await readCounters(scope, table, names, true);
  const { entries, committed } = sequence(
    scope,
    table,
    pending.map((p) => ({ id: newId('event'), pending: p })),
    counters,
    nowMs(),
  );
  return { entries, committed, lease };
}

/** Another transaction advanced one of our streams between read and write: sequence again. */
export class SequenceConflict extends Error {
  constructor() {
    super('event sequence moved; retrying');
  }
}

/** The event is in the log already (a drain committed it and stopped before deleting its pending item). */
export class EventAlreadySequenced extends Error {
  constructor(readonly eventId: string) {
    super(`event ${eventId} is sequenced already`);
  }
}
