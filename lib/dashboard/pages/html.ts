import { html } from '../../html';

/** The one HTML tag (lib/html.ts), as the dashboard's pages import it. */
export { esc, html, Raw, raw } from '../../html';

/** `<input type=hidden name=csrf_token>`: every form of a signed-in page carries it. */
export const csrfField = (token: string) => html`<input type="hidden" name="csrf_token" value="${token}">`;

/** `2026-11-22T06:30:37.397Z` → `2026-11-22 06:30:37 UTC`; none → an em dash. */
export const utc = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC') : '—');
