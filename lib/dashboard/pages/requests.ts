import type { DashboardRequestLog } from '../requests';
import type { DashboardSession } from '../session';
import type { PageBlock } from '../../paging/keyset-page';
import { html, utc } from './html';
import { page } from './layout';
import type { Names } from '../names';

const mode = (r: { livemode: boolean }) => html`<span class="badge ${r.livemode ? 'live' : 'test'}">${r.livemode ? 'live' : 'test'}</span>`;
const outcome = (r: DashboardRequestLog) =>
  html`<span class="badge ${r.status >= 400 ? 'off' : 'live'}">${r.status}</span>${r.code ? html` <code>${r.code}</code>` : ''}`;

export interface RequestFilters {
  status?: number;
  method?: string;
  path?: string;
  livemode?: boolean;
  limit?: number;
  after?: string;
  before?: string;
}

/**
 * Newer and older pages, as the API pages (`before` the page's start_cursor, `after` its end_cursor),
 * the filters kept: a cursor is good only for the listing (filters included) that gave it.
 */
function pager(filters: RequestFilters, page: PageBlock) {
  const { after: _after, before: _before, limit, ...kept } = filters;
  const link = (side: 'after' | 'before', cursor: string) => {
    const query = new URLSearchParams(
      Object.entries({ ...kept, ...(limit !== undefined && limit !== 25 ? { limit } : {}) })
        .filter(([, v]) => v !== undefined)
        .map(([k, v]): [string, string] => [k, String(v)]),
    );
    query.set(side, cursor);
    return `/dashboard/requests?${query}`;
  };
  const newer =
    page.has_prev_page && page.start_cursor ? html`<a href="${link('before', page.start_cursor)}" rel="prev">Newer requests</a>` : '';
  const older =
    page.has_next_page && page.end_cursor ? html`<a href="${link('after', page.end_cursor)}" rel="next">Older requests</a>` : '';
  return newer || older ? html`<nav class="pager" aria-label="Request pages">${newer}${older}</nav>` : '';
}

/**
 * The request log (docs/api.md): what the partner's integration sent and was answered,
 * newest first, both modes; each request id links to the request in full. The search box takes a
 * request id from an error envelope (`request_id`) or the `Request-Id` header.
 */
export function requestsPage(session: DashboardSession, items: DashboardRequestLog[], filters: RequestFilters, paging: PageBlock) {
  const selected = (v: string | undefined, want: string) => (v === want ? 'selected' : '');
  return page(
    'Requests',
    session,
    html`<p class="hint">Every POST and every answer of 400 or more (but 429) of your API keys, kept 7 days. Bodies are shown with secrets and identity data redacted.</p>
    <section aria-labelledby="find"><h2 id="find">Find a request</h2>
    <form method="get" action="/dashboard/requests">
      <label for="request_id">Request id <span class="hint">(the <code>request_id</code> of an error, or the <code>Request-Id</code> header)</span></label>
      <input id="request_id" name="request_id" type="text" required maxlength="64" placeholder="req_…">
      <button type="submit">Show request</button>
    </form></section>
    <section aria-labelledby="filter"><h2 id="filter">Filter</h2>
    <form method="get" action="/dashboard/requests">
      <label for="status">Status <span class="hint">(exact, such as 422)</span></label><input id="status" name="status" type="text" inputmode="numeric" maxlength="3" value="${filters.status ?? ''}">
      <label for="method">Method</label><select id="method" name="method"><option value="">any</option>${['GET', 'POST', 'DELETE'].map((m) => html`<option ${selected(filters.method, m)}>${m}</option>`)}</select>
      <label for="path">Path <span class="hint">(exact, such as /v1/companies)</span></label><input id="path" name="path" type="text" maxlength="512" value="${filters.path ?? ''}">
      <label for="livemode">Mode</label><select id="livemode" name="livemode"><option value="">both</option><option value="false" ${filters.livemode === false ? 'selected' : ''}>test</option><option value="true" ${filters.livemode === true ? 'selected' : ''}>live</option></select>
      <button type="submit">Filter</button>
    </form></section>
    <section aria-labelledby="list"><h2 id="list">Requests</h2>
    ${
      items.length === 0
        ? html`<p>No requests logged${filters.status || filters.method || filters.path ? ' for these filters' : ' yet'}.</p>`
        : html`<table class="rows"><thead><tr><th>Request</th><th>Mode</th><th>Method and path</th><th>Answer</th><th>At</th></tr></thead><tbody>
      ${items.map(
        (r) =>
          html`<tr data-request="${r.id}"><td data-label="Request"><a href="/dashboard/requests/${r.id}"><code>${r.id}</code></a></td><td data-label="Mode">${mode(r)}</td><td data-label="Method and path"><code>${r.method} ${r.path}</code></td><td data-label="Answer">${outcome(r)}</td><td data-label="At">${utc(r.created_at)}</td></tr>`,
      )}</tbody></table>`
    }
    ${pager(filters, paging)}</section>`,
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** One request in full: what was sent, what was answered. */
export function requestPage(session: DashboardSession, r: DashboardRequestLog, keys: Names = new Map()) {
  const query = Object.keys(r.query).length
    ? `?${new URLSearchParams(Object.entries(r.query).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]])))}`
    : '';
  return page(
    'Request',
    session,
    html`<p><code>${r.id}</code> · <a href="/dashboard/requests">All requests</a></p>
    <section aria-labelledby="summary"><h2 id="summary">Summary</h2><table style="table-layout:fixed"><tbody>
      <tr><th scope="row">Request</th><td><code>${r.method} ${r.path}${query}</code></td></tr>
      <tr><th scope="row">Answer</th><td>${outcome(r)}</td></tr>
      <tr><th scope="row">Mode</th><td>${mode(r)}</td></tr>
      <tr><th scope="row">At</th><td>${utc(r.created_at)} · ${r.duration_ms} ms</td></tr>
      <tr><th scope="row">API key</th><td>${keys.has(r.key_id) ? html`<span class="name">${keys.get(r.key_id)}</span> ` : ''}<code>${r.key_id}</code> from <code>${r.source_ip}</code></td></tr>
      <tr><th scope="row">Version</th><td><code>${r.api_version}</code></td></tr>
      ${r.idempotency_key ? html`<tr><th scope="row">Idempotency-Key</th><td><code>${r.idempotency_key}</code></td></tr>` : ''}
    </tbody></table></section>
    <section aria-labelledby="sent"><h2 id="sent">Request body</h2>${r.request_body === undefined ? html`<p>No body.</p>` : html`<pre style="white-space:pre-wrap;overflow-wrap:anywhere;max-width:100%"><code>${json(r.request_body)}</code></pre>`}</section>
    <section aria-labelledby="answered"><h2 id="answered">Response body</h2><pre style="white-space:pre-wrap;overflow-wrap:anywhere;max-width:100%"><code>${json(r.response_body)}</code></pre></section>`,
  );
}
