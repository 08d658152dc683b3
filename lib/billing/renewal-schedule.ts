/**
 * Renewal dates of a recurring order (spec Service order `next_renewal_at`, billing rules).
 *
 * Period k of an order runs from `anchor + k·interval` to `anchor + (k+1)·interval`. An advance product
 * bills period k at its start, an arrears product at its end. Dates are always computed from the
 * anchor, never from the previous date, so a 31st-of-the-month order bills on the 31st again after a
 * short month instead of drifting to the 28th.
 */
export type RecurringInterval = 'monthly' | 'yearly';
export type BillingTiming = 'advance' | 'arrears';

/** `anchor` plus `months` calendar months, the day clamped to the target month's last day (UTC). */
export function addMonths(anchor: string, months: number): string {
  const d = new Date(anchor);
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString();
}

const monthsOf = (interval: RecurringInterval) => (interval === 'monthly' ? 1 : 12);

export function periodStart(anchor: string, interval: RecurringInterval, k: number): string {
  return addMonths(anchor, k * monthsOf(interval));
}

export function periodEnd(anchor: string, interval: RecurringInterval, k: number): string {
  return addMonths(anchor, (k + 1) * monthsOf(interval));
}

/** When period k bills: its start (advance) or its end (arrears). */
export function dueAt(anchor: string, interval: RecurringInterval, billing: BillingTiming, k: number): string {
  return billing === 'advance' ? periodStart(anchor, interval, k) : periodEnd(anchor, interval, k);
}

/**
 * Does period k bill at all? Without an approved renewal cancel, always. After one, only periods that
 * start before `renewal_ends_at`: an advance product has then billed everything it will, an arrears
 * product still bills the running period once, at its end.
 */
export function periodBills(anchor: string, interval: RecurringInterval, k: number, renewalEndsAt?: string): boolean {
  if (!renewalEndsAt) return true;
  return Date.parse(periodStart(anchor, interval, k)) < Date.parse(renewalEndsAt);
}

/** `next_renewal_at` after `billed` periods were billed: the due time of the next one, or none. */
export function nextRenewalAt(
  anchor: string,
  interval: RecurringInterval,
  billing: BillingTiming,
  billed: number,
  renewalEndsAt?: string,
): string | undefined {
  return periodBills(anchor, interval, billed, renewalEndsAt) ? dueAt(anchor, interval, billing, billed) : undefined;
}
