import type { Overview } from '../overview';
import type { DashboardSession } from '../session';
import { html, utc } from './html';
import { page } from './layout';
import { healthBadge, mode } from './webhook-endpoints';
import { type ClockView, sandboxClockCard } from './sandbox-clock';

/** The overview, for a partner's on-call: endpoint health first, then the last day's deliveries, the newest events, expiring keys. */
export function overviewPage(session: DashboardSession, partnerName: string, o: Overview, clock?: ClockView) {
  return page(
    partnerName,
    session,
    html`<section aria-labelledby="endpoints"><h2 id="endpoints">Webhook endpoints</h2>
    <p id="by-health"><span class="badge live">${o.byHealth.healthy} healthy</span> <span class="badge off">${o.byHealth.failing} failing</span> <span class="badge">${o.byHealth.disabled} disabled</span></p>
    ${
      o.endpoints.length === 0
        ? html`<p>No endpoints yet: <a href="/dashboard/webhook-endpoints">add one</a>.</p>`
        : html`<table class="rows"><thead><tr><th>Endpoint</th><th>Mode</th><th>Health</th><th>Queued</th><th>Next attempt</th></tr></thead><tbody>
      ${o.endpoints.map(
        (e) =>
          html`<tr data-endpoint="${e.id}"><td data-label="Endpoint"><a href="/dashboard/webhook-endpoints/${e.id}">${e.url}</a>${e.description ? html`<br><span class="hint">${e.description}</span>` : ''}</td><td data-label="Mode">${mode(e)}</td><td data-label="Health">${healthBadge(e.health)}</td><td data-label="Queued">${e.health.queued}</td><td data-label="Next attempt">${utc(e.health.next_attempt_at)}</td></tr>`,
      )}</tbody></table>`
    }</section>
    <section aria-labelledby="day"><h2 id="day">Deliveries in the last 24 hours</h2>
    <p id="last-24h"><strong>${o.last24h.delivered}</strong> delivered · <strong>${o.last24h.failed}</strong> failed attempts · <strong>${o.last24h.deferred}</strong> deferred (Retry-After)${o.last24h.capped ? html` <span class="hint">(at least: counting stopped at 10,000 attempts per endpoint)</span>` : ''}</p></section>
    <section aria-labelledby="newest"><h2 id="newest">Newest events</h2>
    ${newestOfMode('live', 'Live mode', o.newestEvents.live, '')}
    ${newestOfMode('test', 'Test mode', o.newestEvents.test, 'dated by the test clock, which may run ahead of real time')}
    <p><a href="/dashboard/events">All events</a></p></section>
    <section aria-labelledby="keys"><h2 id="keys">API keys</h2>
    <p>${o.activeKeys} active. ${o.expiringKeys.length === 0 ? 'None expires in the next 14 days.' : ''}</p>
    ${
      o.expiringKeys.length
        ? html`<ul id="expiring">${o.expiringKeys.map((k) => html`<li>${mode(k)} <strong>${k.name || k.id}</strong> expires ${utc(k.expires_at)}</li>`)}</ul>`
        : ''
    }
    <p><a href="/dashboard/keys">Manage keys</a> · <a href="/dashboard/settings">API and webhook versions</a></p></section>
    ${clock ? sandboxClockCard(session, clock) : ''}
    <p class="hint">Signed in as ${session.email}. Every action here is also a JSON endpoint under <code>/dashboard/api/</code> for scripts (see the README).</p>`,
  );
}

/** One mode's newest events: each mode its own table, so a test clock running ahead buries no live event. */
function newestOfMode(which: 'live' | 'test', title: string, events: Overview['newestEvents']['live'], hint: string) {
  return html`<h3 id="newest-${which}">${title}${hint ? html` <span class="hint">(${hint})</span>` : ''}</h3>
    ${
      events.length === 0
        ? html`<p>No ${which} events yet.</p>`
        : html`<table class="rows" aria-labelledby="newest-${which}" data-mode="${which}"><thead><tr><th>Created</th><th>Type</th><th>Event</th><th>Mode</th></tr></thead><tbody>
      ${events.map(
        (e) =>
          html`<tr data-event="${e.id}"><td data-label="Created">${utc(e.created_at)}</td><td data-label="Type"><code>${e.type}</code></td><td data-label="Event"><a href="/dashboard/events/${e.id}"><code>${e.id}</code></a></td><td data-label="Mode">${mode(e)}</td></tr>`,
      )}</tbody></table>`
    }`;
}

/** The overview of a role that sees no keys or endpoints (finance): where its pages are. */
export function financeOverviewPage(session: DashboardSession, partnerName: string) {
  return page(
    partnerName,
    session,
    html`<section aria-labelledby="billing"><h2 id="billing">Billing</h2>
    <p>Your invoices, both modes, each with its status, period, total, hosted page and PDF: <a href="/dashboard/invoices">Invoices</a>.</p></section>
    <p class="hint">Signed in as ${session.email} (${session.role}). Keys, webhook endpoints, events and requests are for owners and developers.</p>`,
  );
}
