/**
 * The one way HTML is written in lib/: the `html` tagged template, which escapes every value it is
 * given unless the value is already HTML (`Raw`: what `html` returns, or `raw()` of markup written
 * here). Every page uses it: the dashboard's, the keyless pages, the hosted invoice, the API
 * reference and its error codes; no other escaper is written (test/unit/html.test.ts). A value from
 * a caller or the table becomes markup only through a `raw()` call, where it shows.
 */

/** Escapes text for HTML content and attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** HTML that is already safe: the result of `html`, or markup written in the code (`raw`). */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);

/** A tagged template whose interpolations are escaped unless they are `Raw`; lists are joined, and undefined, null and false are nothing. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0];
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1];
  });
  return new Raw(out);
}

function render(v: unknown): string {
  if (v instanceof Raw) return v.html;
  if (Array.isArray(v)) return v.map(render).join('');
  if (v === undefined || v === null || v === false) return '';
  return esc(v);
}

/** Pieces of HTML one after the other, `separator` (markup written here) between them. */
export const joined = (pieces: readonly Raw[], separator = '') => raw(pieces.map((p) => p.html).join(separator));
