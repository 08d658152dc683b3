import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { useStackDatabase } from '../support/stack';
import { dashboard, latestCode, mailsAbout } from '../support/dashboard';
import { createSession } from '../../lib/dashboard/session';
import { setClock } from '../../lib/clock';

const c = useStackDatabase();

/** A browser-like request to a page: no redirects followed, cookies and forms sent by hand. */
/** GET of a dashboard page with a `Host` of our choosing (fetch sets its own): status and body. */
function getWithHost(path: string, host: string): Promise<{ status: number; text: string }> {
  const url = new URL(`${c.dashboard_url}${path}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, headers: { Host: host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function page(method: 'GET' | 'POST', path: string, options: { cookie?: string; form?: Record<string, string> } = {}) {
  const res = await fetch(`${c.dashboard_url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('dashboard pages', () => {
  it('sends a browser without a session to sign-in, remembering the page', async () => {
    const res = await page('GET', '/keys');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/sign-in?next=%2Fdashboard%2Fkeys');
  });

  it('sends an expired session back to sign-in and clears its cookie', async () => {
    const restore = setClock(() => new Date(Date.now() - 8 * 24 * 3600 * 1000));
    const { token } = await createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' });
    restore();
    const res = await page('GET', '/webhook-endpoints', { cookie: `dash_session=${token}` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/sign-in?next=%2Fdashboard%2Fwebhook-endpoints');
    expect(res.headers.get('set-cookie')).toMatch(/^dash_session=; Path=\/dashboard; Max-Age=0/);
  });

  it('refuses a form post without the CSRF token or with another session’s, and changes nothing', async () => {
    const { token } = await createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' });
    const other = await createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' });
    const name = `csrf-${randomBytes(4).toString('hex')}`;
    const missing = await page('POST', '/keys', { cookie: `dash_session=${token}`, form: { mode: 'test', name } });
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toMatch(/text\/html/);
    expect(missing.text).toMatch(/CSRF token/);
    const foreign = await page('POST', '/keys', {
      cookie: `dash_session=${token}`,
      form: { mode: 'test', name, csrf_token: other.session.csrf_token },
    });
    expect(foreign.status).toBe(400);
    const keys = await dashboard(token).get('/keys');
    expect(keys.body.items.map((k: any) => k.name)).not.toContain(name);
  });

  it('creates a key from the form with its session’s CSRF token and shows the secret once', async () => {
    const { token, session } = await createSession({
      partnerId: c.partner_id,
      email: 'owner@demo-partner.test',
      kind: 'cookie',
      steppedUpForMs: 600_000,
    });
    const res = await page('POST', '/keys', {
      cookie: `dash_session=${token}`,
      form: {
        mode: 'live',
        name: 'From the form',
        csrf_token: session.csrf_token,
        allowed_ips: '203.0.113.0/24, 198.51.100.7',
        expires_at: '2099-01-01T00:00',
      },
    });
    expect(res.status).toBe(200);
    const secret = /svc_live_[0-9A-Za-z]{32}/.exec(res.text)?.[0];
    expect(secret).toBeDefined();
    const listed = await page('GET', '/keys', { cookie: `dash_session=${token}` });
    expect(listed.text).toContain('From the form');
    expect(listed.text).toContain('2099-01-01 00:00:00 UTC');
    expect(listed.text).not.toContain(secret!);
  });

  it('shows a readable page for a refused form, naming the field', async () => {
    const { token, session } = await createSession({
      partnerId: c.partner_id,
      email: 'owner@demo-partner.test',
      kind: 'cookie',
      steppedUpForMs: 600_000,
    });
    const res = await page('POST', '/webhook-endpoints', {
      cookie: `dash_session=${token}`,
      form: { mode: 'live', url: 'http://93.184.215.14/x', csrf_token: session.csrf_token },
    });
    expect(res.status).toBe(400);
    // The endpoints page again, the URL as typed and the refusal right under it.
    expect(res.text).toContain('Live-mode endpoints must use https');
    expect(res.text).toContain('<p class="field-error" id="url-error">');
    expect(res.text).toContain('value="http://93.184.215.14/x" aria-invalid="true" aria-describedby="url-error"');
  });

  it("answers another partner's endpoint page with a 404 page", async () => {
    const created = (
      await dashboard(c.other_partner.dashboard_session).post('/webhook-endpoints', {
        url: 'http://127.0.0.1:4999/theirs',
        livemode: false,
      })
    ).body;
    const res = await page('GET', `/webhook-endpoints/${created.id}`, { cookie: `dash_session=${c.dashboard_session}` });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('127.0.0.1:4999/theirs');
  });

  it('refuses a sign-in form that did not come from this browser (login CSRF)', async () => {
    const res = await page('POST', '/sign-in', { form: { email: 'owner@demo-partner.test', csrf_token: 'forged' } });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/start again/i);
  });

  it('sets the session cookie HttpOnly and SameSite=Strict (Secure only outside the embedded default)', async () => {
    const email = 'owner@other-partner.test';
    const start = await page('GET', '/sign-in?next=https://evil.example/');
    const signInCookie = start.headers.get('set-cookie')!;
    expect(signInCookie).toMatch(/HttpOnly; SameSite=Strict$/);
    expect(start.text).not.toContain('evil.example');
    const cookie = signInCookie.split(';')[0];
    const csrf = decodeURIComponent(cookie.split('=')[1]);
    const seen = mailsAbout(email, 'sign-in code').length;
    const sent = await page('POST', '/sign-in', { cookie, form: { email, csrf_token: csrf } });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('/dashboard/outbox');
    const code = await latestCode(email, 'sign-in code', seen);
    const outbox = await page('GET', '/outbox');
    expect(outbox.text).toContain(`Your sign-in code is ${code}`);
    // Only for this machine's own names: a page of another site rebound to 127.0.0.1 reads nothing.
    const port = new URL(c.dashboard_url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'LOCALHOST'])
      expect((await getWithHost('/outbox', host)).text).toContain(`Your sign-in code is ${code}`);
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`, `[::1]:${port}`]) {
      const refused = await getWithHost('/outbox', host);
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain(code!);
    }
    const verified = await page('POST', '/sign-in/verify', { cookie, form: { email, code: code!, csrf_token: csrf } });
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toBe('/dashboard');
    const session = verified.headers.getSetCookie().find((v) => v.startsWith('dash_session='))!;
    expect(session).toMatch(/^dash_session=dss_[0-9A-Za-z]{43}; Path=\/dashboard; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    // The browser is remembered for this address (a device cookie): it still gets codes while strangers keep the address locked.
    expect(verified.headers.getSetCookie().find((v) => v.startsWith('dash_device='))).toMatch(
      /; Max-Age=7776000; HttpOnly; SameSite=Strict$/,
    );
    const home = await page('GET', '', { cookie: session.split(';')[0] });
    expect(home.status).toBe(200);
    expect(home.text).toContain('Other Partner');
  });
});
