import type { DashboardChoice } from '../sign-in-choice';
import { html, raw } from './html';
import { layout } from './layout';

/** The partner an invitation's link names, carried from form to form (`partner_id`). */
const partnerField = (partner: string | undefined) => (partner ? html`<input type="hidden" name="partner_id" value="${partner}">` : '');

export function signInEmailPage(input: { csrf: string; next?: string; message?: string; partner?: string }): string {
  return layout({
    title: 'Sign in',
    body: html`${input.message ? html`<p class="notice" role="status">${input.message}</p>` : ''}
    ${input.partner ? html`<p class="hint">Signing in from an invitation accepts it.</p>` : ''}
    <section><form method="post" action="/dashboard/sign-in">
      <input type="hidden" name="csrf_token" value="${input.csrf}">${input.next ? html`<input type="hidden" name="next" value="${input.next}">` : ''}${partnerField(input.partner)}
      <label for="email">Work e-mail</label>
      <input id="email" name="email" type="email" autocomplete="email" required autofocus>
      <p class="hint">We e-mail you a ten-digit code. No password.</p>
      <button type="submit">E-mail me a code</button>
    </form></section>`,
  });
}

export function signInCodePage(input: { csrf: string; email: string; next?: string; local: boolean; partner?: string }): string {
  return layout({
    title: 'Enter your code',
    body: html`<p class="notice" role="status">If <strong>${input.email}</strong> belongs to a partner, a code is on its way. It works once, for 10 minutes.
      ${input.local ? raw(html`Running locally: read it in the <a href="/dashboard/outbox">outbox</a>.`.html) : ''}</p>
    <section><form method="post" action="/dashboard/sign-in/verify">
      <input type="hidden" name="csrf_token" value="${input.csrf}"><input type="hidden" name="email" value="${input.email}">
      ${input.next ? html`<input type="hidden" name="next" value="${input.next}">` : ''}${partnerField(input.partner)}
      <label for="code">Ten-digit code</label>
      <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{10}" maxlength="10" required autofocus>
      <button type="submit">Sign in</button>
    </form>
    <p><a href="/dashboard/sign-in">Use another address or get a new code</a></p></section>`,
  });
}

/**
 * After the right code, for an address that is staff of several partners: one button per dashboard,
 * each sending the same code again with its `partner_id` (the code stays good for the choice).
 */
export function signInChoicePage(input: { csrf: string; email: string; code: string; next?: string; choices: DashboardChoice[] }): string {
  return layout({
    title: 'Choose a dashboard',
    body: html`<p class="notice" role="status"><strong>${input.email}</strong> is staff of more than one partner dashboard. Choose the one to open; you can sign in to another later.</p>
    <section><ul class="choices">${input.choices.map(
      (c) => html`<li><form method="post" action="/dashboard/sign-in/verify">
      <input type="hidden" name="csrf_token" value="${input.csrf}"><input type="hidden" name="email" value="${input.email}"><input type="hidden" name="code" value="${input.code}">
      ${input.next ? html`<input type="hidden" name="next" value="${input.next}">` : ''}${partnerField(c.partner_id)}
      <button type="submit">${c.partner_name}</button> <span class="hint">${c.role}${c.status === 'invited' ? ', invitation: opening it accepts it' : ''}</span></form></li>`,
    )}</ul></section>`,
  });
}
