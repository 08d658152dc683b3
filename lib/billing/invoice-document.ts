import type { InvoiceRecord } from './invoice';
import type { LedgerLine } from './ledger-line';
import { monthName, periodBounds } from './period';
import { PRODUCTS } from '../catalog/products';
import { formatMoney, productName, statementLines } from './line-words';

/**
 * The invoice as the document a partner's finance team files (docs/decisions.md, "The hosted
 * invoice"): who issues it and who pays it, its number, period and dates, and its lines grouped by
 * company, each order with its options, fees and credits under it. The hosted page and its PDF are
 * two renderings of this one model, so they cannot disagree.
 */

/** Payment terms: due 30 days after the invoice is issued (the spec leaves terms open). */
export const PAYMENT_TERMS_DAYS = 30;

export interface Party {
  name: string;
  /** Address lines and contact, each printed on its own line. */
  lines: string[];
}

export interface DocumentRow {
  description: string;
  /** The billing date (`YYYY-MM-DD`); absent on an option row, which shares its order's. */
  date?: string;
  amount: number;
  /** `item` (an order, renewal or adjustment), `option` (a paid choice priced into the line above), `fee` or `credit`. */
  role: 'item' | 'option' | 'fee' | 'credit';
}

export interface DocumentOrder {
  /** The service order (`so_…`), or undefined for account-level lines (a carried credit). */
  id?: string;
  title: string;
  rows: DocumentRow[];
}

export interface DocumentCompany {
  /** The company (`co_…`), or undefined for lines of the account as a whole. */
  id?: string;
  name: string;
  orders: DocumentOrder[];
  subtotal: number;
}

export interface InvoiceDocument {
  number: string;
  status: string;
  test: boolean;
  currency: string;
  issuer: Party;
  billTo: Party;
  /** "November 2026" and the first and last day it covers (`YYYY-MM-DD`). */
  period: { label: string; from: string; to: string };
  issuedOn: string;
  dueOn: string;
  companies: DocumentCompany[];
  charges: number;
  credits: number;
  total: number;
  amountPaid: number;
  amountDue: number;
}

export interface DocumentInput {
  record: InvoiceRecord;
  lines: LedgerLine[];
  issuer: Party;
  billTo: Party;
  /** Legal names of the companies the lines bill, by id (a company no longer readable shows its id). */
  companyNames: Record<string, string>;
}

const day = (iso: string) => iso.slice(0, 10);
const addDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();

/** "2026-11-23" → "November 23, 2026" (UTC). */
export function longDate(isoDay: string): string {
  return new Date(`${isoDay.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

export function money(cents: number, currency: string): string {
  return formatMoney(cents, currency);
}

/**
 * A line recorded in a month already closed is billed on the next invoice: it says so, by its month
 * ("late line of October 2026"), so that every line reads as of the invoice's period or as late.
 */
export function lateLabel(line: Pick<LedgerLine, 'period'>, invoicePeriod: string): string | undefined {
  return line.period && line.period < invoicePeriod ? `late line of ${monthName(line.period)}` : undefined;
}

function rowsOf(line: LedgerLine, invoicePeriod: string): DocumentRow[] {
  const late = lateLabel(line, invoicePeriod);
  return rowsOfLine(line).map((row) => (late && row.role !== 'option' ? { ...row, description: `${row.description} (${late})` } : row));
}

/** The rows of a line are its statement lines, worded as the API's invoice lines are. */
function rowsOfLine(line: LedgerLine): DocumentRow[] {
  const date = day(line.billed_at);
  const credit = line.amount < 0 || line.kind === 'credit' || line.kind === 'credit_carried';
  return statementLines(line).map((part) =>
    part.kind === 'option'
      ? { description: part.description, amount: part.amount, role: 'option' }
      : { description: part.description, date, amount: part.amount, role: credit ? 'credit' : line.kind === 'fee' ? 'fee' : 'item' },
  );
}

const catalogRank = (line: LedgerLine) => (line.product_key ? PRODUCTS.findIndex((p) => p.key === line.product_key) : PRODUCTS.length);
const rank = (line: LedgerLine) =>
  line.amount < 0 || line.kind === 'credit' || line.kind === 'credit_carried' ? 2 : line.kind === 'fee' ? 1 : 0;

/** The document of an invoice: lines grouped by company (in the order first billed), then by order. */
export function invoiceDocument(input: DocumentInput): InvoiceDocument {
  const { record, lines } = input;
  const companies = new Map<string, DocumentCompany>();
  const ACCOUNT = '';
  const linesOfOrder = new Map<DocumentOrder, LedgerLine[]>();
  // First billed first; orders billed together (a company's creation) in the catalog's order.
  for (const line of [...lines].sort(
    (a, b) => a.billed_at.localeCompare(b.billed_at) || catalogRank(a) - catalogRank(b) || a.key.localeCompare(b.key),
  )) {
    const companyKey = line.company ?? ACCOUNT;
    let company = companies.get(companyKey);
    if (!company) {
      company = {
        id: line.company,
        name: line.company ? (input.companyNames[line.company] ?? line.company) : 'Account adjustments',
        orders: [],
        subtotal: 0,
      };
      companies.set(companyKey, company);
    }
    const orderId = line.service_order;
    let order = company.orders.find((o) => o.id === orderId);
    if (!order) {
      order = { id: orderId, title: orderId ? productName(line.product_key) : 'Credits', rows: [] };
      company.orders.push(order);
      linesOfOrder.set(order, []);
    }
    linesOfOrder.get(order)!.push(line);
    company.subtotal += line.amount;
  }
  // Under each order: what it bills first (with its options), then its fees, then its credits.
  for (const [order, ofOrder] of linesOfOrder)
    order.rows = ofOrder.sort((a, b) => rank(a) - rank(b)).flatMap((l) => rowsOf(l, record.period));
  // The account's own lines (carried credits) come after every company.
  const grouped = [...companies.entries()].sort(([a], [b]) => Number(a === ACCOUNT) - Number(b === ACCOUNT)).map(([, c]) => c);
  const issued = record.finalized_at ?? record.created_at;
  const bounds = periodBounds(record.period);
  const charges = lines.filter((l) => l.amount > 0).reduce((s, l) => s + l.amount, 0);
  const credits = lines.filter((l) => l.amount < 0).reduce((s, l) => s + l.amount, 0);
  const status = record.status === 'draft' ? 'open' : record.status;
  return {
    number: record.number ?? record.id,
    status,
    test: !record.livemode,
    currency: record.currency,
    issuer: input.issuer,
    billTo: input.billTo,
    period: {
      label: new Date(bounds.start).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' }),
      from: day(bounds.start),
      to: day(addDays(bounds.end, -1)),
    },
    issuedOn: day(issued),
    dueOn: day(addDays(issued, PAYMENT_TERMS_DAYS)),
    companies: grouped,
    charges,
    credits,
    total: record.total,
    amountPaid: record.amount_paid,
    amountDue: record.total - record.amount_paid,
  };
}
