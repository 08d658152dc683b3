import type { WebhookEndpointView } from '../../webhooks/endpoints';
import type { AttemptRecord } from '../../webhooks/lane/attempt-log';
import type { DashboardSession } from '../session';
import { csrfField, html, utc } from './html';
import { page } from './layout';

const status = (e: WebhookEndpointView) =>
  e.status === 'enabled' ? html`<span class="badge">enabled</span>` : html`<span class="badge off">disabled (${e.disabled_reason})</span>`;
const mode = (e: { livemode: boolean }) => html`<span class="badge ${e.livemode ? 'live' : 'test'}">${e.livemode ? 'live' : 'test'}</span>`;

export function endpointsPage(session: DashboardSession, endpoints: WebhookEndpointView[]) {
  return page(
    'Webhook endpoints',
    session,
    html`<section aria-labelledby="add"><h2 id="add">Add an endpoint</h2>
    <form method="post" action="/dashboard/webhook-endpoints">${csrfField(session.csrf_token)}
      <fieldset class="inline"><legend>Mode</legend>
        <input type="radio" id="mode-test" name="mode" value="test" checked> <label for="mode-test">Test (sandbox events)</label>
        <input type="radio" id="mode-live" name="mode" value="live"> <label for="mode-live">Live</label>
      </fieldset>
      <label for="url">URL <span class="hint">(live: https only, public addresses only)</span></label><input id="url" name="url" type="url" required maxlength="2048" placeholder="https://example.com/webhooks">
      <label for="enabled_events">Event types <span class="hint">(optional, comma-separated; empty: every event)</span></label><input id="enabled_events" name="enabled_events" type="text" placeholder="company.status.changed, requirement.created">
      <label for="description">Description <span class="hint">(optional)</span></label><input id="description" name="description" type="text" maxlength="500">
      <button type="submit">Add endpoint</button>
    </form></section>
    <section aria-labelledby="list"><h2 id="list">Endpoints</h2>
    ${
      endpoints.length === 0
        ? html`<p>No endpoints yet.</p>`
        : html`<table class="rows"><thead><tr><th>URL</th><th>Mode</th><th>Status</th><th>Events</th></tr></thead><tbody>
      ${endpoints.map((e) => html`<tr data-endpoint="${e.id}"><td data-label="URL"><a href="/dashboard/webhook-endpoints/${e.id}">${e.url}</a>${e.description ? html`<br><span class="hint">${e.description}</span>` : ''}</td><td data-label="Mode">${mode(e)}</td><td data-label="Status">${status(e)}</td><td data-label="Events">${e.enabled_events.length ? e.enabled_events.join(', ') : 'all'}</td></tr>`)}
    </tbody></table>`
    }</section>`,
  );
}

/** The endpoint's latest delivery attempts, each with a resend button while the endpoint is enabled. */
function attemptsSection(session: DashboardSession, e: WebhookEndpointView, attempts: AttemptRecord[]) {
  return html`<section aria-labelledby="deliveries"><h2 id="deliveries">Recent deliveries</h2>
    ${
      attempts.length === 0
        ? html`<p>No delivery attempts yet.</p>`
        : html`<table class="rows"><thead><tr><th>Event</th><th>Attempt</th><th>Outcome</th><th>Response</th><th>Duration</th><th>At</th><th>Next retry</th><th></th></tr></thead><tbody>
      ${attempts.map(
        (
          a,
        ) => html`<tr data-event="${a.event_id}"><td data-label="Event"><code>${a.event_id}</code></td><td data-label="Attempt">${a.attempt}</td>
          <td data-label="Outcome"><span class="badge ${a.outcome === 'succeeded' ? 'live' : 'off'}">${a.outcome}</span>${a.error ? html`<br><span class="hint">${a.error}</span>` : ''}</td>
          <td data-label="Response">${a.status_code ?? '—'}</td><td data-label="Duration">${a.duration_ms} ms</td><td data-label="At">${utc(a.attempted_at)}</td><td data-label="Next retry">${utc(a.next_attempt_at)}</td>
          <td>${e.status === 'enabled' ? html`<form class="inline" method="post" action="/dashboard/webhook-endpoints/${e.id}/resend">${csrfField(session.csrf_token)}<input type="hidden" name="event_id" value="${a.event_id}"><button class="secondary" type="submit" aria-label="Resend ${a.event_id}">Resend</button></form>` : ''}</td></tr>`,
      )}</tbody></table>`
    }
  </section>`;
}

export function endpointPage(session: DashboardSession, e: WebhookEndpointView, attempts: AttemptRecord[], notice?: string) {
  const action = (path: string, label: string, cls = '') =>
    html`<form class="inline" method="post" action="/dashboard/webhook-endpoints/${e.id}/${path}">${csrfField(session.csrf_token)}<button class="${cls}" type="submit">${label}</button></form>`;
  return page(
    'Webhook endpoint',
    session,
    html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
    <section><table><tbody>
      <tr><th>URL</th><td><code>${e.url}</code></td></tr><tr><th>Id</th><td><code>${e.id}</code></td></tr>
      <tr><th>Mode</th><td>${mode(e)}</td></tr><tr><th>Status</th><td id="status">${status(e)}</td></tr>
      <tr><th>Events</th><td>${e.enabled_events.length ? e.enabled_events.join(', ') : 'all'}</td></tr>
      <tr><th>Description</th><td>${e.description || '—'}</td></tr>
      <tr><th>Public key <span class="hint">(verifies v1a signatures)</span></th><td><code id="public-key">${e.public_key}</code></td></tr>
      <tr><th>Created</th><td>${utc(e.created_at)}</td></tr>
    </tbody></table>
    <p>${e.status === 'enabled' ? action('disable', 'Disable', 'danger') : action('enable', 'Enable')}
       ${action('secret/roll', 'Roll signing secret', 'secondary')}</p>
    <p class="hint">Rolling e-mails you a code; after you confirm it, the new secret signs at once and the old one keeps signing for 24 hours.</p></section>
    ${attemptsSection(session, e, attempts)}
    <p><a href="/dashboard/webhook-endpoints">All endpoints</a></p>`,
  );
}

export function endpointSecretPage(
  session: DashboardSession,
  e: { id: string; url: string; livemode: boolean; public_key: string },
  secret: string,
  title: string,
  note: string,
) {
  return page(
    title,
    session,
    html`<section><p class="notice" role="status">Copy the signing secret now: it is shown <strong>only this once</strong>. ${note}</p>
      <p>${mode(e)} <code>${e.url}</code></p>
      <label for="secret">Signing secret</label><code class="secret" id="secret">${secret}</code>
      <p>Public key: <code>${e.public_key}</code></p>
      <p><a href="/dashboard/webhook-endpoints/${e.id}">Done, back to the endpoint</a></p></section>`,
  );
}

export function rollConfirmPage(session: DashboardSession, e: WebhookEndpointView, email: string, local: boolean) {
  return page(
    'Confirm the secret roll',
    session,
    html`<p class="notice" role="status">We e-mailed a six-digit code to <strong>${email}</strong>. It works once, for 10 minutes.
      ${local ? html`Running locally: read it in the <a href="/dashboard/outbox">outbox</a>.` : ''}</p>
    <section><form method="post" action="/dashboard/webhook-endpoints/${e.id}/secret/roll/confirm">${csrfField(session.csrf_token)}
      <label for="code">Code</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus>
      <button type="submit">Roll the secret</button>
    </form></section>
    <p><a href="/dashboard/webhook-endpoints/${e.id}">Cancel</a></p>`,
  );
}
