import type { Mode, Scope } from '../scope';
import type { BoundedRun } from '../event-log/bounded-run';
import { monthEndJob, renewalJob } from './run-billing';
import { renewalsDue, renewDuePeriods } from '../orders/run-renewals';
import { runQuoteLapses } from '../orders/run-quote-lapses';
import { lapseQuote } from '../orders/moves/lapse-quote';
import { quotesExpiringBy } from '../store/entities/service-order';
import { runReminders } from '../calendar/run-reminders';
import { fireReminder, remindersDue, type DueReminder } from '../calendar/calendar-events';
import { openCompaniesOfPartner } from '../store/entities/company';
import { closePeriod } from '../billing/close-period';
import { lastClosedPeriod } from '../billing/period';

/**
 * What the service does on a schedule (docs/decisions.md, "The sandbox clock"): ONE list, run two ways.
 * - Real time: each kind is a job (functions/jobs/*.ts, on EventBridge Scheduler in AWS and the local
 *   scheduler in the embedded default) that does everything of a mode due by the time it runs (`job`).
 * - A sandbox clock's advance: every kind says what of one sandbox falls due by a time (`dueOf`), and
 *   the walk (./run-due-in-order.ts) does it all in time order, each at its moment.
 * Both do each thing through the same operation (renew an order, lapse a quote, fire a reminder point,
 * close a month), which is exactly-once by its own guard: a period billed, a point fired, a month closed
 * is never done twice, however the two drivers, a retry or a concurrent run meet.
 */
export interface ScheduledWork {
  name: string;
  /** The real-time job: everything of `mode` due at `asOf` (of one partner when given). */
  job(mode: Mode, asOf: Date, onlyPartner?: string): Promise<number>;
  /** Everything of `scope` due by `upto`, for the walk; what was due before `from` and is not done yet too. */
  dueOf(scope: Scope, from: Date, upto: Date): Promise<Due[]>;
}

/** One thing due at a moment, and how to do it. */
export interface Due {
  at: string;
  /** Among things due at the same moment, lower goes first: the month closes after what bills at its end. */
  rank: number;
  /** Does it (its transactions each a step of `run`); what falls due next because of it, such as an order's next period. */
  settle(run: BoundedRun): Promise<Due[]>;
}

const renewal = (scope: Scope, orderId: string, at: string): Due => ({
  at,
  rank: 0,
  settle: async (run) => {
    const { nextRenewalAt } = await renewDuePeriods(scope, orderId, new Date(at), run);
    return nextRenewalAt && nextRenewalAt > at ? [renewal(scope, orderId, nextRenewalAt)] : [];
  },
});

const quoteLapse = (scope: Scope, orderId: string, at: string): Due => ({
  at,
  rank: 1,
  settle: async (run) => {
    await run.step(() => lapseQuote(scope, orderId, new Date(at)));
    return [];
  },
});

const reminder = (scope: Scope, { event, remindAt }: DueReminder): Due => ({
  at: remindAt,
  rank: 2,
  settle: async (run) => {
    await run.step(async () => {
      await fireReminder(scope, event, remindAt);
      // The deadline's next point embeds this one among those fired, as a job run later would read it.
      event.reminders_fired = [...new Set([...event.reminders_fired, remindAt])].sort();
    });
    return [];
  },
});

const monthEnd = (scope: Scope, at: string): Due => ({
  at,
  rank: 3,
  settle: async (run) => {
    await closePeriod(scope, lastClosedPeriod(new Date(at)), at, run);
    return [];
  },
});

/** The first instant of each month in (from, upto]. */
function monthStartsIn(from: Date, upto: Date): string[] {
  const out: string[] = [];
  for (let m = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1)); m <= upto; ) {
    out.push(m.toISOString());
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
  }
  return out;
}

export const SCHEDULE: readonly ScheduledWork[] = [
  {
    name: 'renewals',
    job: renewalJob,
    dueOf: async (scope, _from, upto) => (await renewalsDue(scope, upto)).map((r) => renewal(scope, r.orderId, r.dueAt)),
  },
  {
    name: 'quote-lapses',
    job: runQuoteLapses,
    dueOf: async (scope, _from, upto) => (await quotesExpiringBy(scope, upto)).map((q) => quoteLapse(scope, q.orderId, q.expiresAt)),
  },
  {
    name: 'reminders',
    job: runReminders,
    dueOf: async (scope, from, upto) => {
      const companies = await openCompaniesOfPartner(scope);
      const due = await Promise.all(companies.map((company) => remindersDue(scope, company, from, upto)));
      return due.flat().map((d) => reminder(scope, d));
    },
  },
  {
    name: 'month-end',
    job: async (mode, asOf, onlyPartner) => (await monthEndJob(mode, asOf, onlyPartner)).length,
    dueOf: async (scope, from, upto) => monthStartsIn(from, upto).map((at) => monthEnd(scope, at)),
  },
];

/** The scheduled work of one job (functions/jobs/<name>.ts). */
export function scheduledWork(name: string): ScheduledWork {
  const work = SCHEDULE.find((w) => w.name === name);
  if (!work) throw new Error(`no scheduled work named ${name}`);
  return work;
}
