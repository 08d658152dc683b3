import * as z from 'zod';
import { now } from '../clock';
import { cursorParams, limitParam, refuseAfterWithBefore } from '../paging/list-query';
import { bothModesPage } from '../paging/both-modes';
import { listingFingerprint } from '../paging/cursor';
import type { PageBlock } from '../paging/keyset-page';
import { invoiceListing, listInvoices } from '../billing/invoice-store';
import { getInvoiceRecord } from '../billing/close-period';
import { linesOfInvoice } from '../billing/ledger-store';
import { renderInvoice, type InvoiceRecord } from '../billing/invoice';
import type { LedgerLine } from '../billing/ledger-line';
import { hostedInvoiceUrl } from '../billing/hosted-link';
import { invoiceIdParams } from '../orders/params';
import type { Invoice } from '../resources/invoice';
import type { Mode, Scope } from '../scope';
import { livemodeParam } from './schemas';

/**
 * The dashboard's invoices (the API surface: `GET /dashboard/api/invoices` and `/{invoiceID}`, also a
 * page): both modes unless `livemode` names one, newest first, paged; each the API's Invoice with its
 * hosted page and PDF links, minted for the hour as `GET /v1/invoices/{id}` mints them.
 */
export const dashboardInvoicesQuery = z
  .strictObject({ livemode: livemodeParam, limit: limitParam, ...cursorParams })
  .superRefine(refuseAfterWithBefore);

export const dashboardInvoiceParams = invoiceIdParams;

export type DashboardInvoice = Invoice & { hosted_url: string; pdf_url: string };

const scopeOf = (partnerId: string, mode: Mode): Scope => ({ partnerId, mode });

async function withLinks(partnerId: string, record: InvoiceRecord, lines?: LedgerLine[]): Promise<DashboardInvoice> {
  const hosted = await hostedInvoiceUrl(scopeOf(partnerId, record.livemode ? 'live' : 'test'), record.id, now().getTime());
  return { ...renderInvoice(record, { hostedUrl: hosted, lines }), hosted_url: hosted, pdf_url: `${hosted}.pdf` };
}

/** The listings' sort key: `<finalized_at>#<id>`, as the invoices index orders them. */
const sortKeyOf = (invoice: DashboardInvoice) => `${invoice.created_at}#${invoice.id}`;

export async function dashboardInvoices(
  partnerId: string,
  q: z.output<typeof dashboardInvoicesQuery>,
): Promise<{ object: 'list'; page: PageBlock; items: DashboardInvoice[] }> {
  const inMode = async (mode: Mode, cursors: { after?: string; before?: string }) => {
    const page = await listInvoices(scopeOf(partnerId, mode), { limit: q.limit, ...cursors });
    return { page: page.page, items: await Promise.all(page.items.map((record) => withLinks(partnerId, record))) };
  };
  if (q.livemode !== undefined) return { object: 'list', ...(await inMode(q.livemode ? 'live' : 'test', q)) };
  return bothModesPage({
    listing: listingFingerprint({ route: 'dashboard/invoices', partner: partnerId }),
    modeListing: (mode) => invoiceListing(scopeOf(partnerId, mode)),
    query: q,
    inMode,
    sortKeyOf,
  });
}

/** One invoice of the partner, in whichever mode, with its lines; undefined when there is none (or a draft). */
export async function dashboardInvoice(partnerId: string, invoiceId: string): Promise<DashboardInvoice | undefined> {
  for (const mode of ['live', 'test'] as const) {
    const scope = scopeOf(partnerId, mode);
    const [record, lines] = await Promise.all([getInvoiceRecord(scope, invoiceId), linesOfInvoice(scope, invoiceId)]);
    if (record && record.status !== 'draft') return withLinks(partnerId, record, lines);
  }
  return undefined;
}
