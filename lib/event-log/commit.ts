import { TransactWriteCommand } from '../store/dynamodb';
import { ApiError } from '../errors';
import { setTimeout as sleep } from 'node:timers/promises';
import { db } from '../store/client';
import { deadline } from '../store/deadline';
import { batchGetItems, itemAt } from '../store/read-batch';
import type { WriteEntry, WriteSet } from '../store/write-set';
import { isConditionFailed } from '../store/condition-failed';
import { itemAbsent } from '../store/expression';
import { sequenceEvents, SequenceConflict, type PrefetchedCounters } from './sequence';
import type { CommittedEvent } from '../store/event';
import { pendingItemsOf } from './sequencer/pending';
import { scopeSequencer } from './sequencer/scope-sequencer';
import { sequencerSettings } from './sequencer/settings';
import { newId, randomBase62 } from '../ids';
import { now, machineMs } from '../clock';

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * The change could not be committed before the request's deadline: DynamoDB kept refusing it for a
 * passing reason (conflicting transactions, throttling inside the transaction). Nothing was written.
 */
export class CommitContention extends Error {
  constructor() {
    super('the change could not be committed under contention; retry the request');
  }
}

/**
 * Commits a WriteSet as one TransactWriteItems: its changes and its events together or nothing
 * (docs/decisions.md, "The event log").
 *
 * - **Fast path** (uncontended): the stream counters and the sequencer's lease are read in one
 *   BatchGet, the events sequenced, and the change, the events and the counter conditions committed
 *   together: two DynamoDB requests, events visible when this returns.
 * - **Pending path**: when the fast attempt loses a sequence race, when this process saw one on the
 *   same partner+mode moments ago, or when a drain holds the log, the change is committed with one
 *   *pending event* per event and no counter (lib/event-log/sequencer/pending.ts): that transaction
 *   cannot fail for sequencing, so a burst never redoes a write. The writer then waits for its events
 *   to be sequenced (lib/event-log/sequencer/scope-sequencer.ts), draining them itself when it can take
 *   the lease, so a 2xx still means the events are in `GET /events`. If they are not sequenced within
 *   the wait (`EVENT_WAIT_MS`), the change stands and the answer goes out; a later drain or the
 *   backstop sequences them (docs/capacity.md says how soon) and this returns no events.
 *
 * A failed condition of the caller's own (a guard item, a state check) is final and throws that
 * condition's error. A transaction refused for a passing reason is retried until the request's
 * deadline (lib/store/deadline.ts), then `CommitContention` (nothing written; 429 with Retry-After);
 * so is, before anything is written, a write whose deadline is nearer than writes of its partner+mode
 * take in this process lately (overload: answered at once rather than after its deadline).
 */
export async function commit(ws: WriteSet, options: CommitOptions = {}): Promise<CommittedEvent[]> {
  const until = deadline();
  const started = machineMs();
  const sequencer = scopeSequencer(ws.scope, ws.table);
  // Admission: a write that would not be done before its deadline at the pace writes of this
  // partner+mode go now is refused before it starts (nothing written, 429), instead of joining a
  // queue it cannot leave in time.
  if (started + sequencer.expectedCommitMs() > until) throw new CommitContention();
  const committed = await commitNow(ws, sequencer, until, options);
  sequencer.recordCommit(machineMs() - started);
  return committed;
}

/**
 * What a writer knows before its commit: the fast path's counters read beside the request's key
 * (`prefetchCounters`; a failed read is read again), and the companies the write creates, whose
 * event streams are empty until it commits.
 */
export interface CommitOptions {
  prefetched?: Promise<PrefetchedCounters>;
  newCompanies?: string[];
}

async function commitNow(
  ws: WriteSet,
  sequencer: ReturnType<typeof scopeSequencer>,
  until: number,
  options: CommitOptions,
): Promise<CommittedEvent[]> {
  if (!ws.events.length) {
    await transactUntil(ws.entries, until);
    return [];
  }
  if (!sequencer.contended() && !sequencer.busy()) {
    const fast = await fastPath(ws, options);
    if (fast) return fast;
  }
  sequencer.markContended();
  return pendingPath(ws, until);
}

/** The events, committed with their sequences; undefined when the log is contended (go pending). */
async function fastPath(ws: WriteSet, options: CommitOptions): Promise<CommittedEvent[] | undefined> {
  const prefetched = await options.prefetched?.catch(() => undefined);
  const sequenced = await sequenceEvents(ws.scope, ws.table, ws.events, () => now().getTime(), {
    prefetched,
    newCompanies: new Set(options.newCompanies),
  });
  if (sequenced.lease.held) return undefined;
  const entries = [...ws.entries, ...sequenced.entries];
  checkSize(entries);
  try {
    await db().send(new TransactWriteCommand({ TransactItems: entries.map((e) => e.item) }));
    return sequenced.committed;
  } catch (error) {
    const outcome = refusalOf(error, entries);
    if (outcome === 'contended' || outcome === 'transient') return undefined;
    throw outcome === 'unknown' ? error : outcome;
  }
}

async function pendingPath(ws: WriteSet, until: number): Promise<CommittedEvent[]> {
  const writeId = randomBase62(16);
  const ids = ws.events.map(() => newId('event'));
  const items = pendingItemsOf(ws.scope, writeId, ids, ws.events, machineMs());
  const entries: WriteEntry[] = [...ws.entries, ...items.map((Item) => ({ item: { Put: { TableName: ws.table, Item } } }))];
  checkSize(entries);
  await transactUntil(entries, until);
  const waitUntil = Math.min(until, machineMs() + sequencerSettings().waitMs);
  return (await scopeSequencer(ws.scope, ws.table).awaitSequenced(ids, waitUntil)) ?? [];
}

/**
 * What `commit(ws)` would refuse for a guard of the caller's (a put conditioned on its item's absence
 * whose failure is a partner-facing refusal: a name or an external_id already taken), found by one
 * consistent BatchGet of those items instead of the write: the first refusal in the WriteSet's order,
 * as the transaction reports it. Nothing is written (POST /companies/preview).
 */
export async function refuseTakenGuards(ws: WriteSet): Promise<void> {
  const absent = JSON.stringify([itemAbsent()]);
  const guards = ws.actions.filter(
    (a): a is Extract<typeof a, { kind: 'put' }> =>
      a.kind === 'put' && JSON.stringify(a.conditions) === absent && a.onFailed?.() instanceof ApiError,
  );
  if (!guards.length) return;
  const keyOf = (g: (typeof guards)[number]) => ({ pk: g.item.pk, sk: g.item.sk });
  const found = await batchGetItems(ws.table, guards.map(keyOf), { attributes: ['pk', 'sk'] });
  const refused = guards.find((g) => itemAt(found, keyOf(g)));
  if (refused) throw refused.onFailed!();
}

/** One transaction, tried again while DynamoDB refuses it for a passing reason, until `until`. */
async function transactUntil(entries: WriteEntry[], until: number): Promise<void> {
  checkSize(entries);
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: entries.map((e) => e.item) }));
      return;
    } catch (error) {
      const outcome = refusalOf(error, entries);
      if (outcome === 'unknown') throw error;
      if (outcome instanceof Error) throw outcome;
      const pause = Math.random() * Math.min(400, 5 * 2 ** attempt);
      if (machineMs() + pause >= until) throw new CommitContention();
      await sleep(pause);
    }
  }
}

function checkSize(entries: WriteEntry[]): void {
  if (entries.length > MAX_TRANSACTION_ITEMS) {
    throw new Error(`a transaction of ${entries.length} items exceeds DynamoDB's ${MAX_TRANSACTION_ITEMS}`);
  }
}

/**
 * Why a transaction was refused: the caller's own condition (its error), a lost sequence race
 * (`contended`), a passing refusal (`transient`: a conflicting transaction, throttling inside the
 * transaction), or something else (`unknown`: rethrown as it is).
 */
function refusalOf(error: unknown, entries: WriteEntry[]): Error | 'contended' | 'transient' | 'unknown' {
  const name = (error as { name?: string }).name;
  if (name === 'TransactionConflictException') return 'transient';
  if (name !== 'TransactionCanceledException') return 'unknown';
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  let outcome: 'contended' | 'transient' | 'unknown' = 'unknown';
  for (let i = 0; i < reasons.length; i++) {
    const code = reasons[i]?.Code;
    if (isConditionFailed(error, i)) {
      const refusal = entries[i]?.onFailed?.();
      if (refusal instanceof SequenceConflict) outcome = 'contended';
      else return refusal ?? new Error('a condition of the transaction failed');
    } else if (code === 'TransactionConflict' || code === 'ThrottlingError' || code === 'ProvisionedThroughputExceeded') {
      if (outcome === 'unknown') outcome = 'transient';
    }
  }
  return outcome;
}
