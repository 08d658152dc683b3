import { TAX_FILING_KINDS, TAX_FILING_STATUSES, type TaxFiling } from '../resources/tax-filing';

/**
 * Rules of the tax filing record (lib/resources/tax-filing.ts; docs/decisions.md, "Orders and
 * billing"). Read-only to partners; the operator (and the sandbox) opens and advances filings.
 */
export { TAX_FILING_KINDS, TAX_FILING_STATUSES, type TaxFiling };
export type TaxFilingKind = (typeof TAX_FILING_KINDS)[number];
export type TaxFilingStatus = (typeof TAX_FILING_STATUSES)[number];

/** The right a filing of this kind consumes (docs/api.md, "The catalog": `<kind>_tax_filing`). */
export const entitlementOf = (kind: TaxFilingKind) => `${kind}_tax_filing`;

/**
 * May a filing move from `from` to `to`? Forward only (open → in_progress → filed), never out of a
 * final status; `accepted` and `rejected` only from `filed` (the authority answers a filed return).
 */
export function canAdvance(from: TaxFilingStatus, to: TaxFilingStatus): boolean {
  if (from === 'accepted' || from === 'rejected') return from === to;
  if (to === 'rejected' || to === 'accepted') return from === 'filed';
  return TAX_FILING_STATUSES.indexOf(to) >= TAX_FILING_STATUSES.indexOf(from);
}

/** The statuses a filing in `from` may move on to, nearest first (none from a final status). */
export function nextFilingStatuses(from: TaxFilingStatus): TaxFilingStatus[] {
  return TAX_FILING_STATUSES.filter((to) => to !== from && canAdvance(from, to));
}

/**
 * Where a bare advance (no `status`, no `progress`) takes a filing: the next step of the happy path
 * (open → in_progress → filed → accepted), as Stripe's test helpers move an object one step on; none
 * from a final status (docs/decisions.md, "Entitlements, tax filings, calendar, fixed assets").
 */
export function nextFilingStatus(from: TaxFilingStatus): TaxFilingStatus | undefined {
  return nextFilingStatuses(from)[0];
}
