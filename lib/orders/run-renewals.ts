import { JOB_SHARDS, renewalIndexes } from '../store/keys';
import { livemode, type Mode, type Scope } from '../scope';
import { linesForRenewal } from '../billing/billing-acts';
import { AlreadyBilled } from '../billing/ledger-store';
import { dueAt, nextRenewalAt } from '../billing/renewal-schedule';
import { changeOrder } from './change-order';
import { renewalState } from './order-record';
import { ordersDueForRenewal, type OrderRecord } from '../store/entities/service-order';
import { BoundedRun } from '../event-log/bounded-run';

/** Stops the change without writing: no period is due (this one was billed by someone else meanwhile). */
class NothingDue extends Error {
  /** When the order bills next, as read. */
  constructor(readonly nextDue?: string) {
    super('nothing due');
  }
}

/**
 * Bills every period of one order that is due at `asOf`, one transaction per period, each period exactly
 * once even when the job runs twice, late, or concurrently (docs/decisions.md, "Billing and the ledger"). Two guards make it so:
 * the period's ledger line is keyed by (order, period) and put only if absent, and the order's
 * rewrite is conditioned on the revision read, so a second or concurrent run finds the period billed
 * and moves on; a late run catches up every missed period, each billed at its own due time. Each period
 * is a step of `run`: a run that stops (out of time) stops between two committed periods.
 */
export async function renewOrder(scope: Scope, orderId: string, asOf: Date, run: BoundedRun): Promise<number> {
  return (await renewDuePeriods(scope, orderId, asOf, run)).billed;
}

/** What renewing an order did: periods billed, and when its next period bills (none: renewals ended). */
export interface Renewed {
  billed: number;
  nextRenewalAt?: string;
}

/** renewOrder, saying also when the order bills next (the sandbox clock's walk puts that moment in line). */
export async function renewDuePeriods(scope: Scope, orderId: string, asOf: Date, run: BoundedRun): Promise<Renewed> {
  let billed = 0;
  let next: string | undefined;
  for (;;) {
    try {
      const stepped = await run.step(async () => {
        const written = await changeOrder(scope, orderId, (order) => {
          const due = order.next_renewal_at;
          if (!due || order.status === 'canceled' || Date.parse(due) > asOf.getTime() || !order.interval || order.interval === 'one_time')
            throw new NothingDue(order.status === 'canceled' ? undefined : due);
          const { anchor, billed: k } = renewalState(order);
          // A stored date that disagrees with the schedule means the period was billed: never bill it twice.
          if (dueAt(anchor, order.interval, order.billing, k) !== due) throw new NothingDue();
          const next: OrderRecord = { ...order, periods_billed: k + 1, renewal_anchor: anchor };
          const upcoming = nextRenewalAt(anchor, order.interval, order.billing, k + 1, order.renewal_ends_at);
          if (upcoming) next.next_renewal_at = upcoming;
          else delete next.next_renewal_at;
          return { next, events: [], lines: linesForRenewal(order, k, due, livemode(scope)).lines };
        });
        next = written.next_renewal_at;
      });
      if (!stepped) return { billed, nextRenewalAt: next };
      billed++;
    } catch (error) {
      if (error instanceof NothingDue) return { billed, nextRenewalAt: error.nextDue };
      if (error instanceof AlreadyBilled) return { billed };
      throw error;
    }
  }
}

const dueOrderIds = (index: { index: 'gsi2' | 'gsi3'; pk: string }, asOf: Date) => ordersDueForRenewal(index, asOf);

/** A due period of one order on a sandbox's renewal list. */
export interface RenewalDue {
  orderId: string;
  dueAt: string;
}

/** ordersDueForRenewal of one partner and mode: each order's next renewal at or before `upto`. */
export async function renewalsDue(scope: Scope, upto: Date): Promise<RenewalDue[]> {
  return (await dueOrderIds(renewalIndexes.ofPartner(scope), upto)).map(({ orderId, dueAt }) => ({ orderId, dueAt }));
}

/**
 * The sandbox's billing run (and the renewal job limited to one partner): renewals of one partner and
 * mode due at `asOf`. With a bounded `run`, it may stop before the last (`run.complete` false).
 */
export async function runRenewalsOf(scope: Scope, asOf: Date, run = BoundedRun.toTheEnd()): Promise<number> {
  let total = 0;
  for (const { orderId } of await dueOrderIds(renewalIndexes.ofPartner(scope), asOf)) {
    total += await renewOrder(scope, orderId, asOf, run);
    if (!run.complete) break;
  }
  return total;
}

/** The scheduled job: renewals of every partner of a mode due at `asOf`, shard by shard. */
export async function runRenewals(mode: Mode, asOf: Date): Promise<number> {
  const run = BoundedRun.toTheEnd();
  let total = 0;
  for (let shard = 0; shard < JOB_SHARDS; shard++) {
    for (const { partnerId, orderId } of await dueOrderIds(renewalIndexes.byShard(mode, shard), asOf)) {
      total += await renewOrder({ partnerId, mode }, orderId, asOf, run);
    }
  }
  return total;
}
