import type { DashboardSession } from '../session';
import { html } from './html';
import { page } from './layout';

export function overviewPage(session: DashboardSession, partnerName: string, counts: { keys: number; endpoints: number }) {
  return page(
    partnerName,
    session,
    html`<section><p>Signed in as <strong>${session.email}</strong> for partner <code>${session.partner_id}</code>.</p>
    <ul>
      <li><a href="/dashboard/keys">API keys</a>: ${counts.keys} active</li>
      <li><a href="/dashboard/webhook-endpoints">Webhook endpoints</a>: ${counts.endpoints}</li>
      <li><a href="/dashboard/settings">API and webhook versions</a></li>
    </ul>
    <p class="hint">Every action here is also a JSON endpoint under <code>/dashboard/api/</code> for scripts (see the README).</p></section>`,
  );
}
