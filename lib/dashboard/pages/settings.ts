import type { DashboardSession } from '../session';
import type { viewOfSettings } from '../settings';
import { csrfField, html } from './html';
import { page } from './layout';

export function settingsPage(session: DashboardSession, settings: ReturnType<typeof viewOfSettings>, saved = false) {
  const select = (name: string, current: string) =>
    html`<select id="${name}" name="${name}">${settings.available_versions.map((v) => html`<option value="${v}"${v === current ? html` selected` : ''}>${v}</option>`)}</select>`;
  return page(
    'Versions',
    session,
    html`${saved ? html`<p class="notice" role="status">Saved. The next API call and the next webhook delivery use these versions.</p>` : ''}
    <section><form method="post" action="/dashboard/settings">${csrfField(session.csrf_token)}
      <label for="api_version">Default API version <span class="hint">(used when a request sends no Service-Version header)</span></label>${select('api_version', settings.api_version)}
      <label for="webhook_version">Webhook version <span class="hint">(the shape webhook payloads are rendered in)</span></label>${select('webhook_version', settings.webhook_version)}
      <br><button type="submit">Save</button>
    </form></section>`,
  );
}
