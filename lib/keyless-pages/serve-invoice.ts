import type { APIGatewayProxyEvent } from 'aws-lambda';
import { header, type ApiResponse } from '../http/core/types';
import { now } from '../clock';
import { config } from '../config';
import { resourceMissing } from '../errors';
import { getCompany } from '../store/entities/company';
import { legalName } from '../resources/legal-name';
import { getPartner } from '../partners/partner';
import { readHostedToken } from '../billing/hosted-link';
import { getInvoiceRecord } from '../billing/close-period';
import { linesOfInvoice } from '../billing/ledger-store';
import { renderInvoice } from '../billing/invoice';
import { invoiceDocument } from '../billing/invoice-document';
import { hostedInvoicePage } from '../billing/hosted-page';
import { hostedInvoicePdf } from '../billing/hosted-pdf';
import { HTML_HEADERS } from './layout';
import { wantsJson } from './wants-json';
import { invoiceNotFoundPage } from './invoice-not-found-page';

/** The PDF of a hosted invoice is its link with `.pdf` appended: the same signed token, the same route. */
export const PDF_SUFFIX = '.pdf';

/**
 * GET /invoices/hosted/{token}: the invoice a `hosted_url` names, as the page (HTML), its PDF (the
 * token followed by `.pdf`) or its JSON (`Accept: application/json`). A forged, tampered or expired
 * token is 404 in every form: a page saying what to do, or the envelope when JSON is asked for
 * (docs/decisions.md, "Month-end invoices", "The hosted invoice").
 */
export async function serveHostedInvoice(event: APIGatewayProxyEvent): Promise<ApiResponse> {
  const raw = event.pathParameters?.token ?? '';
  const pdf = raw.endsWith(PDF_SUFFIX);
  const token = pdf ? raw.slice(0, -PDF_SUFFIX.length) : raw;
  const target = await readHostedToken(token, now().getTime());
  const scope = target ? { partnerId: target.partnerId, mode: target.mode } : undefined;
  const record = scope ? await getInvoiceRecord(scope, target!.invoiceId) : undefined;
  const json = wantsJson(header(event, 'accept'));
  if (!scope || !record || record.status === 'draft') {
    // A script asking for JSON gets the envelope; a person (the page or its PDF link) gets a page.
    if (json) throw resourceMissing('invoice page', undefined);
    return { status: 404, text: invoiceNotFoundPage(), headers: HTML_HEADERS };
  }
  const lines = await linesOfInvoice(scope, record.id);
  if (!pdf && json) return { status: 200, body: renderInvoice(record, { lines }), headers: { 'Cache-Control': 'no-store' } };

  const companyIds = [...new Set(lines.flatMap((l) => (l.company ? [l.company] : [])))];
  const companies = await Promise.all(companyIds.map((id) => getCompany(scope, id)));
  const companyNames: Record<string, string> = {};
  for (const company of companies) if (company) companyNames[company.id] = legalName(company.name, company.name_style, company.ending);
  const partner = await getPartner(scope.partnerId);
  const billTo = {
    name: partner?.name ?? scope.partnerId,
    lines: [...(partner ? [partner.owner_email] : []), `Partner ${scope.partnerId}`],
  };
  const doc = invoiceDocument({ record, lines, issuer: config().issuer, billTo, companyNames });

  if (pdf) {
    return {
      status: 200,
      bytes: hostedInvoicePdf(doc),
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${doc.number}.pdf"`,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex',
      },
    };
  }
  // The link to the PDF is relative: the page's own address with `.pdf`, whatever host served it.
  return { status: 200, text: hostedInvoicePage(doc, `./${encodeURIComponent(token)}${PDF_SUFFIX}`), headers: HTML_HEADERS };
}
