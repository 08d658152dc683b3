import type { ApiEvent } from '../../store/event';
import { EVENT_TYPES } from '../../resources/event';
import type { EventDelivery } from '../event-browser';
import type { DashboardSession } from '../session';
import { csrfField, html, utc } from './html';
import { page } from './layout';
import type { Names } from '../names';
import { mode } from './webhook-endpoints';

const outcomeBadge = (outcome: string) => html`<span class="badge ${outcome === 'succeeded' ? 'live' : 'off'}">${outcome}</span>`;

/**
 * The type filter's choices: the event catalog itself (lib/resources/event.ts, which also builds the
 * reference's list and events-schema/), grouped by the resource each type is about, its trigger as the
 * option's title.
 */
function typeOptions(chosen: string | undefined) {
  const byResource = new Map<string, [string, { fires: string }][]>();
  for (const [type, t] of Object.entries(EVENT_TYPES)) byResource.set(t.resource, [...(byResource.get(t.resource) ?? []), [type, t]]);
  return [...byResource].map(
    ([resource, types]) =>
      html`<optgroup label="${resource}">${types.map(([type, t]) => html`<option value="${type}" title="${t.fires}" ${type === chosen ? 'selected' : ''}>${type}</option>`)}</optgroup>`,
  );
}

/** A company as people know it: its legal name, then its id (the id alone if the company is not found). */
export const company = (id: string | null | undefined, names: Names) =>
  id ? html`${names.has(id) ? html`<span class="name">${names.get(id)}</span> ` : ''}<code>${id}</code>` : '—';

/** The events browser: a GET form of filters (mode, type, company, id) over the partner's log, newest first. */
export function eventsPage(
  session: DashboardSession,
  filters: Record<string, string | undefined>,
  list: { items: ApiEvent[]; next_cursor: string | null },
  companies: Names = new Map(),
) {
  const { after: _after, ...kept } = filters;
  const older = list.next_cursor ? `?${new URLSearchParams({ ...(kept as Record<string, string>), after: list.next_cursor })}` : undefined;
  const selected = (value: string | undefined) => (filters.livemode === value ? 'selected' : '');
  return page(
    'Events',
    session,
    html`<section aria-labelledby="filter"><h2 id="filter">Find events</h2>
    <form method="get" action="/dashboard/events">
      <label for="livemode">Mode</label><select id="livemode" name="livemode">
        <option value="" ${selected(undefined)}>Test and live</option><option value="false" ${selected('false')}>Test</option><option value="true" ${selected('true')}>Live</option></select>
      <label for="type">Event type</label><select id="type" name="type"><option value="">Any type</option>${typeOptions(filters.type)}</select>
      <label for="company_id">Company id</label><input id="company_id" name="company_id" type="text" value="${filters.company_id ?? ''}" placeholder="cmp_…">
      <label for="id">Event id</label><input id="id" name="id" type="text" value="${filters.id ?? ''}" placeholder="evt_…">
      <button type="submit">Search</button> <a href="/dashboard/events">Clear</a>
    </form></section>
    <section aria-labelledby="found"><h2 id="found">Events <span class="hint">(newest first)</span></h2>
    ${
      list.items.length === 0
        ? html`<p>No events match.</p>`
        : html`<table class="rows"><thead><tr><th>Created</th><th>Type</th><th>Event</th><th>Mode</th><th>Company</th></tr></thead><tbody>
      ${list.items.map(
        (e) =>
          html`<tr data-event="${e.id}"><td data-label="Created">${utc(e.created_at)}</td><td data-label="Type"><code>${e.type}</code></td><td data-label="Event"><a href="/dashboard/events/${e.id}"><code>${e.id}</code></a></td><td data-label="Mode">${mode(e)}</td><td data-label="Company">${company(e.company_id, companies)}</td></tr>`,
      )}</tbody></table>`
    }
    <nav aria-label="Events pages" class="pager">${filters.after ? html`<a href="/dashboard/events?${new URLSearchParams(kept as Record<string, string>)}">Newest</a>` : ''}
      ${older ? html`<a href="/dashboard/events${older}">Older events</a>` : ''}</nav></section>`,
  );
}

/** One event: what it says (the payload as delivered) and, per endpoint of its mode, every attempt, with resend. */
export function eventPage(session: DashboardSession, event: ApiEvent & { deliveries: EventDelivery[] }, companies: Names = new Map()) {
  const { deliveries, ...payload } = event;
  return page(
    'Event',
    session,
    html`<section><table><tbody>
      <tr><th>Id</th><td><code>${event.id}</code></td></tr><tr><th>Type</th><td><code>${event.type}</code></td></tr>
      <tr><th>Mode</th><td>${mode(event)}</td></tr>
      <tr><th>Company</th><td>${event.company_id ? html`<a href="/dashboard/events?company_id=${event.company_id}">${company(event.company_id, companies)}</a>` : '—'}</td></tr>
      <tr><th>Created</th><td>${utc(event.created_at)}</td></tr>
    </tbody></table>
    <details open><summary>Payload</summary><pre class="payload" id="payload">${JSON.stringify(payload, null, 2)}</pre></details></section>
    <section aria-labelledby="deliveries"><h2 id="deliveries">Deliveries</h2>
    ${
      deliveries.length === 0
        ? html`<p>No endpoint has an attempt for this event.</p>`
        : deliveries.map(
            (d) => html`<article class="delivery" data-endpoint="${d.endpoint_id}" aria-label="Endpoint ${d.url}">
        <h3><a href="/dashboard/webhook-endpoints/${d.endpoint_id}"><code>${d.url}</code></a> ${outcomeBadge(d.attempts[0].outcome)}</h3>
        <table class="rows"><thead><tr><th>Attempt</th><th>Outcome</th><th>Response</th><th>Duration</th><th>At</th><th>Next retry</th></tr></thead><tbody>
        ${d.attempts.map(
          (
            a,
          ) => html`<tr><td data-label="Attempt">${a.attempt} of ${a.max_attempts}</td><td data-label="Outcome">${outcomeBadge(a.outcome)}${a.error ? html`<br><span class="hint">${a.error}</span>` : ''}</td>
          <td data-label="Response">${a.status_code ?? '—'}${a.response_body ? html`<br><code class="body">${a.response_body}</code>` : ''}</td><td data-label="Duration">${a.duration_ms} ms</td><td data-label="At">${utc(a.attempted_at)}</td><td data-label="Next retry">${utc(a.next_attempt_at)}</td></tr>`,
        )}</tbody></table>
        ${d.status === 'enabled' ? html`<form class="inline" method="post" action="/dashboard/webhook-endpoints/${d.endpoint_id}/resend">${csrfField(session.csrf_token)}<input type="hidden" name="event_id" value="${event.id}"><button class="secondary" type="submit" aria-label="Resend to ${d.url}">Resend</button></form>` : ''}
      </article>`,
          )
    }</section>
    <p><a href="/dashboard/events">All events</a></p>`,
  );
}
