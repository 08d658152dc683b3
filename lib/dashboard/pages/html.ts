/** Escapes text for HTML content and attribute values: every dynamic value goes through this. */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A tagged template whose interpolations are escaped unless wrapped in `raw()`. */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);

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

/** `<input type=hidden name=csrf_token>`: every form of a signed-in page carries it. */
export const csrfField = (token: string) => html`<input type="hidden" name="csrf_token" value="${token}">`;

/** `2026-11-22T06:30:37.397Z` → `2026-11-22 06:30:37 UTC`; none → an em dash. */
export const utc = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC') : '—');
