import type { WebhookEndpointView } from '../../webhooks/endpoints';
import type { EndpointHealth } from '../../webhooks/operations/endpoint-health';
import type { DeliveryGroup } from '../../webhooks/operations/dashboard-delivery';
import type { DashboardSession } from '../session';
import type { QueuedEvent } from '../../webhooks/operations/queued-events';
import { csrfField, html, utc } from './html';
import { page } from './layout';
import { fieldError, formSummary, invalidAttrs, typedValue, type FormState } from './form-state';
import { RECOVER_RULE } from '../../webhooks/operations/recover-events';

const status = (e: WebhookEndpointView) =>
  e.status === 'enabled' ? html`<span class="badge">enabled</span>` : html`<span class="badge off">disabled (${e.disabled_reason})</span>`;
/** The endpoint's delivery health as a badge: what a partner's on-call looks at first. */
export const healthBadge = (h: EndpointHealth) =>
  h.state === 'healthy'
    ? html`<span class="badge live health">healthy</span>`
    : h.state === 'failing'
      ? html`<span class="badge off health">failing since ${utc(h.failing_since)}</span>`
      : html`<span class="badge health">disabled</span>`;
export const mode = (e: { livemode: boolean }) =>
  html`<span class="badge ${e.livemode ? 'live' : 'test'}">${e.livemode ? 'live' : 'test'}</span>`;

type Endpoint = WebhookEndpointView & { health: EndpointHealth };

export function endpointsPage(session: DashboardSession, endpoints: Endpoint[], notice?: string, form?: FormState) {
  const live = typedValue(form, 'mode') === 'live';
  return page(
    'Webhook endpoints',
    session,
    html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}<section aria-labelledby="add"><h2 id="add">Add an endpoint</h2>
    ${formSummary(form)}
    <form method="post" action="/dashboard/webhook-endpoints">${csrfField(session.csrf_token)}
      <fieldset class="inline"><legend>Mode</legend>
        <input type="radio" id="mode-test" name="mode" value="test" ${live ? '' : 'checked'}> <label for="mode-test">Test (sandbox events)</label>
        <input type="radio" id="mode-live" name="mode" value="live" ${live ? 'checked' : ''}> <label for="mode-live">Live</label>
      </fieldset>
      <label for="url">URL <span class="hint">(live: https only, port 443, public addresses only)</span></label><input id="url" name="url" type="url" required maxlength="2048" placeholder="https://example.com/webhooks" value="${typedValue(form, 'url')}"${invalidAttrs(form, 'url')}>
      ${fieldError(form, 'url')}
      <label for="enabled_events">Event types <span class="hint">(optional, comma-separated; empty: every event)</span></label><input id="enabled_events" name="enabled_events" type="text" placeholder="company.status.changed, requirement.created" value="${typedValue(form, 'enabled_events')}"${invalidAttrs(form, 'enabled_events')}>
      ${fieldError(form, 'enabled_events')}
      <label for="description">Description <span class="hint">(optional)</span></label><input id="description" name="description" type="text" maxlength="500" value="${typedValue(form, 'description')}"${invalidAttrs(form, 'description')}>
      ${fieldError(form, 'description')}
      <button type="submit">Add endpoint</button>
    </form></section>
    <section aria-labelledby="list"><h2 id="list">Endpoints</h2>
    ${
      endpoints.length === 0
        ? html`<p>No endpoints yet.</p>`
        : html`<table class="rows"><thead><tr><th>URL</th><th>Mode</th><th>Health</th><th>Queued</th><th>Events</th></tr></thead><tbody>
      ${endpoints.map((e) => html`<tr data-endpoint="${e.id}"><td data-label="URL"><a href="/dashboard/webhook-endpoints/${e.id}">${e.url}</a>${e.description ? html`<br><span class="hint">${e.description}</span>` : ''}</td><td data-label="Mode">${mode(e)}</td><td data-label="Health">${healthBadge(e.health)}${e.status === 'disabled' ? html` <span class="hint">(${e.disabled_reason})</span>` : ''}</td><td data-label="Queued">${e.health.queued}</td><td data-label="Events">${e.enabled_events.length ? e.enabled_events.join(', ') : 'all'}</td></tr>`)}
    </tbody></table>`
    }</section>`,
  );
}

/** `2 of 10`: the schedule's attempt a try spent (a deferred try spent none). */
const attemptOf = (a: DeliveryGroup['attempts'][number]) => `${a.attempt} of ${a.max_attempts}`;

/**
 * The endpoint's deliveries, one block per event (newest first): its type, its payload behind a
 * disclosure, every attempt with the first bytes of the answer, and one resend button per event.
 */
function deliveriesSection(
  session: DashboardSession,
  e: WebhookEndpointView,
  groups: DeliveryGroup[],
  pages: { next: string | null; first: boolean },
) {
  return html`<section aria-labelledby="deliveries"><h2 id="deliveries">Deliveries</h2>
    ${
      groups.length === 0
        ? html`<p>No delivery attempts${pages.first ? ' yet' : ' on this page'}.</p>`
        : groups.map(
            (g) => html`<article class="delivery" data-event="${g.event_id}" aria-label="Event ${g.event_id}">
        <h3><code>${g.event_type ?? 'event'}</code> <a href="/dashboard/events/${g.event_id}"><code>${g.event_id}</code></a>
          <span class="badge ${g.attempts[0].outcome === 'succeeded' ? 'live' : 'off'}">${g.attempts[0].outcome}</span></h3>
        ${g.payload ? html`<details><summary>Payload</summary><pre class="payload">${g.payload}</pre></details>` : html`<p class="hint">The event is no longer in the log.</p>`}
        <table class="rows"><thead><tr><th>Attempt</th><th>Outcome</th><th>Response</th><th>Duration</th><th>At</th><th>Next retry</th></tr></thead><tbody>
        ${g.attempts.map(
          (a) => html`<tr data-event="${a.event_id}"><td data-label="Attempt">${attemptOf(a)}</td>
          <td data-label="Outcome"><span class="badge ${a.outcome === 'succeeded' ? 'live' : 'off'}">${a.outcome}</span>${a.error ? html`<br><span class="hint">${a.error}</span>` : ''}</td>
          <td data-label="Response">${a.status_code ?? '—'}${a.response_body ? html`<br><code class="body">${a.response_body}</code>` : ''}</td><td data-label="Duration">${a.duration_ms} ms</td><td data-label="At">${utc(a.attempted_at)}</td><td data-label="Next retry">${utc(a.next_attempt_at)}</td></tr>`,
        )}</tbody></table>
        ${e.status === 'enabled' ? html`<form class="inline" method="post" action="/dashboard/webhook-endpoints/${e.id}/resend">${csrfField(session.csrf_token)}<input type="hidden" name="event_id" value="${g.event_id}"><button class="secondary" type="submit" aria-label="Resend ${g.event_id}">Resend</button></form>` : ''}
      </article>`,
          )
    }
    <nav aria-label="Deliveries pages" class="pager">${pages.first ? '' : html`<a href="/dashboard/webhook-endpoints/${e.id}#deliveries">Newest</a>`}
      ${pages.next ? html`<a href="/dashboard/webhook-endpoints/${e.id}?after=${pages.next}#deliveries">Older deliveries</a>` : ''}</nav>
  </section>`;
}

function healthSection(session: DashboardSession, e: WebhookEndpointView, h: EndpointHealth) {
  return html`<section aria-labelledby="health-title"><h2 id="health-title">Health</h2>
    <table><tbody>
      <tr><th>State</th><td id="health">${healthBadge(h)}</td></tr>
      <tr><th>Last success</th><td>${utc(h.last_success_at)}</td></tr>
      <tr><th>Queued</th><td id="queued">${h.queued} event${h.queued === 1 ? '' : 's'}</td></tr>
      <tr><th>Next attempt</th><td id="next-attempt">${utc(h.next_attempt_at)}</td></tr>
    </tbody></table>
    ${
      h.next_attempt_at
        ? html`<form method="post" action="/dashboard/webhook-endpoints/${e.id}/retry">${csrfField(session.csrf_token)}<button type="submit">Retry now</button>
      <span class="hint">Tries the waiting delivery at once instead of at ${utc(h.next_attempt_at)}; the events behind it follow in order.</span></form>`
        : ''
    }</section>`;
}

function editSection(session: DashboardSession, e: WebhookEndpointView, form?: FormState) {
  return html`<section aria-labelledby="edit"><h2 id="edit">Settings</h2>
    ${formSummary(form)}
    <form method="post" action="/dashboard/webhook-endpoints/${e.id}/edit">${csrfField(session.csrf_token)}
      <label for="url">URL</label><input id="url" name="url" type="url" required maxlength="2048" value="${typedValue(form, 'url', e.url)}"${invalidAttrs(form, 'url')}>
      ${fieldError(form, 'url')}
      <label for="enabled_events">Event types <span class="hint">(comma-separated: exact types, * or a prefix such as company.*; empty: every event)</span></label><input id="enabled_events" name="enabled_events" type="text" value="${typedValue(form, 'enabled_events', e.enabled_events.join(', '))}"${invalidAttrs(form, 'enabled_events')}>
      ${fieldError(form, 'enabled_events')}
      <label for="description">Description</label><input id="description" name="description" type="text" maxlength="500" value="${typedValue(form, 'description', e.description)}"${invalidAttrs(form, 'description')}>
      ${fieldError(form, 'description')}
      <button type="submit">Save changes</button>
    </form></section>`;
}

/** The events waiting in the endpoint's lane, oldest first: the head (being tried) and those behind it. */
function queuedSection(e: WebhookEndpointView, queued: QueuedEvent[], total: number) {
  return html`<section aria-labelledby="queued-title"><h2 id="queued-title">Queued</h2>
    ${
      queued.length === 0
        ? html`<p>Nothing is waiting: every event this endpoint takes has been delivered.</p>`
        : html`<p class="hint">Delivered one at a time, in order: the first is being tried; the others wait behind it.${total > queued.length ? ` The first ${queued.length} of ${total}.` : ''}</p>
      <table class="rows" id="queued-events"><thead><tr><th>#</th><th>Event</th><th>Type</th><th>Created</th></tr></thead><tbody>
      ${queued.map(
        (q, i) =>
          html`<tr data-event="${q.event_id}"><td data-label="#">${q.head ? html`<span class="badge off">head</span>` : i + 1}</td><td data-label="Event"><a href="/dashboard/events/${q.event_id}"><code>${q.event_id}</code></a></td><td data-label="Type"><code>${q.type}</code></td><td data-label="Created">${utc(q.created_at)}</td></tr>`,
      )}</tbody></table>`
    }
    <p><a href="/dashboard/webhook-endpoints/${e.id}#queued-title">Refresh</a></p></section>`;
}

/** Recover: re-deliver every event the endpoint takes since a time, picked with the browser's date and time picker (UTC). */
function recoverSection(session: DashboardSession, e: WebhookEndpointView, form?: FormState) {
  return html`<section aria-labelledby="recover-title"><h2 id="recover-title">Recover</h2>
    <p class="hint">After an outage, send again, in order, every event this endpoint takes that was created at or after a time (${RECOVER_RULE}). They queue behind what is already waiting.</p>
    ${formSummary(form)}
    <form method="post" action="/dashboard/webhook-endpoints/${e.id}/recover">${csrfField(session.csrf_token)}
      <label for="since">Since <span class="hint">(UTC)</span></label><input id="since" name="since" type="datetime-local" step="1" required value="${typedValue(form, 'since')}"${invalidAttrs(form, 'since')}>
      ${fieldError(form, 'since')}
      <button type="submit"${e.status === 'enabled' ? '' : ' disabled'}>Recover events</button>${e.status === 'enabled' ? '' : html` <span class="hint">Enable the endpoint first.</span>`}
    </form></section>`;
}

export function endpointPage(
  session: DashboardSession,
  e: Endpoint,
  deliveries: { groups: DeliveryGroup[]; next: string | null; first: boolean },
  notice?: string,
  more: { queued?: QueuedEvent[]; edit?: FormState; recover?: FormState; status?: number } = {},
) {
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
    <p>${e.status === 'enabled' ? html`${action('test', 'Send test event')} ${action('disable', 'Disable', 'danger')}` : action('enable', 'Enable')}
       ${action('secret/roll', 'Roll signing secret', 'secondary')}</p>
    <p class="hint">A test event (<code>webhook_endpoint.test</code>) is recorded in your event log and delivered to this endpoint only, signed like every delivery. Rolling e-mails you a code; after you confirm it, the new secret signs at once and the old one keeps signing for 24 hours.</p></section>
    ${healthSection(session, e, e.health)}
    ${queuedSection(e, more.queued ?? [], e.health.queued)}
    ${recoverSection(session, e, more.recover)}
    ${deliveriesSection(session, e, deliveries.groups, deliveries)}
    ${editSection(session, e, more.edit)}
    <section aria-labelledby="delete"><h2 id="delete">Delete</h2>
      <details><summary>Delete this endpoint</summary>
        <p>Deliveries still queued for it are cancelled. Its events stay in your event log (GET /v1/events); this cannot be undone.</p>
        ${action('delete', 'Delete endpoint', 'danger')}
      </details></section>
    <p><a href="/dashboard/webhook-endpoints">All endpoints</a></p>`,
    more.status,
  );
}

export function endpointSecretPage(
  session: DashboardSession,
  e: { id: string; url: string; livemode: boolean; public_key: string },
  secret: string,
  title: string,
  note: string,
  offerTest = false,
) {
  return page(
    title,
    session,
    html`<section><p class="notice" role="status">Copy the signing secret now: it is shown <strong>only this once</strong>. ${note}</p>
      <p>${mode(e)} <code>${e.url}</code></p>
      <label for="secret">Signing secret</label><code class="secret" id="secret">${secret}</code>
      <p>Public key: <code>${e.public_key}</code></p>
      ${
        offerTest
          ? html`<form method="post" action="/dashboard/webhook-endpoints/${e.id}/test">${csrfField(session.csrf_token)}<button type="submit">Send a test event</button>
        <span class="hint">Delivers a signed <code>webhook_endpoint.test</code> to this endpoint only, so you can check your receiver before going live.</span></form>`
          : ''
      }
      <p><a href="/dashboard/webhook-endpoints/${e.id}">Done, back to the endpoint</a></p></section>`,
  );
}

export function rollConfirmPage(session: DashboardSession, e: WebhookEndpointView, email: string, local: boolean) {
  return page(
    'Confirm the secret roll',
    session,
    html`<p class="notice" role="status">We e-mailed a ten-digit code to <strong>${email}</strong>. It works once, for 10 minutes.
      ${local ? html`Running locally: read it in the <a href="/dashboard/outbox">outbox</a>.` : ''}</p>
    <section><form method="post" action="/dashboard/webhook-endpoints/${e.id}/secret/roll/confirm">${csrfField(session.csrf_token)}
      <label for="code">Code</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{10}" maxlength="10" required autofocus>
      <p><label><input type="checkbox" name="retire_previous" value="yes"> Retire the current secret and public key at once (they leaked): deliveries carry only the new signatures from the next attempt. Otherwise both sign for 24 hours.</label></p>
      <button type="submit">Roll the secret and key</button>
    </form></section>
    <p><a href="/dashboard/webhook-endpoints/${e.id}">Cancel</a></p>`,
  );
}
