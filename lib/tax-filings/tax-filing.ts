/**
 * The tax filing record (the spec leaves its fields open; docs/decisions.md, "Orders and billing").
 * Read-only to partners; the operator (and the sandbox) opens and advances filings.
 */
export const TAX_FILING_KINDS = ['federal', 'state'] as const;
export type TaxFilingKind = (typeof TAX_FILING_KINDS)[number];

/** Statuses in their only order; `accepted` and `rejected` are both final. */
export const TAX_FILING_STATUSES = ['open', 'in_preparation', 'filed', 'accepted', 'rejected'] as const;
export type TaxFilingStatus = (typeof TAX_FILING_STATUSES)[number];

export type TaxFiling = {
  object: 'tax_filing';
  id: string;
  company: string;
  kind: TaxFilingKind;
  /** The tax year the return covers. */
  year: number;
  status: TaxFilingStatus;
  /** Percent of the preparation done, 0..100. */
  progress: number;
  livemode: boolean;
  created_at: string;
  updated_at: string;
};

/** The right a filing of this kind consumes (API-SURFACE: `<kind>_tax_filing`). */
export const entitlementOf = (kind: TaxFilingKind) => `${kind}_tax_filing`;

/**
 * May a filing move from `from` to `to`? Forward only, one step or more, never out of a final status;
 * `rejected` only from `filed` (the authority answers a filed return).
 */
export function canAdvance(from: TaxFilingStatus, to: TaxFilingStatus): boolean {
  if (from === 'accepted' || from === 'rejected') return from === to;
  if (to === 'rejected' || to === 'accepted') return from === 'filed';
  return TAX_FILING_STATUSES.indexOf(to) >= TAX_FILING_STATUSES.indexOf(from);
}
