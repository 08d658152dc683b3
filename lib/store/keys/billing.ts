import type { Mode, Scope } from '../../scope';
import { scopePrefix } from './partners';

/**
 * Access patterns of the ledger, invoices, fixed assets, tax filings and calendar events
 * (docs/decisions.md, "Orders and billing").
 */

/** Spreads global job indexes over a few partitions, so one busy day never makes a hot key. */
export const JOB_SHARDS = 8;
export function shardOf(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % JOB_SHARDS;
}

/** ledgerLineById: one item per line, keyed by the act it bills (the line's own exactly-once guard). */
export const ledgerLineKey = (scope: Scope, lineId: string) => ({ pk: `LN#${scopePrefix(scope)}#${lineId}`, sk: 'LN' });

/**
 * unbilledLinesOfPartner (gsi2, sparse: removed when a line joins an invoice), sorted `<period>#<id>`;
 * unbilledLinesByShard (gsi3, sparse, per mode), sorted `<period>#<partner>#<id>`: the month-end job
 * finds the partners to invoice without a list of partners.
 */
export const unbilledIndexes = {
  ofPartner: (scope: Scope) => ({ index: 'gsi2' as const, pk: `UNBILLED#${scopePrefix(scope)}` }),
  byShard: (mode: Mode, shard: number) => ({ index: 'gsi3' as const, pk: `UNBILLED#${mode}#${shard}` }),
};
/** A line's place on unbilledLinesByShard, and the partner read back from it. */
export const unbilledByShardSortKey = (period: string, partnerId: string, lineId: string) => `${period}#${partnerId}#${lineId}`;
export const partnerOfUnbilledByShard = (sortKey: string) => sortKey.split('#')[1];

/** linesOfInvoice (gsi4), sorted `<billed_at>#<id>`. */
export const invoiceLinesIndex = (scope: Scope, invoiceId: string) => ({
  index: 'gsi4' as const,
  pk: `INVLINES#${scopePrefix(scope)}#${invoiceId}`,
});

/** invoiceById. */
export const invoiceKey = (scope: Scope, invoiceId: string) => ({ pk: `INV#${scopePrefix(scope)}#${invoiceId}`, sk: 'INV' });
/** invoiceOfPeriod: the guard keeping one invoice per partner, mode and period; holds the invoice id. */
export const invoicePeriodKey = (scope: Scope, period: string) => ({ pk: `INVP#${scopePrefix(scope)}#${period}`, sk: 'GUARD' });
/** invoicesOfPartner (gsi1, finalized invoices only), sorted `<created_at>#<id>`. */
export const invoicesIndex = (scope: Scope) => ({ index: 'gsi1' as const, pk: `INVS#${scopePrefix(scope)}` });
/** The counter behind `page.total` of GET /invoices. */
export const invoiceCounterKey = (scope: Scope) => ({ pk: `CNT#${scopePrefix(scope)}`, sk: 'invoices' });

/**
 * ordersDueForRenewal: recurring order items carry both while they have a `next_renewal_at`, sorted
 * `<next_renewal_at>#…`: per partner and mode (gsi2, the sandbox's billing run) and per mode and shard
 * (gsi3, the scheduled job).
 */
export const renewalIndexes = {
  ofPartner: (scope: Scope) => ({ index: 'gsi2' as const, pk: `RENEW#${scopePrefix(scope)}` }),
  byShard: (mode: Mode, shard: number) => ({ index: 'gsi3' as const, pk: `RENEW#${mode}#${shard}` }),
};

/**
 * quotesByExpiry (gsi4 on order items, sparse: only while a quote awaits acceptance), per mode and shard,
 * sorted `<partner>#<expires_at>#<order>`: the quote-lapse job reads a shard whole, a sandbox clock's
 * advance one partner's range of it.
 */
export const quoteLapseIndex = (mode: Mode, shard: number) => ({ index: 'gsi4' as const, pk: `QUOTE#${mode}#${shard}` });

/** Items of a company that live in their own partitions, listed by company (the company id is the pk). */
export const fixedAssetKey = (scope: Scope, companyId: string, assetId: string) => ({
  pk: `FXA#${scopePrefix(scope)}#${companyId}`,
  sk: assetId,
});
export const fixedAssetsOfCompany = (scope: Scope, companyId: string) => `FXA#${scopePrefix(scope)}#${companyId}`;
/** The counter numbering a company's fixed assets (`number`: FA-0001, …). */
export const fixedAssetCounterKey = (scope: Scope, companyId: string) => ({ pk: `FXA#${scopePrefix(scope)}#${companyId}`, sk: '#COUNTER' });

/** taxFilingsOfCompany: pk per company, sk `<created_at>#<id>`. */
export const taxFilingsOfCompany = (scope: Scope, companyId: string) => `TF#${scopePrefix(scope)}#${companyId}`;
/** taxFilingById: a pointer holding the filing's key (lib/store/read-by-id.ts). */
export const taxFilingPointerKey = (scope: Scope, taxFilingId: string) => ({ pk: `TFID#${scopePrefix(scope)}#${taxFilingId}`, sk: 'TF' });
/** One filing per company, kind and year. */
export const taxFilingGuardKey = (scope: Scope, companyId: string, kind: string, year: number) => ({
  pk: `TFG#${scopePrefix(scope)}#${companyId}#${kind}#${year}`,
  sk: 'GUARD',
});

/** calendarEventsOfCompany: pk per company, sk the event id (deterministic per kind and due date). */
export const calendarOfCompany = (scope: Scope, companyId: string) => `CAL#${scopePrefix(scope)}#${companyId}`;
/**
 * openCompaniesByShard (gsi4 on company items, sparse: a dissolved company leaves it), sorted
 * `<partner>#<company>`: the reminder job walks every open company of a mode without a partner list.
 */
export const openCompaniesIndex = (mode: Mode, shard: number) => ({ index: 'gsi4' as const, pk: `OPENCMP#${mode}#${shard}` });
/** Fired once per reminder point. */
export const reminderGuardKey = (scope: Scope, calendarEventId: string, remindAt: string) => ({
  pk: `CALR#${scopePrefix(scope)}#${calendarEventId}`,
  sk: remindAt,
});
