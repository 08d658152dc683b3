import { now } from '../../clock';
import type { listAudit } from '../audit';
import type { listOwnSessions, DashboardSession } from '../session';
import type { listStaff } from '../staff';
import { STAFF_ROLES } from '../roles';
import { AUDIT_ACTIONS } from '../../audit/actions';
import { csrfField, html, raw, utc } from './html';
import { page } from './layout';
import { askFirst } from './confirm';

const ROLE_WORDS = {
  owner: 'everything, staff and the audit log included',
  developer: 'keys, webhook endpoints, events, requests and versions',
  finance: 'invoices and the overview; nothing secret',
} as const;

/**
 * What an owner may do to another member; never offered on one's own row, which the server refuses
 * too (lib/dashboard/staff-changes.ts).
 */
const memberActs = (session: DashboardSession, m: { id: string; email: string }) =>
  html`<div class="acts"><form class="inline" method="post" action="/dashboard/staff/${m.id}/clear-lockout">${csrfField(session.csrf_token)}<button class="secondary" type="submit" aria-label="Clear the sign-in lockout of ${m.email}" title="Lets this address ask for sign-in codes again">Clear lockout</button></form>
        ${askFirst({
          csrfToken: session.csrf_token,
          action: `/dashboard/staff/${m.id}/remove`,
          opener: 'Remove…',
          question: `Remove ${m.email}?`,
          warning: 'Their sessions end at once and they can no longer sign in; inviting them again is the way back.',
          confirm: 'Yes, remove',
          confirmName: `Remove ${m.email}`,
        })}</div>`;

/** Staff (owners only): who may sign in, with what role; invite and remove. Both need a stepped-up session. */
export function staffPage(session: DashboardSession, staff: Awaited<ReturnType<typeof listStaff>>) {
  return page(
    'Staff',
    session,
    html`<p class="hint">Inviting or removing someone asks for a fresh code first (<a href="/dashboard/step-up?next=/dashboard/staff">step up</a>). An invited person is <em>invited</em> until they sign in from the invitation e-mail. Someone locked out of sign-in (too many codes or wrong codes) gets back in once you clear their lockout. A removed person's sessions end at once.</p>
    <section aria-labelledby="invite"><h2 id="invite">Invite someone</h2>
    <form method="post" action="/dashboard/staff">${csrfField(session.csrf_token)}
      <label for="email">Work e-mail</label><input id="email" name="email" type="email" required maxlength="254" autocomplete="off">
      <fieldset class="inline"><legend>Role</legend>
        ${STAFF_ROLES.map(
          (r, i) =>
            html`<div><input type="radio" id="role-${r}" name="role" value="${r}" ${i === 1 ? 'checked' : ''}> <label for="role-${r}"><strong>${r}</strong> <span class="hint">(${ROLE_WORDS[r]})</span></label></div>`,
        )}
      </fieldset>
      <button type="submit">Invite</button>
    </form></section>
    <section aria-labelledby="people"><h2 id="people">People</h2>
    <table class="rows"><thead><tr><th>E-mail</th><th>Role</th><th>Status</th><th>Since</th><th></th></tr></thead><tbody>
    ${staff.items.map(
      (m) =>
        html`<tr data-staff="${m.id}"><td data-label="E-mail">${m.email}${m.email === session.email ? html` <span class="badge">you</span>` : ''}<br><code class="id">${m.id}</code></td>
        <td data-label="Role">${m.role}</td><td data-label="Status">${m.status === 'invited' ? html`<span class="badge test">invited</span>` : m.status}</td><td data-label="Since">${utc(m.created_at)}</td>
        <td>${m.id === session.staff_id ? html`<span class="hint">Another owner manages your membership</span>` : memberActs(session, m)}</td></tr>`,
    )}</tbody></table></section>`,
  );
}

/** One's own sessions, and "sign out everywhere". */
export function sessionsPage(session: DashboardSession, sessions: Awaited<ReturnType<typeof listOwnSessions>>) {
  return page(
    'Your sessions',
    session,
    html`<p class="hint">Where you are signed in as ${session.email} (${session.role}). A browser session ends after 2 idle hours or 12 hours in all; a script's after 1 idle hour or 8 hours.</p>
    <section aria-labelledby="list"><h2 id="list">Sessions</h2>
    <table class="rows"><thead><tr><th>Session</th><th>Signed in</th><th>Last used</th><th>From</th></tr></thead><tbody>
    ${sessions.items.map(
      (s) =>
        html`<tr data-session="${s.id}"><td data-label="Session"><code class="id">${s.id}</code>${s.current ? html` <span class="badge live">this one</span>` : ''}</td>
        <td data-label="Signed in">${utc(s.created_at)}</td><td data-label="Last used">${utc(s.last_used_at)}</td><td data-label="From"><code>${s.ip ?? '—'}</code></td></tr>`,
    )}</tbody></table></section>
    <section aria-labelledby="everywhere"><h2 id="everywhere">Sign out everywhere</h2>
    <p>Ends every session above, this one included. Use it if a device was lost or a session may have been taken.</p>
    <form method="post" action="/dashboard/sessions/sign-out-everywhere">${csrfField(session.csrf_token)}<button class="danger" type="submit">Sign out everywhere</button></form></section>`,
  );
}

/** Step-up, first half: a button that e-mails a fresh code. */
export function stepUpPage(session: DashboardSession, next: string | undefined, local: boolean) {
  const until = session.stepped_up_until && Date.parse(session.stepped_up_until) > now().getTime() ? session.stepped_up_until : undefined;
  return page(
    'Confirm it is you',
    session,
    html`${until ? html`<p class="notice" role="status">This session is stepped up until ${utc(until)}.</p>` : ''}
    <section><p>Creating a live key, creating or re-pointing a live webhook endpoint, changing versions and changing staff need a fresh code. We e-mail one to <strong>${session.email}</strong>; the session may then make such changes for 10 minutes.</p>
    <form method="post" action="/dashboard/step-up">${csrfField(session.csrf_token)}${next ? html`<input type="hidden" name="next" value="${next}">` : ''}
      <button type="submit">E-mail me a code</button></form>
    ${local ? raw(html`<p class="hint">Running locally: the e-mail lands in the <a href="/dashboard/outbox">outbox</a>.</p>`.html) : ''}</section>`,
  );
}

/** Step-up, second half: the code form. */
export function stepUpCodePage(session: DashboardSession, next: string | undefined, local: boolean) {
  return page(
    'Enter your code',
    session,
    html`<p class="notice" role="status">We e-mailed a ten-digit code to <strong>${session.email}</strong>. It works once, for 10 minutes.
      ${local ? raw(html`Running locally: read it in the <a href="/dashboard/outbox">outbox</a>.`.html) : ''}</p>
    <section><form method="post" action="/dashboard/step-up/verify">${csrfField(session.csrf_token)}${next ? html`<input type="hidden" name="next" value="${next}">` : ''}
      <label for="code">Ten-digit code</label>
      <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{10}" maxlength="10" required autofocus>
      <button type="submit">Confirm</button></form></section>`,
  );
}

/** The filters the audit page shows, as its form sends them back. */
export interface AuditFilters {
  action?: string;
  actor_email?: string;
  livemode?: boolean;
  'created_at[gte]'?: string;
  'created_at[lt]'?: string;
}

const modeBadge = (livemode: boolean | null) =>
  livemode === null
    ? html`<span class="hint">—</span>`
    : html`<span class="badge ${livemode ? 'live' : 'test'}">${livemode ? 'live' : 'test'}</span>`;

/** What changed, in short: `before → after` of each field, then anything else the entry names. */
function changeWords(details: Record<string, unknown>): string {
  const { before, after, ...rest } = details as { before?: Record<string, unknown>; after?: Record<string, unknown> };
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const words = fields.map((f) => {
    const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));
    if (!before) return `${f}: ${show(after?.[f])}`;
    if (!after) return `${f}: was ${show(before[f])}`;
    return `${f}: ${show(before[f])} → ${show(after[f])}`;
  });
  for (const [k, v] of Object.entries(rest)) words.push(`${k}: ${JSON.stringify(v)}`);
  return words.join('; ');
}

/** The audit log (owners only): who did what, from where, what changed; newest first, filtered, chained by hash. */
export function auditPage(session: DashboardSession, log: Awaited<ReturnType<typeof listAudit>>, filters: AuditFilters = {}) {
  const kept = new URLSearchParams(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const pageLink = (cursor: 'before' | 'after', value: string) =>
    `/dashboard/audit?${kept ? `${kept}&` : ''}${cursor}=${encodeURIComponent(value)}`;
  return page(
    'Audit log',
    session,
    html`<p class="hint">Every change to keys, webhook endpoints, versions and staff, every sign-in (and failed one), step-up, secret roll, test, resend, retry, recovery and sandbox clock advance, and every act of our operators on your data; kept a year. No one can edit or delete an entry, and each entry's <code>hash</code> covers the one before it (<code>previous_hash</code>), so a removed or changed entry shows: docs/api.md, "Verifying the audit log".</p>
    <section aria-labelledby="filter"><h2 id="filter">Filter</h2>
    <form method="get" action="/dashboard/audit">
      <label for="action">Action</label><select id="action" name="action"><option value="">any</option>${AUDIT_ACTIONS.map((a) => html`<option ${filters.action === a ? 'selected' : ''}>${a}</option>`)}</select>
      <label for="actor_email">Who <span class="hint">(e-mail address)</span></label><input id="actor_email" name="actor_email" type="email" maxlength="254" value="${filters.actor_email ?? ''}">
      <label for="livemode">Mode</label><select id="livemode" name="livemode"><option value="">both</option><option value="false" ${filters.livemode === false ? 'selected' : ''}>test</option><option value="true" ${filters.livemode === true ? 'selected' : ''}>live</option></select>
      <label for="from">From <span class="hint">(RFC 3339, such as 2026-01-01T00:00:00Z)</span></label><input id="from" name="created_at[gte]" type="text" maxlength="40" value="${filters['created_at[gte]'] ?? ''}">
      <label for="until">Before</label><input id="until" name="created_at[lt]" type="text" maxlength="40" value="${filters['created_at[lt]'] ?? ''}">
      <button type="submit">Filter</button>
    </form></section>
    <section aria-labelledby="entries"><h2 id="entries">Entries <span class="hint">(${log.page.total} in all)</span></h2>
    ${
      log.items.length === 0
        ? html`<p>${kept ? 'Nothing recorded for these filters.' : 'Nothing recorded yet.'}</p>`
        : html`<table class="rows"><thead><tr><th>When</th><th>Who</th><th>What</th><th>Object</th><th>Mode</th><th>Change</th><th>From</th><th>Hash</th></tr></thead><tbody>
    ${log.items.map(
      (e) =>
        html`<tr data-audit="${e.id}"><td data-label="When">${utc(e.created_at)}</td><td data-label="Who">${e.actor_email}${e.actor_kind === 'operator' ? html` <span class="badge off">operator</span>` : ''}</td>
        <td data-label="What"><code>${e.action}</code></td><td data-label="Object"><code class="id">${e.target}</code></td><td data-label="Mode">${modeBadge(e.livemode)}</td>
        <td data-label="Change">${changeWords(e.details)}</td><td data-label="From"><code>${e.ip ?? '—'}</code></td>
        <td data-label="Hash">${e.hash ? html`<code title="${e.hash} follows ${e.previous_hash ?? 'nothing'}">${e.hash.slice(0, 12)}…</code>` : html`<span class="hint">before the chain</span>`}</td></tr>`,
    )}</tbody></table>`
    }
    <nav class="pager" aria-label="Pages">
      ${log.page.has_prev_page && log.page.start_cursor ? html`<a href="${pageLink('before', log.page.start_cursor)}">Newer</a>` : ''}
      ${log.page.has_next_page && log.page.end_cursor ? html`<a href="${pageLink('after', log.page.end_cursor)}">Older</a>` : ''}
    </nav></section>`,
  );
}
