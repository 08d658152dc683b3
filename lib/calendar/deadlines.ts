/**
 * Compliance deadlines per company (docs/decisions.md, "Entitlements, tax filings, calendar, fixed assets"). Two kinds:
 * the state annual report, by formation state, and the federal income tax return, by entity type.
 * The table holds the states whose rule is a fixed date; every other state's report is due by the end
 * of the company's anniversary month (the most common rule). Amounts and exceptions (franchise tax
 * tiers, biennial filers) are the operator's business, not the calendar's.
 */
export type DeadlineKind = 'annual_report' | 'federal_tax_filing';

/** Fixed annual-report dates (month 1-12, day) by state and entity type. */
const FIXED_ANNUAL_REPORT: Record<string, { llc?: [number, number]; c_corp?: [number, number] }> = {
  DE: { llc: [6, 1], c_corp: [3, 1] },
  FL: { llc: [5, 1], c_corp: [5, 1] },
  TX: { llc: [5, 15], c_corp: [5, 15] },
  NY: {},
  CA: {},
};

/** Reminder points, in days before the due date. */
export const REMIND_DAYS_BEFORE = [60, 30, 7] as const;

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/** The next due date of a kind strictly after `from` (dates at 00:00 UTC). */
export function nextDueDate(kind: DeadlineKind, company: { state: string; entity_type: string; anniversary: string }, from: Date): Date {
  const candidates = (year: number): Date => {
    if (kind === 'federal_tax_filing') return company.entity_type === 'c_corp' ? utc(year, 4, 15) : utc(year, 3, 15);
    const fixed = FIXED_ANNUAL_REPORT[company.state]?.[company.entity_type as 'llc' | 'c_corp'];
    if (fixed) return utc(year, fixed[0], fixed[1]);
    const month = new Date(company.anniversary).getUTCMonth() + 1;
    return utc(year, month + 1, 0); // last day of the anniversary month
  };
  // The first filing falls in the year after formation.
  const firstYear = new Date(company.anniversary).getUTCFullYear() + 1;
  for (let year = Math.max(firstYear, from.getUTCFullYear()); ; year++) {
    const due = candidates(year);
    if (due.getTime() > from.getTime()) return due;
  }
}

export function reminderPoints(due: Date): string[] {
  return REMIND_DAYS_BEFORE.map((days) => new Date(due.getTime() - days * 86_400_000).toISOString());
}
