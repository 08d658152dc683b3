import { PdfWriter, winAnsi } from '../../lib/billing/pdf-writer';
import { pdfText } from '../support/invoices';

const info = { title: 'Invoice T-1', subject: 'Issuer invoice T-1 to Zoë', author: 'Issuer' };

describe('the PDF writer of the hosted invoice', () => {
  it('writes a document whose cross-reference table points at each object, with its pages counted', () => {
    const pdf = new PdfWriter(info);
    pdf.text('first', 50, 50);
    pdf.addPage();
    pdf.text('second', 50, 50);
    const bytes = pdf.output();
    const source = bytes.toString('latin1');
    expect(source.startsWith('%PDF-1.4\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(source)![1]);
    expect(source.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...source.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(9); // catalog, pages, two fonts, two pages and their two contents, info
    for (const [i, offset] of offsets.entries()) expect(source.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    expect(source).toContain('/Count 2');
    expect(source).toContain('/BaseFont /Helvetica ');
    expect(source).toContain('/BaseFont /Helvetica-Bold ');
    // Each content stream's /Length is its byte length.
    for (const m of source.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = m.index! + m[0].length;
      expect(source.slice(start + Number(m[1]), start + Number(m[1]) + '\nendstream'.length)).toBe('\nendstream');
    }
    expect(pdfText(bytes)).toEqual(['first', 'second']);
  });

  it('escapes what a PDF string must, writes WinAnsi bytes, and shows a character the fonts lack as ?', () => {
    const pdf = new PdfWriter(info);
    pdf.text('Acme (Holdings) \\ LLC', 50, 50);
    pdf.text('Café – €12 · Zoë — 中', 50, 70);
    expect(pdfText(pdf.output())).toEqual(['Acme (Holdings) \\ LLC', 'Café – €12 · Zoë — ?']);
    expect(winAnsi('€–—’Ÿ中')).toEqual([0x80, 0x96, 0x97, 0x92, 0x9f, 0x3f]);
  });

  it('keeps the document information in Unicode (UTF-16 with its mark)', () => {
    const source = new PdfWriter(info).output().toString('latin1');
    const hex = /\/Subject <([0-9a-f]+)>/.exec(source)![1];
    expect(Buffer.from(hex, 'hex').swap16().toString('utf16le')).toBe('\ufeffIssuer invoice T-1 to Zoë');
  });

  it("measures text with Helvetica's own widths and right-aligns it to end at x", () => {
    const pdf = new PdfWriter(info);
    // I 278, n 556, v 500, o 556, i 222, c 500, e 556 (Adobe's AFM): 3,168 thousandths of an em.
    expect(pdf.widthOf('Invoice', 10)).toBeCloseTo(31.68, 5);
    expect(pdf.widthOf('Invoice', 10, 'bold')).toBeGreaterThan(pdf.widthOf('Invoice', 10));
    pdf.text('$25.00', 562, 100, { align: 'right' });
    const td = /([\d.]+) ([\d.]+) Td \(\$25\.00\) Tj/.exec(pdf.output().toString('latin1'))!;
    expect(Number(td[1]) + pdf.widthOf('$25.00', 10)).toBeCloseTo(562, 1);
    // The text's top at y = 100 from the page's top: its baseline 0.85 of the size lower, in PDF's upward units.
    expect(Number(td[2])).toBeCloseTo(792 - 108.5, 2);
  });

  it('splits text at spaces to a width, and breaks a word longer than the width', () => {
    const pdf = new PdfWriter(info);
    const lines = pdf.splitToWidth('Credit: EIN application canceled before fulfilment, with a reason that runs long', 150, 10);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('Credit: EIN application canceled before fulfilment, with a reason that runs long');
    for (const l of lines) expect(pdf.widthOf(l, 10)).toBeLessThanOrEqual(150);
    const long = pdf.splitToWidth('x'.repeat(100), 100, 10);
    expect(long.join('')).toBe('x'.repeat(100));
    for (const l of long) expect(pdf.widthOf(l, 10)).toBeLessThanOrEqual(100);
    expect(pdf.splitToWidth('', 100, 10)).toEqual(['']);
  });

  it('writes on an earlier page again (the page numbers at each foot), and refuses a page that is not there', () => {
    const pdf = new PdfWriter(info);
    pdf.addPage();
    pdf.setPage(1);
    pdf.text('on the first', 50, 700);
    expect(pdf.pageCount).toBe(2);
    expect(() => pdf.setPage(3)).toThrow('no page 3');
    const source = pdf.output().toString('latin1');
    const first = source.indexOf('(on the first) Tj');
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(source.indexOf('7 0 obj')); // in page 1's contents (object 6), before page 2 (object 7)
  });
});
