import type { OutboxMessage } from '../../email/outbox';
import { html } from './html';
import { layout } from './layout';

/** The embedded default's outbox: the e-mails it would have sent, newest first (local only). */
export function outboxPage(messages: OutboxMessage[]): string {
  return layout({
    title: 'Local outbox',
    body: html`<p class="hint">Only in the embedded default: e-mails are written to <code>.local/outbox/</code> instead of being sent.</p>
    ${messages.length === 0 ? html`<p>No e-mails yet.</p>` : ''}
    ${messages.map(
      (m) =>
        html`<section class="mail"><p><strong>${m.subject}</strong></p><p class="hint">To ${m.to} · ${m.sent_at}</p><pre style="white-space:pre-wrap">${m.text}</pre></section>`,
    )}`,
  });
}
