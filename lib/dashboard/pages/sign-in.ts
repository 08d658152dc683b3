import { html, raw } from './html';
import { layout } from './layout';

export function signInEmailPage(input: { csrf: string; next?: string; message?: string }): string {
  return layout({
    title: 'Sign in',
    body: html`${input.message ? html`<p class="notice" role="status">${input.message}</p>` : ''}
    <section><form method="post" action="/dashboard/sign-in">
      <input type="hidden" name="csrf_token" value="${input.csrf}">${input.next ? html`<input type="hidden" name="next" value="${input.next}">` : ''}
      <label for="email">Work e-mail</label>
      <input id="email" name="email" type="email" autocomplete="email" required autofocus>
      <p class="hint">We e-mail you a ten-digit code. No password.</p>
      <button type="submit">E-mail me a code</button>
    </form></section>`,
  });
}

export function signInCodePage(input: { csrf: string; email: string; next?: string; local: boolean }): string {
  return layout({
    title: 'Enter your code',
    body: html`<p class="notice" role="status">If <strong>${input.email}</strong> belongs to a partner, a code is on its way. It works once, for 10 minutes.
      ${input.local ? raw(html`Running locally: read it in the <a href="/dashboard/outbox">outbox</a>.`.html) : ''}</p>
    <section><form method="post" action="/dashboard/sign-in/verify">
      <input type="hidden" name="csrf_token" value="${input.csrf}"><input type="hidden" name="email" value="${input.email}">
      ${input.next ? html`<input type="hidden" name="next" value="${input.next}">` : ''}
      <label for="code">Ten-digit code</label>
      <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{10}" maxlength="10" required autofocus>
      <button type="submit">Sign in</button>
    </form>
    <p><a href="/dashboard/sign-in">Use another address or get a new code</a></p></section>`,
  });
}
