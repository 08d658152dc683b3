import { JOB_SHARDS, renewalIndexes } from '../store/keys';
import { livemode, type Mode, type Scope } from '../scope';
import { linesForRenewal } from '../billing/billing-acts';
import { AlreadyBilled } from '../billing/ledger-store';
import { dueAt, nextRenewalAt } from '../billing/renewal-schedule';
import { changeOrder } from './change-order';
import { renewalState } from './order-record';
import { ordersDueForRenewal, type OrderRecord } from '../store/entities/service-order';
import { BoundedRun } from '../event-log/bounded-run';

/** Stops the change without writing: this period was billed by someone else meanwhile. */
class NothingDue extends Error {}

/**
 * Bills every period of one order that is due at `asOf`, one transaction per period, each period exactly
 * once even when the job runs twice, late, or concurrently (docs/decisions.md, "Billing and the ledger"). Two guards make it so:
 * the period's ledger line is keyed by (order, period) and put only if absent, and the order's
 * rewrite is conditioned on the revision read, so a second or concurrent run finds the period billed
 * and moves on; a late run catches up every missed period, each billed at its own due time. Each period
 * is a step of `run`: a run that stops (out of time) stops between two committed periods.
 */
export async function renewOrder(scope: Scope, orderId: string, asOf: Date, run: BoundedRun): Promise<number> {
  let billed = 0;
  for (;;) {
    try {
      const stepped = await run.step(() =>
        changeOrder(scope, orderId, (order) => {
          const due = order.next_renewal_at;
          if (!due || order.status === 'canceled' || Date.parse(due) > asOf.getTime() || !order.interval || order.interval === 'one_time')
            throw new NothingDue();
          const { anchor, billed: k } = renewalState(order);
          // A stored date that disagrees with the schedule means the period was billed: never bill it twice.
          if (dueAt(anchor, order.interval, order.billing, k) !== due) throw new NothingDue();
          const next: OrderRecord = { ...order, periods_billed: k + 1, renewal_anchor: anchor };
          const upcoming = nextRenewalAt(anchor, order.interval, order.billing, k + 1, order.renewal_ends_at);
          if (upcoming) next.next_renewal_at = upcoming;
          else delete next.next_renewal_at;
          return { next, events: [], lines: linesForRenewal(order, k, due, livemode(scope)).lines };
        }),
      );
      if (!stepped) return billed;
      billed++;
    } catch (error) {
      if (error instanceof NothingDue || error instanceof AlreadyBilled) return billed;
      throw error;
    }
  }
}

const dueOrderIds = (index: { index: 'gsi2' | 'gsi3'; pk: string }, asOf: Date) => ordersDueForRenewal(index, asOf);

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
