import { nowIso } from '../clock';
import type { Mode, Scope } from '../scope';
import { JOB_SHARDS } from '../store/keys';
import { runRenewals, runRenewalsOf } from '../orders/run-renewals';
import { closePeriod } from '../billing/close-period';
import { partnersWithUnbilledLines } from '../billing/ledger-store';
import { lastClosedPeriod, periodBounds } from '../billing/period';
import type { InvoiceRecord } from '../billing/invoice';
import { BoundedRun } from '../event-log/bounded-run';

/** What a sandbox billing run did; `has_more`: it stopped before the end, and running again goes on. */
export interface SandboxBillingRun {
  renewals_billed: number;
  invoice?: InvoiceRecord;
  has_more: boolean;
}

/**
 * The sandbox's `billing/run {as_of}`: the same renewal and month-end close as the scheduled jobs, for
 * the caller's sandbox only, as of that time. The invoice it makes is a test-mode invoice: it lives in
 * the test scope, so it can never hold a live line, and nothing charges it. The run answers before its
 * request's deadline (docs/decisions.md, "Month-end invoices"): it stops between two committed steps
 * when time runs short and says `has_more`; the month closes only once every renewal due is billed,
 * since the close is once per period and a renewal billed after it would miss its month's invoice.
 */
export async function runSandboxBilling(scope: Scope, asOf: Date, run = BoundedRun.beforeDeadline()): Promise<SandboxBillingRun> {
  const renewalsBilled = await runRenewalsOf(scope, asOf, run);
  // Issued at its period's close, as the month-end job issues one just after it: never before the
  // period it bills has ended, whatever the real time of the run (docs/decisions.md, "The hosted invoice").
  const period = lastClosedPeriod(asOf);
  const invoice = run.complete ? await closePeriod(scope, period, periodBounds(period).end, run) : undefined;
  return { renewals_billed: renewalsBilled, invoice, has_more: !run.complete };
}

/** The scheduled renewal job (functions/jobs/renewals.ts): every partner of the mode, or only one. */
export function renewalJob(mode: Mode, asOf: Date, onlyPartner?: string): Promise<number> {
  return onlyPartner ? runRenewalsOf({ partnerId: onlyPartner, mode }, asOf) : runRenewals(mode, asOf);
}

/**
 * The scheduled month-end job (functions/jobs/month-end.ts): one invoice per partner for the month
 * that ended before `asOf`, for each partner with lines to bill. Safe to run twice or concurrently:
 * closePeriod is exactly-once per partner, mode and period.
 */
export async function monthEndJob(mode: Mode, asOf: Date, onlyPartner?: string): Promise<InvoiceRecord[]> {
  const period = lastClosedPeriod(asOf);
  const out: InvoiceRecord[] = [];
  for (const partnerId of onlyPartner ? [onlyPartner] : await partnersWithUnbilledLines(mode, period, JOB_SHARDS)) {
    const invoice = await closePeriod({ partnerId, mode }, period, nowIso());
    if (invoice) out.push(invoice);
  }
  return out;
}
