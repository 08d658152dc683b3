import * as z from 'zod';
import { now } from '../clock';

/**
 * How far past now a sandbox billing run may reach (docs/decisions.md, "Month-end invoices"). Each
 * period of each recurring order is billed in a transaction of its own, and a run stops before its
 * request's deadline (`has_more`), so a run to a far year (9999) would take thousands of requests.
 */
export const MAX_BILLING_RUN_YEARS_AHEAD = 5;

/** The latest `as_of` a run accepts at `at`. */
export function latestBillingRunAsOf(at: Date): Date {
  const latest = new Date(at.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_BILLING_RUN_YEARS_AHEAD);
  return latest;
}

/** POST /v1/sandbox/billing/run `{as_of}`. */
export const runBillingBody = z.strictObject({
  as_of: z.iso.datetime({ offset: true }).superRefine((value, ctx) => {
    const at = now();
    const asOf = Date.parse(value);
    // A value that is no date-time at all has its `format` issue already; no second, false one.
    if (Number.isNaN(asOf) || asOf <= latestBillingRunAsOf(at).getTime()) return;
    const firstOfNextMonth = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)).toISOString();
    ctx.addIssue({
      code: 'custom',
      message: `is more than ${MAX_BILLING_RUN_YEARS_AHEAD} years from now`,
      params: {
        validation_type: 'maximum',
        how_to_fix: `Send as_of at most ${MAX_BILLING_RUN_YEARS_AHEAD} years from now (until ${latestBillingRunAsOf(at).toISOString()}), such as "as_of": "${firstOfNextMonth}" to close this month; run again with a later as_of to go further.`,
      },
    });
  }),
});
