import { ALL_SCOPES, SCOPES } from '../../auth/scopes';
import type { ApiKeyView, createKey } from '../api-keys';
import type { DashboardSession } from '../session';
import { csrfField, html, utc as when } from './html';
import { page } from './layout';
import { askFirst } from './confirm';
import { fieldError, formSummary, invalidAttrs, typedValue, type FormState } from './form-state';

export function keysPage(session: DashboardSession, keys: readonly ApiKeyView[], form?: FormState, status?: number) {
  const live = typedValue(form, 'mode') === 'live';
  const ticked = new Set(typedValue(form, 'scopes').split(/,\s*/));
  return page(
    'API keys',
    session,
    html`<section aria-labelledby="create-key"><h2 id="create-key">Create a key</h2>
    ${formSummary(form)}
    <form method="post" action="/dashboard/keys">${csrfField(session.csrf_token)}
      <fieldset class="inline"><legend>Mode <span class="hint">(a live key asks for a fresh code first)</span></legend>
        <input type="radio" id="mode-test" name="mode" value="test" ${live ? '' : 'checked'}> <label for="mode-test">Test (sandbox)</label>
        <input type="radio" id="mode-live" name="mode" value="live" ${live ? 'checked' : ''}> <label for="mode-live">Live</label>
      </fieldset>
      <label for="name">Name <span class="hint">(optional)</span></label><input id="name" name="name" type="text" maxlength="100" value="${typedValue(form, 'name')}"${invalidAttrs(form, 'name')}>
      ${fieldError(form, 'name')}
      <fieldset><legend>Scopes <span class="hint">(none ticked: all scopes)</span></legend><div class="checks">
        ${SCOPES.map((s) => html`<span><input type="checkbox" id="scope-${s}" name="scopes" value="${s}" ${ticked.has(s) ? 'checked' : ''}> <label for="scope-${s}">${s}</label></span>`)}
      </div></fieldset>
      ${fieldError(form, 'scopes')}
      <label for="expires_at">Expires at <span class="hint">(optional, UTC)</span></label><input id="expires_at" name="expires_at" type="datetime-local" value="${typedValue(form, 'expires_at')}"${invalidAttrs(form, 'expires_at')}>
      ${fieldError(form, 'expires_at')}
      <label for="allowed_ips">Allowed IP addresses <span class="hint">(optional; addresses or CIDR ranges, one per line or comma-separated; empty: any)</span></label>
      <textarea id="allowed_ips" name="allowed_ips" rows="3"${invalidAttrs(form, 'allowed_ips')}>${typedValue(form, 'allowed_ips')}</textarea>
      ${fieldError(form, 'allowed_ips')}
      <button type="submit">Create key</button>
    </form></section>
    <section aria-labelledby="your-keys"><h2 id="your-keys">Your keys</h2>
    ${
      keys.length === 0
        ? html`<p>No keys yet.</p>`
        : html`<table class="rows"><thead><tr><th>Name</th><th>Mode</th><th>Scopes</th><th>Allowed IPs</th><th>Expires</th><th>Last used</th><th>Status</th></tr></thead><tbody>
      ${keys.map(
        (
          k,
        ) => html`<tr data-key="${k.id}"><td data-label="Name">${k.name}<br><code>${k.hint}…</code></td><td data-label="Mode"><span class="badge ${k.livemode ? 'live' : 'test'}">${k.livemode ? 'live' : 'test'}</span></td>
          <td data-label="Scopes">${k.scopes.includes(ALL_SCOPES) ? 'all' : k.scopes.join(', ')}</td><td data-label="Allowed IPs">${k.allowed_ips.length ? k.allowed_ips.join(', ') : 'any'}</td>
          <td data-label="Expires">${when(k.expires_at)}</td><td data-label="Last used">${when(k.last_used_at)}</td>
          <td>${
            k.revoked_at
              ? html`<span class="badge off">revoked</span>`
              : askFirst({
                  csrfToken: session.csrf_token,
                  action: `/dashboard/keys/${k.id}/revoke`,
                  opener: 'Revoke…',
                  question: `Revoke ${k.name}?`,
                  warning: 'Every request made with it is refused from now on; this cannot be undone.',
                  confirm: `Revoke ${k.name}`,
                })
          }</td></tr>`,
      )}</tbody></table>`
    }
    </section>`,
    status,
  );
}

export function keyCreatedPage(session: DashboardSession, created: Awaited<ReturnType<typeof createKey>>) {
  return page(
    'Key created',
    session,
    html`<section><p class="notice" role="status">Copy the secret now: it is shown <strong>only this once</strong> and stored only as a hash.</p>
      <p><strong>${created.name}</strong> (${created.livemode ? 'live' : 'test'})</p>
      <code class="secret" id="secret">${created.secret}</code>
      <p><a href="/dashboard/keys">Done, back to the keys</a></p></section>`,
  );
}
