import { BatchGetCommand } from '../../store/dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { db } from '../../store/client';
import { eventKey, eventSequencerLeaseKey } from '../../store/keys';
import { scopeKey, type Scope } from '../../scope';
import { workIsStopping } from '../../store/deadline';
import { logger } from '../../observability/logger';
import type { ApiEvent, CommittedEvent } from '../../store/event';
import { Drain } from './drain';
import { Lease } from './lease';
import { sequencerSettings } from './settings';
import { machineMs } from '../../clock';

interface Waiter {
  ids: string[];
  got: Map<string, CommittedEvent>;
  settle: (events: CommittedEvent[] | undefined) => void;
}

/**
 * This process's side of one partner+mode's sequencer: the writers waiting for their pending events,
 * and at most one worker that gets those events sequenced. The worker drains when it can take the
 * lease; otherwise it polls, with one strongly consistent BatchGet per round for every waiter of the
 * process at once (their event items and the lease), backing off while nothing changes, and takes the
 * lease as soon as it is free. Waiters are woken in-process by the drain that sequences their events,
 * so writers of one process (the embedded default runs every handler in one) never poll DynamoDB.
 *
 * It also remembers recent contention: after a lost sequence race, this process sends the
 * partner+mode's writes to pending directly for a while, instead of spending a transaction to lose.
 */
export class ScopeSequencer {
  private readonly waiters = new Set<Waiter>();
  private readonly byEvent = new Map<string, Waiter>();
  private worker?: Promise<void>;
  private contendedUntil = 0;
  private commitMs = 0;
  private commitAt = 0;

  constructor(
    private readonly scope: Scope,
    private readonly table: string,
  ) {}

  contended(): boolean {
    return machineMs() < this.contendedUntil;
  }

  /**
   * How long a write of this partner+mode takes in this process lately (an average of recent
   * commits, fading by half every second without one, so a quiet log is never judged by an old
   * burst). A write with less time than that left before its deadline is refused before it starts
   * (lib/event-log/commit.ts): under overload, requests are answered 429 at once instead of queueing past
   * their deadline.
   */
  expectedCommitMs(): number {
    return this.commitMs * 0.5 ** ((machineMs() - this.commitAt) / 1000);
  }

  recordCommit(ms: number): void {
    this.commitMs = this.expectedCommitMs() * 0.8 + ms * 0.2;
    this.commitAt = machineMs();
  }

  markContended(): void {
    this.contendedUntil = machineMs() + sequencerSettings().contendedMs;
  }

  /** True while other writes of this process wait here (the partner+mode is busy). */
  busy(): boolean {
    return this.waiters.size > 0;
  }

  /**
   * Resolves with the events as sequenced, in the order of `ids`, or undefined if they were not
   * sequenced by `until` (epoch ms). The last writer to leave also waits for the drain to hand the
   * lease back, so a process frozen after answering (a Lambda) never sits on it.
   */
  async awaitSequenced(ids: string[], until: number): Promise<CommittedEvent[] | undefined> {
    let settle!: (events: CommittedEvent[] | undefined) => void;
    const result = new Promise<CommittedEvent[] | undefined>((r) => (settle = r));
    const waiter: Waiter = {
      ids,
      got: new Map(),
      settle: (events) => {
        if (!this.waiters.delete(waiter)) return;
        for (const id of ids) this.byEvent.delete(id);
        settle(events);
      },
    };
    if (workIsStopping()) return undefined;
    this.waiters.add(waiter);
    for (const id of ids) this.byEvent.set(id, waiter);
    const timer = setTimeout(() => waiter.settle(undefined), Math.max(0, until - machineMs()));
    this.ensureWorker();
    const events = await result;
    clearTimeout(timer);
    if (!this.waiters.size && this.worker && machineMs() < until) {
      await Promise.race([this.worker, sleep(Math.max(0, until - machineMs()), undefined, { ref: false })]);
    }
    return events;
  }

  /** Resolves once no worker runs (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.worker) await this.worker;
  }

  private ensureWorker(): void {
    if (this.worker) return;
    this.worker = this.run()
      .catch((error) => logger.error('event sequencer worker failed', { error: error as Error }))
      .finally(() => {
        this.worker = undefined;
        // Writers still waiting (the worker stopped on an error): start again, after a pause.
        if (this.waiters.size && !workIsStopping()) setTimeout(() => this.ensureWorker(), 100).unref();
      });
  }

  private deliver(committed: CommittedEvent): void {
    const waiter = this.byEvent.get(committed.event.id);
    if (!waiter) return;
    waiter.got.set(committed.event.id, committed);
    if (waiter.got.size === waiter.ids.length) waiter.settle(waiter.ids.map((id) => waiter.got.get(id)!));
  }

  private async run(): Promise<void> {
    const settings = sequencerSettings();
    let lease: Lease | undefined;
    let drain: Drain | undefined;
    let mayAcquire = true;
    let pollMs = 10;
    let lastWaiterAt = machineMs();
    let clean = false;
    try {
      for (;;) {
        if (workIsStopping()) break;
        if (this.waiters.size) lastWaiterAt = machineMs();
        else if (!drain || machineMs() - lastWaiterAt > settings.lingerMs) break;

        if (!drain) {
          if (mayAcquire) {
            const candidate = new Lease(this.scope, this.table, settings.leaseMs);
            if (await candidate.acquire()) {
              lease = candidate;
              drain = new Drain(this.scope, this.table, lease);
              pollMs = 10;
              continue;
            }
          }
          // Another process drains: see whether our events are in (and whether the lease is free).
          const { leaseFree, found } = await this.poll();
          mayAcquire = leaseFree;
          if (found || leaseFree) pollMs = 10;
          else {
            await sleep(pollMs * (0.5 + Math.random()));
            pollMs = Math.min(250, pollMs * 1.5);
          }
          continue;
        }

        const hadWaiters = this.waiters.size > 0;
        const step = await drain.step();
        for (const c of step.committed) this.deliver(c);
        // The linger counts from when the last waiter was answered, not from before a slow step.
        if (hadWaiters) lastWaiterAt = machineMs();
        if (step.found.length) await this.poll();
        if (step.lost) {
          await drain.finish();
          drain = lease = undefined;
          mayAcquire = false;
          continue;
        }
        if (step.idle) {
          // Nothing pending: events of writers still waiting were sequenced by an earlier drain.
          if (this.waiters.size) await this.poll();
          if (!this.waiters.size) {
            clean = true;
            break;
          }
          await sleep(10);
        }
      }
    } finally {
      if (drain && lease) {
        await drain.finish();
        await lease.release(clean);
      }
    }
  }

  /** One consistent BatchGet: the lease, and the event items of every waiting write (≤ 99 at a time). */
  private async poll(): Promise<{ leaseFree: boolean; found: boolean }> {
    const ids = [...this.byEvent.keys()].slice(0, 99);
    const leaseKey = eventSequencerLeaseKey(this.scope);
    let keys: Record<string, unknown>[] | undefined = [leaseKey, ...ids.map((id) => eventKey(this.scope, id))];
    let leaseFree = false;
    let found = false;
    while (keys?.length) {
      const res = await db().send(new BatchGetCommand({ RequestItems: { [this.table]: { Keys: keys, ConsistentRead: true } } }));
      const items = res.Responses?.[this.table] ?? [];
      const unprocessed = (res.UnprocessedKeys?.[this.table]?.Keys ?? []) as Record<string, unknown>[];
      const isLease = (k: Record<string, unknown>) => k.pk === leaseKey.pk && k.sk === leaseKey.sk;
      if (keys.some(isLease) && !unprocessed.some(isLease)) {
        const leaseItem = items.find(isLease);
        leaseFree = !leaseItem || leaseItem.holder === undefined || (leaseItem.expires_at as number) < machineMs();
      }
      for (const item of items) {
        if (isLease(item)) continue;
        found = true;
        this.deliver(committedOf(item));
      }
      keys = unprocessed;
    }
    return { leaseFree, found };
  }
}

/** An event item read back as `commit()` returns it. */
export function committedOf(item: Record<string, unknown>): CommittedEvent {
  return {
    event: JSON.parse(item.payload as string) as ApiEvent,
    seq: {
      all: item.seq_all as number,
      type: item.seq_type as number,
      company: item.seq_company as number | undefined,
      companyType: item.seq_company_type as number | undefined,
    },
  };
}

const sequencers = new Map<string, ScopeSequencer>();

/** This process's sequencer of a partner+mode (kept while in use; a few bytes each). */
export function scopeSequencer(scope: Scope, table: string): ScopeSequencer {
  const key = `${table}\n${scopeKey(scope)}`;
  let s = sequencers.get(key);
  if (!s) {
    s = new ScopeSequencer(scope, table);
    sequencers.set(key, s);
  }
  return s;
}

/** Every worker of this process has stopped (after `stopAllWork`, or in tests). */
export async function sequencersIdle(): Promise<void> {
  await Promise.all([...sequencers.values()].map((s) => s.idle()));
}
