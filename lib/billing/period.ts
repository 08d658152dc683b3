/**
 * Billing periods are UTC calendar months, named `YYYY-MM` (docs/decisions.md, "Orders and billing").
 * A ledger line belongs to the period of the moment it was billed; the month-end close of period P
 * invoices every line of P and any earlier line not yet invoiced (a late one is never lost).
 */
export type Period = string;

export function periodOf(iso: string | Date): Period {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function isPeriod(value: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** The first instant of the period and the first instant of the next one. */
export function periodBounds(period: Period): { start: string; end: string } {
  const [y, m] = period.split('-').map(Number);
  return { start: new Date(Date.UTC(y, m - 1, 1)).toISOString(), end: new Date(Date.UTC(y, m, 1)).toISOString() };
}

export function nextPeriod(period: Period): Period {
  return periodOf(periodBounds(period).end);
}

/** The last period that has fully ended at `asOf`: the month before `asOf`'s month. */
export function lastClosedPeriod(asOf: Date): Period {
  return periodOf(new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - 1, 1)));
}

/** `2026-10` → `October 2026` (UTC). */
export function monthName(period: Period): string {
  return new Date(periodBounds(period).start).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' });
}
