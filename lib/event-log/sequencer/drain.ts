import { BatchWriteCommand, TransactWriteCommand } from '../../store/dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { db } from '../../store/client';
import { companyOfCounter } from '../../store/keys';
import type { Scope } from '../../scope';
import type { WriteEntry } from '../../store/write-set';
import { now, machineMs } from '../../clock';
import { logger } from '../../observability/logger';
import type { CommittedEvent } from '../../store/event';
import { counterStreamsOf } from '../event-item';
import { EventAlreadySequenced, readCounters, sequence, SequenceConflict, type Counters } from '../sequence';
import { LeaseLost, type Lease } from './lease';
import { pendingEventOf, pendingKeyOf, readPending, type PendingItem } from './pending';
import { isConditionFailed } from '../../store/condition-failed';

/** DynamoDB's limits on one TransactWriteItems: 100 actions, 4 MB (we keep a margin on the size). */
const MAX_ACTIONS = 100;
const MAX_BYTES = 3_500_000;
/** Pending items read per partition per step: more than one transaction takes. */
const READ_PER_SHARD = 100;
const COMPANY_CREATED = 'company.created';

export interface DrainStep {
  /** Events sequenced by this step, in log order. */
  committed: CommittedEvent[];
  /** Events found sequenced already (a drain stopped between its commit and its deletes). */
  found: string[];
  /** Nothing was pending at this step's look. */
  idle: boolean;
  /** Another drain took the lease over: stop. */
  lost: boolean;
}

/**
 * The sequencer's drain of one partner+mode, run by whoever holds its lease (a waiting writer, or
 * the backstop). Each step reads the oldest pending events across the partitions (strongly
 * consistent), sequences as many as one transaction holds (≤ 100 actions: the lease fence, one
 * conditional put per event built by the same builder as the fast path, and each touched counter
 * item conditioned on its value: the log's, each type's, one per company), commits, then deletes
 * their pending items.
 *
 * - Counters are cached between steps (this drain wrote them); a failed counter condition means a
 *   fast-path writer got in between: read again and retry. A company created in the batch has none
 *   yet, so a burst of creates reads no counters at all after the first step.
 * - The next step's read of the pending partitions goes out while this step's transaction commits,
 *   so a step's critical path is its transaction (docs/capacity.md).
 * - Deletes run behind the next step; an in-memory skip set keeps the next read from taking the same
 *   items again. A pending item whose event is already in the log (a drain stopped between commit and
 *   delete) makes its put fail: it is deleted, not sequenced twice.
 * - The fence (lease.ts) makes a drain that lost its lease unable to commit.
 */
export class Drain {
  private counters: Counters = new Map();
  /** Pending items committed by this drain whose delete may not have landed yet, and when it did. */
  private skip = new Map<string, number | undefined>();
  private deletes: Promise<void>[] = [];
  private transientFailures = 0;
  private guessNew = true;
  /** The next step's read of the pending partitions, started while this step's transaction commits. */
  private nextRead?: Promise<{ items: PendingItem[]; more: boolean; readAt: number }>;

  constructor(
    private readonly scope: Scope,
    private readonly table: string,
    private readonly lease: Lease,
  ) {}

  async step(): Promise<DrainStep> {
    if (this.deletes.length > 1) await this.deletes.shift();
    let items: PendingItem[];
    for (;;) {
      const started = this.nextRead;
      this.nextRead = undefined;
      const { items: read, more, readAt } = await (started ?? this.read());
      // A delete that landed before this read began can no longer show up in any read: forget it
      // (an item still read after that is one whose delete failed: it is taken again, found
      // sequenced already, and deleted then).
      for (const [key, landed] of this.skip) if (landed !== undefined && landed < readAt) this.skip.delete(key);
      items = read.filter((i) => !this.skip.has(pendingKeyOf(i)));
      if (items.length) break;
      if (!more && !read.length) return { committed: [], found: [], idle: true, lost: false };
      await Promise.all(this.deletes); // only our own deletes are in the way: let them land, look again
    }
    const batch = this.take(items);
    const streams = this.streamsOf(batch);
    // A company whose creation is in this batch has no counters yet: nothing to read for it.
    // (After a counter conflict the next step reads them all, so a wrong guess cannot repeat.)
    // Only for a company whose counter item this drain holds nothing of: the item's update is
    // conditioned on the company stream alone, so a type stream guessed empty beside a company
    // stream known from the table would go unchecked, and number its events from 1 again.
    const created = new Set(
      this.guessNew
        ? batch
            .filter((i) => i.type === COMPANY_CREATED && i.company_id && !this.counters.has(this.companyStream(i.company_id)))
            .map((i) => i.company_id!)
        : [],
    );
    this.guessNew = true;
    for (const name of streams)
      if (!this.counters.has(name) && created.has(companyOfCounter(name) ?? '')) this.counters.set(name, { seq: 0, exists: false });
    const missing = streams.filter((n) => !this.counters.has(n));
    if (missing.length) for (const [name, c] of (await readCounters(this.scope, this.table, missing)).counters) this.counters.set(name, c);

    const known: Counters = new Map(streams.map((n) => [n, this.counters.get(n)!]));
    const { entries, committed, after } = sequence(
      this.scope,
      this.table,
      batch.map((i) => ({ id: i.event_id, pending: pendingEventOf(i) })),
      known,
      now().getTime(),
    );
    const all: WriteEntry[] = [this.lease.fence(), ...entries];
    // The next step's read goes out while this transaction commits (it is off the critical path);
    // this batch's items are skipped in it as if already deleted.
    for (const item of batch) this.skip.set(pendingKeyOf(item), undefined);
    this.nextRead = this.read();
    try {
      await db().send(new TransactWriteCommand({ TransactItems: all.map((e) => e.item) }));
    } catch (error) {
      for (const item of batch) this.skip.delete(pendingKeyOf(item));
      return this.failed(error, all, batch);
    }
    this.transientFailures = 0;
    for (const [name, c] of after) this.counters.set(name, c);
    this.deleteBehind(batch);
    return { committed, found: [], idle: false, lost: false };
  }

  /** Waits for the deletes still running (before the lease is handed back). */
  async finish(): Promise<void> {
    await this.nextRead?.catch(() => undefined);
    this.nextRead = undefined;
    await Promise.all(this.deletes);
    this.deletes = [];
  }

  /** One look at what is pending; a failed look started beforehand surfaces when the next step takes it. */
  private read(): Promise<{ items: PendingItem[]; more: boolean; readAt: number }> {
    const readAt = machineMs();
    const reading = readPending(this.scope, this.table, READ_PER_SHARD).then((r) => ({ ...r, readAt }));
    reading.catch(() => undefined);
    return reading;
  }

  /** The oldest items that fit one transaction (always at least one). */
  private take(items: PendingItem[]): PendingItem[] {
    // Actions: the fence, one put per event, one update per counter ITEM (a company's streams share one).
    const counterItems = new Set<string>();
    let bytes = 0;
    const batch: PendingItem[] = [];
    for (const item of items) {
      const added = [...new Set(this.streamNames(item).map((n) => companyOfCounter(n) ?? n))].filter((n) => !counterItems.has(n));
      const size = (item.resource.length + (item.previous?.length ?? 0)) * 2 + 1_000;
      if (batch.length && (1 + batch.length + 1 + counterItems.size + added.length > MAX_ACTIONS || bytes + size > MAX_BYTES)) break;
      batch.push(item);
      for (const n of added) counterItems.add(n);
      bytes += size;
    }
    return batch;
  }

  private companyStream(companyId: string): string {
    return counterStreamsOf({ type: COMPANY_CREATED, companyId }).company!;
  }

  private streamNames(item: PendingItem): string[] {
    return Object.values(counterStreamsOf({ type: item.type, companyId: item.company_id })).filter((s): s is string => !!s);
  }

  private streamsOf(batch: PendingItem[]): string[] {
    return [...new Set(batch.flatMap((i) => this.streamNames(i)))];
  }

  private async failed(error: unknown, entries: WriteEntry[], batch: PendingItem[]): Promise<DrainStep> {
    const name = (error as { name?: string }).name;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    const step: DrainStep = { committed: [], found: [], idle: false, lost: false };
    if (name === 'TransactionCanceledException') {
      let transient = false;
      reasons.forEach((reason, i) => {
        if (isConditionFailed(error, i)) {
          const why = entries[i]?.onFailed?.();
          if (why instanceof LeaseLost) step.lost = true;
          else if (why instanceof EventAlreadySequenced) step.found.push(why.eventId);
          else if (!(why instanceof SequenceConflict)) throw error;
        } else if (reason.Code && reason.Code !== 'None') transient = true;
      });
      if (step.lost) return step;
      if (step.found.length) {
        // Their counters moved with them: read everything again, and drop their pending items.
        this.counters.clear();
        const found = new Set(step.found);
        await this.deleteNow(batch.filter((i) => found.has(i.event_id)));
        this.nextRead = undefined; // read before those deletes: look again

        return step;
      }
      if (!transient) {
        this.counters.clear(); // a fast-path writer sequenced in between
        this.guessNew = false;
        return step;
      }
    } else if (
      !(
        name === 'TransactionConflictException' ||
        name === 'ThrottlingException' ||
        name === 'ProvisionedThroughputExceededException' ||
        name === 'RequestLimitExceeded'
      )
    ) {
      throw error;
    }
    // Throttled or in conflict with another transaction: back off a little and try again.
    this.transientFailures++;
    await sleep(Math.random() * Math.min(500, 10 * 2 ** this.transientFailures));
    return step;
  }

  private deleteBehind(batch: PendingItem[]): void {
    for (const item of batch) this.skip.set(pendingKeyOf(item), undefined);
    const done = this.deleteNow(batch).then(() => {
      const at = machineMs();
      for (const item of batch) if (this.skip.has(pendingKeyOf(item))) this.skip.set(pendingKeyOf(item), at);
    });
    this.deletes.push(done);
  }

  /** Deletes pending items (25 per BatchWriteItem, unprocessed ones again). Never throws: a pending item left behind is found sequenced by the next drain and deleted then. */
  private async deleteNow(items: PendingItem[]): Promise<void> {
    for (let i = 0; i < items.length; i += 25) {
      let requests = items.slice(i, i + 25).map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } }));
      for (let attempt = 0; requests.length && attempt < 8; attempt++) {
        try {
          const res = await db().send(new BatchWriteCommand({ RequestItems: { [this.table]: requests } }));
          requests = (res.UnprocessedItems?.[this.table] ?? []) as typeof requests;
        } catch (error) {
          logger.warn('pending events not deleted yet; retrying', { error: error as Error });
        }
        if (requests.length) await sleep(20 * 2 ** attempt);
      }
    }
  }
}
