import type { ApiError } from '../../errors';
import type { DashboardSession } from '../session';
import { html } from './html';
import { layout } from './layout';

/** A refusal, for people: what went wrong, per field, how to fix it, and a way back. */
export function errorPage(error: ApiError, requestId: string, session?: DashboardSession, from?: string): string {
  const body = html`<div class="error" role="alert">
    <p><strong>${error.title}.</strong> ${error.detail}</p>
    ${error.errors?.length ? html`<ul>${error.errors.map((e) => html`<li>${e.location ? html`<code>${e.location}</code>: ` : ''}${e.reason}${e.how_to_fix ? html` — ${e.how_to_fix}` : ''}</li>`)}</ul>` : ''}
  </div>
  ${
    error.code === 'step_up_required'
      ? html`<p><a href="/dashboard/step-up${from ? `?next=${encodeURIComponent(from)}` : ''}">Confirm it is you with an e-mailed code</a>, then send the form again.</p>`
      : ''
  }
  <p>${from && from !== '/dashboard' ? html`<a href="${from}">Back to the page</a> · ` : ''}<a href="/dashboard">Back to the dashboard</a></p>
  <p class="hint">Request id: <code>${requestId}</code> (code <code>${error.code}</code>)</p>`;
  return layout({
    title: error.status >= 500 ? 'Something went wrong' : error.status === 404 ? 'Not found' : 'That did not work',
    session,
    body,
  });
}
