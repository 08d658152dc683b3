import { HELVETICA_BOLD_WIDTHS, HELVETICA_WIDTHS } from './helvetica-metrics';

/**
 * The smallest PDF writer the hosted invoice needs: US Letter pages of text in the two standard
 * Helvetica fonts (nothing embedded: every reader has them) and straight rules, with the document's
 * title and author. Written here rather than taken from jsPDF, which carried ~400 KB into the invoice's
 * Lambda bundle for the same few operations (docs/decisions.md, "The hosted invoice"). Content streams
 * are left uncompressed: an invoice is a few KB, and its text stays greppable.
 */
export type Rgb = readonly [number, number, number];
type Style = 'normal' | 'bold';

export interface TextOptions {
  style?: Style;
  size?: number;
  color?: Rgb;
  align?: 'left' | 'right';
}

export interface DocumentInfo {
  title: string;
  subject: string;
  author: string;
}

const LETTER = { width: 612, height: 792 };
/** Where a line of text sits below the `y` it is placed at (its top), as a share of the font size. */
const ASCENT = 0.85;
const FONTS: Record<Style, { resource: string; base: string; widths: readonly number[] }> = {
  normal: { resource: 'F1', base: 'Helvetica', widths: HELVETICA_WIDTHS },
  bold: { resource: 'F2', base: 'Helvetica-Bold', widths: HELVETICA_BOLD_WIDTHS },
};

/** WinAnsiEncoding's bytes 0x80-0x9F, by the character they stand for (elsewhere it is Latin-1). */
const WIN_ANSI_HIGH = new Map<string, number>([
  ['€', 0x80],
  ['‚', 0x82],
  ['ƒ', 0x83],
  ['„', 0x84],
  ['…', 0x85],
  ['†', 0x86],
  ['‡', 0x87],
  ['ˆ', 0x88],
  ['‰', 0x89],
  ['Š', 0x8a],
  ['‹', 0x8b],
  ['Œ', 0x8c],
  ['Ž', 0x8e],
  ['‘', 0x91],
  ['’', 0x92],
  ['“', 0x93],
  ['”', 0x94],
  ['•', 0x95],
  ['–', 0x96],
  ['—', 0x97],
  ['˜', 0x98],
  ['™', 0x99],
  ['š', 0x9a],
  ['›', 0x9b],
  ['œ', 0x9c],
  ['ž', 0x9e],
  ['Ÿ', 0x9f],
]);

/** The WinAnsi byte of each character; one the fonts cannot show becomes `?`. */
export function winAnsi(text: string): number[] {
  return [...text].map((ch) => {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
    return WIN_ANSI_HIGH.get(ch) ?? 0x3f;
  });
}

export class PdfWriter {
  private readonly pages: string[][] = [];
  private page = 0;

  constructor(private readonly info: DocumentInfo) {
    this.addPage();
  }

  get pageCount(): number {
    return this.pages.length;
  }

  addPage(): void {
    this.pages.push([]);
    this.page = this.pages.length - 1;
  }

  /** Goes back to page `n` (1-based), to write on it again. */
  setPage(n: number): void {
    if (n < 1 || n > this.pages.length) throw new Error(`no page ${n}`);
    this.page = n - 1;
  }

  /** Width of `text` in points, at `size`. */
  widthOf(text: string, size: number, style: Style = 'normal'): number {
    const widths = FONTS[style].widths;
    return (winAnsi(text).reduce((sum, b) => sum + (widths[b - 32] ?? 0), 0) * size) / 1000;
  }

  /** `text` on one line, its top at `y` (points down from the page's top), left- or right-aligned at `x`. */
  text(text: string, x: number, y: number, options: TextOptions = {}): void {
    const style = options.style ?? 'normal';
    const size = options.size ?? 10;
    const left = options.align === 'right' ? x - this.widthOf(text, size, style) : x;
    const baseline = LETTER.height - (y + ASCENT * size);
    this.pages[this.page].push(
      `BT /${FONTS[style].resource} ${num(size)} Tf ${rgb(options.color ?? [0, 0, 0])} rg ${num(left)} ${num(baseline)} Td (${pdfString(text)}) Tj ET`,
    );
  }

  /** A straight rule from (x1, y1) to (x2, y2), `weight` points wide. */
  line(x1: number, y1: number, x2: number, y2: number, weight: number, color: Rgb): void {
    const h = LETTER.height;
    this.pages[this.page].push(`${rgb(color)} RG ${num(weight)} w ${num(x1)} ${num(h - y1)} m ${num(x2)} ${num(h - y2)} l S`);
  }

  /** `text` broken at spaces into lines no wider than `maxWidth` (a word longer than that is broken where it must). */
  splitToWidth(text: string, maxWidth: number, size: number, style: Style = 'normal'): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (this.widthOf(candidate, size, style) <= maxWidth) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = '';
      let rest = word;
      while (this.widthOf(rest, size, style) > maxWidth) {
        let cut = rest.length - 1;
        while (cut > 1 && this.widthOf(rest.slice(0, cut), size, style) > maxWidth) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    if (current || lines.length === 0) lines.push(current);
    return lines;
  }

  /** The document's bytes. */
  output(): Buffer {
    const objects: string[] = [];
    const add = (body: string) => objects.push(body);
    const pageIds = this.pages.map((_, i) => 5 + 2 * i);
    add('<< /Type /Catalog /Pages 2 0 R >>');
    add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`);
    add(`<< /Type /Font /Subtype /Type1 /BaseFont /${FONTS.normal.base} /Encoding /WinAnsiEncoding >>`);
    add(`<< /Type /Font /Subtype /Type1 /BaseFont /${FONTS.bold.base} /Encoding /WinAnsiEncoding >>`);
    for (const [i, ops] of this.pages.entries()) {
      const stream = ops.join('\n');
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${LETTER.width} ${LETTER.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`,
      );
      add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    }
    const infoId = objects.length + 1;
    const { title, subject, author } = this.info;
    add(`<< /Title ${textString(title)} /Subject ${textString(subject)} /Author ${textString(author)} /Creator ${textString(author)} >>`);

    let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
    const offsets: number[] = [];
    for (const [i, object] of objects.entries()) {
      offsets.push(Buffer.byteLength(body, 'latin1'));
      body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    }
    const xref = Buffer.byteLength(body, 'latin1');
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  }
}

/** A number as PDF writes it: at most two decimals, no exponent. */
function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

function rgb([r, g, b]: Rgb): string {
  return [r, g, b].map((c) => num(c / 255)).join(' ');
}

/** A literal string of WinAnsi bytes, with `\`, `(` and `)` escaped and bytes outside ASCII in octal. */
function pdfString(text: string): string {
  return winAnsi(text)
    .map((b) => {
      if (b === 0x5c || b === 0x28 || b === 0x29) return `\\${String.fromCharCode(b)}`;
      return b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : `\\${b.toString(8).padStart(3, '0')}`;
    })
    .join('');
}

/** A text string for the document's information (any Unicode): UTF-16BE with its byte-order mark, in hex. */
function textString(text: string): string {
  const units = [0xfeff, ...[...text].flatMap((ch) => (ch.length === 2 ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [ch.charCodeAt(0)]))];
  return `<${units.map((u) => u.toString(16).padStart(4, '0')).join('')}>`;
}
