import type { SandboxClock } from '../../resources/sandbox-clock';
import type { DashboardSession } from '../session';
import { csrfField, html, utc, type Raw } from './html';
import { page } from './layout';

/** The clock as the dashboard shows it: the API's object, and where the running advance began (its progress). */
export interface ClockView {
  clock: SandboxClock;
  /** The test mode's time when the running advance began. */
  advancingFrom?: string;
}

/** How far the running advance has come, in percent. */
export function advanceProgress(view: ClockView): number | undefined {
  const { clock, advancingFrom } = view;
  if (clock.status !== 'advancing' || !clock.advancing_to || !advancingFrom) return undefined;
  const from = Date.parse(advancingFrom);
  const span = Date.parse(clock.advancing_to) - from;
  return span > 0 ? Math.max(0, Math.min(100, Math.floor(((Date.parse(clock.now) - from) / span) * 100))) : 0;
}

/** `2026-11-28T05:04:51.240Z` → the `datetime-local` value one month on, in UTC (`2026-12-28T05:04`). */
const monthOn = (iso: string) => {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 16);
};

/** The test clock on a test-mode page: its time, its progress while it advances, and the form to advance it. */
export function sandboxClockCard(session: DashboardSession, view: ClockView): Raw {
  const { clock } = view;
  const progress = advanceProgress(view);
  return html`<section aria-labelledby="test-clock" id="sandbox-clock"><h2 id="test-clock">Your test mode’s time <span class="badge test">test mode</span></h2>
    <p>Now in test mode: <strong id="clock-now">${utc(clock.now)}</strong> <span class="badge" id="clock-status">${clock.status}</span></p>
    ${
      progress !== undefined
        ? html`<p>Advancing to <strong>${utc(clock.advancing_to)}</strong>: everything that falls due on the way happens in time order.</p>
    <p><label for="clock-progress">Progress</label><progress id="clock-progress" max="100" value="${progress}">${progress}%</progress> <span id="clock-percent">${progress}%</span></p>
    <p class="hint">This page refreshes every 2 seconds until the advance is done; <code>sandbox_clock.ready</code> is its last event.</p>`
        : html`<form method="post" action="/dashboard/sandbox-clock/advance">${csrfField(session.csrf_token)}
    <label for="clock-to">Advance to (UTC) <span class="hint">later than now, at most 400 days on</span></label>
    <input type="datetime-local" id="clock-to" name="to" required value="${monthOn(clock.now)}" min="${clock.now.slice(0, 16)}">
    <button type="submit">Advance the test clock</button></form>
    <p class="hint">Renewals bill, quotes lapse, reminders fire and months close on the way, each at its moment, with their webhooks; live mode keeps real time.</p>`
    }</section>`;
}

/** GET /dashboard/sandbox-clock: the test clock alone (refreshes itself while an advance runs). */
export function sandboxClockPage(session: DashboardSession, view: ClockView) {
  return page('Test clock', session, sandboxClockCard(session, view), 200, {}, view.clock.status === 'advancing' ? 2 : undefined);
}
