import { longDate, money, PAYMENT_TERMS_DAYS, type InvoiceDocument } from './invoice-document';
import { LATE_LINES_NOTE } from './invoice';
import { shortDate, STATUS_WORDS } from './hosted-page';
import { PdfWriter, type Rgb } from './pdf-writer';

/**
 * The hosted invoice as a PDF: the same document as the page (lib/billing/invoice-document.ts), laid
 * out on US Letter with the PDF standard fonts (nothing embedded, nothing read from disk), by our small
 * writer (./pdf-writer.ts; docs/decisions.md, "The hosted invoice").
 */
const PAGE = { width: 612, height: 792, margin: 50 };
const RIGHT = PAGE.width - PAGE.margin;
const DATE_X = 400;
const INK: Rgb = [29, 35, 48];
const MUTED: Rgb = [91, 98, 114];
const CREDIT: Rgb = [161, 42, 42];
const RULE: Rgb = [201, 206, 216];

export function hostedInvoicePdf(doc: InvoiceDocument): Buffer {
  const pdf = new PdfWriter({
    title: `Invoice ${doc.number}`,
    subject: `${doc.issuer.name} invoice ${doc.number} to ${doc.billTo.name}`,
    author: doc.issuer.name,
  });
  const c = doc.currency;
  let y = PAGE.margin;

  const text = (s: string, x: number, opts: { bold?: boolean; size?: number; color?: Rgb; align?: 'left' | 'right' } = {}) =>
    pdf.text(s, x, y, { style: opts.bold ? 'bold' : 'normal', size: opts.size, color: opts.color ?? INK, align: opts.align });
  const rule = (weight: number, color: Rgb = RULE) => pdf.line(PAGE.margin, y, RIGHT, y, weight, color);
  /** A new page when `needed` points do not fit, with the number repeated at its top. */
  const room = (needed: number) => {
    if (y + needed <= PAGE.height - PAGE.margin) return;
    pdf.addPage();
    y = PAGE.margin;
    text(`Invoice ${doc.number} (continued)`, PAGE.margin, { color: MUTED, size: 9 });
    y += 20;
  };

  // Issuer on the left; the title and the invoice's facts on the right.
  const top = y;
  text(doc.issuer.name, PAGE.margin, { bold: true, size: 14 });
  y += 20;
  for (const line of doc.issuer.lines) {
    text(line, PAGE.margin, { color: MUTED });
    y += 13;
  }
  const leftBottom = y;
  y = top;
  text('INVOICE', RIGHT, { bold: true, size: 20, align: 'right' });
  y += 30;
  const facts: [string, string][] = [
    ['Invoice number', doc.number],
    ['Status', STATUS_WORDS[doc.status] ?? doc.status],
    ['Issued', longDate(doc.issuedOn)],
    ['Due', longDate(doc.dueOn)],
    ['Period', `${longDate(doc.period.from)} – ${longDate(doc.period.to)}`],
  ];
  for (const [label, value] of facts) {
    text(label, RIGHT - 230, { color: MUTED });
    text(value, RIGHT, { bold: true, align: 'right' });
    y += 14;
  }
  y = Math.max(y, leftBottom) + 8;
  rule(1.5, INK);
  y += 14;

  if (doc.test) {
    text('Test invoice. Made in the sandbox: it is never charged.', PAGE.margin, { bold: true, color: [138, 98, 0] });
    y += 20;
  }
  text('BILL TO', PAGE.margin, { bold: true, size: 8, color: MUTED });
  y += 12;
  text(doc.billTo.name, PAGE.margin, { bold: true });
  y += 14;
  for (const line of doc.billTo.lines) {
    text(line, PAGE.margin);
    y += 13;
  }
  y += 16;

  for (const company of doc.companies) {
    room(70);
    text(company.name, PAGE.margin, { bold: true, size: 12 });
    if (company.id) text(company.id, RIGHT, { size: 8, color: MUTED, align: 'right' });
    y += 18;
    text('DESCRIPTION', PAGE.margin, { bold: true, size: 7.5, color: MUTED });
    text('DATE', DATE_X, { bold: true, size: 7.5, color: MUTED });
    text('AMOUNT', RIGHT, { bold: true, size: 7.5, color: MUTED, align: 'right' });
    y += 12;
    rule(0.75);
    y += 5;
    for (const row of company.orders.flatMap((o) => o.rows)) {
      room(16);
      const indent = row.role === 'item' ? 0 : 16;
      const color = row.role === 'credit' ? CREDIT : INK;
      const lines = pdf.splitToWidth(row.description, DATE_X - PAGE.margin - indent - 10, 10, row.role === 'item' ? 'bold' : 'normal');
      lines.forEach((l, i) => {
        const first = y;
        y += 14 * i;
        text(l, PAGE.margin + indent, { bold: row.role === 'item', color });
        y = first;
      });
      if (row.date) text(shortDate(row.date), DATE_X, { color: MUTED });
      text(money(row.amount, c), RIGHT, { color, align: 'right' });
      y += 14 * lines.length + 2;
    }
    rule(0.75);
    y += 5;
    text(company.id ? `Subtotal, ${company.name}` : 'Subtotal', PAGE.margin, { bold: true });
    text(money(company.subtotal, c), RIGHT, { bold: true, align: 'right' });
    y += 28;
  }

  room(100);
  const totals: [string, string, boolean][] = [
    ['Charges', money(doc.charges, c), false],
    ['Credits', money(doc.credits, c), false],
    ['Total', money(doc.total, c), true],
    ['Amount paid', money(doc.amountPaid, c), false],
    [doc.amountDue > 0 ? `Balance due by ${longDate(doc.dueOn)}` : 'Balance due', money(doc.amountDue, c), true],
  ];
  for (const [label, value, strong] of totals) {
    if (label === 'Total') {
      pdf.line(RIGHT - 260, y - 3, RIGHT, y - 3, 1.5, INK);
      y += 2;
    }
    text(label, RIGHT - 260, { bold: strong });
    text(value, RIGHT, { bold: strong, align: 'right' });
    y += 16;
  }
  // At the foot of every page: the terms (on the last) and "Page i of n", never a page of its own.
  const pages = pdf.pageCount;
  for (let i = 1; i <= pages; i++) {
    pdf.setPage(i);
    y = PAGE.height - PAGE.margin + 14;
    if (i === pages) {
      y -= 11;
      text(LATE_LINES_NOTE, PAGE.margin, { size: 8, color: MUTED });
      y += 11;
      text(
        `Amounts in ${c.toUpperCase()}. Wholesale services for ${doc.period.label}; payment due ${PAYMENT_TERMS_DAYS} days after issue.`,
        PAGE.margin,
        { size: 8, color: MUTED },
      );
    }
    text(`${doc.number} · Page ${i} of ${pages}`, RIGHT, { size: 8, color: MUTED, align: 'right' });
  }
  return pdf.output();
}
