import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useStackDatabase } from '../support/stack';
import { launchChromium, screenshot } from '../support/browser';
import { createSession } from '../../lib/dashboard/session';
import { addStaffMember } from '../../lib/dashboard/staff';
import { mailsAbout } from '../support/dashboard';
import { setClock } from '../../lib/clock';
import { eventually, recordEvents, startReceiver } from '../support/webhooks';
import { aFreshPartner } from '../support/partners';
import { anLlc, createCompany } from '../support/companies';
import { api } from '../support/http';

const c = useStackDatabase();
const OWNER = 'owner@demo-partner.test';
let browser: Browser;
// A real browser on a shared 2-core machine: generous ceilings, never a timed assertion.
jest.setTimeout(180_000);

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Reads the newest code e-mailed to `to` from the local outbox page, in its own tab, once more than
 * `seen` such e-mails exist (sign-in codes are queued: lib/dashboard/queued-mail.ts).
 */
async function codeFromOutbox(context: BrowserContext, to: string, about: string, shot?: string, seen = 0): Promise<string> {
  await eventually(() => mailsAbout(to, about).length > seen, 10_000, `an e-mail to ${to} about ${about}`);
  const tab = await context.newPage();
  await tab.goto(`${c.dashboard_url}/outbox`);
  if (shot) await screenshot(tab, shot);
  const mail = tab.locator('section.mail', { hasText: to }).filter({ hasText: about }).first();
  const code = /\b(\d{10})\b/.exec(await mail.locator('pre').innerText())?.[1];
  await tab.close();
  if (!code) throw new Error(`no code for ${to} in the outbox`);
  return code;
}

/** A browser context already signed in through a session minted directly in the store. */
async function signedIn(partnerId: string, email: string, at?: Date): Promise<{ context: BrowserContext; page: Page }> {
  const restore = at ? setClock(() => at) : () => undefined;
  await addStaffMember(partnerId, email);
  const { token } = await createSession({ partnerId, email, kind: 'cookie' });
  restore();
  const context = await browser.newContext();
  context.setDefaultTimeout(90_000);
  await context.addCookies([{ name: 'dash_session', value: token, url: c.dashboard_url }]);
  return { context, page: await context.newPage() };
}

describe('the dashboard in Chromium', () => {
  it('signs in with the e-mailed code, creates a key and an endpoint, rolls its secret and disables it', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    context.setDefaultTimeout(90_000);
    const page = await context.newPage();

    // Sign in, with the keyboard only.
    await page.goto(c.dashboard_url);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await screenshot(page, '01-sign-in');
    await page.keyboard.type(OWNER); // the e-mail field has focus on arrival
    const seen = mailsAbout(OWNER, 'sign-in code').length;
    await page.keyboard.press('Enter');
    await page.getByLabel('Ten-digit code').waitFor();
    await screenshot(page, '02-enter-code');
    const code = await codeFromOutbox(context, OWNER, 'sign-in code', '03-outbox', seen);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${c.dashboard_url}`);
    await expect(page.locator('h1').innerText()).resolves.toBe('Demo Partner');
    await screenshot(page, '04-overview');

    // An API key: the secret is shown once.
    await page.getByRole('link', { name: 'API keys' }).first().click();
    await page.getByLabel('Name').fill('Browser key');
    await page.getByLabel('companies:read').check();
    await page.getByLabel('Allowed IP addresses').fill('203.0.113.0/24');
    await page.getByRole('button', { name: 'Create key' }).click();
    const keySecret = await page.locator('#secret').innerText();
    expect(keySecret).toMatch(/^svc_test_[0-9A-Za-z]{32}$/);
    await screenshot(page, '05-key-secret-once');
    await page.getByRole('link', { name: /back to the keys/ }).click();
    const keyRow = page.locator('tr', { hasText: 'Browser key' });
    await expect(keyRow.innerText()).resolves.toContain('203.0.113.0/24');
    expect(await page.content()).not.toContain(keySecret);
    await screenshot(page, '06-keys');
    // Revoking asks first: the first click only asks, naming the key; the second revokes it.
    const revokeIt = keyRow.getByRole('button', { name: 'Revoke Browser key' });
    await expect(revokeIt.isVisible()).resolves.toBe(false);
    await keyRow.getByText('Revoke…').click();
    await expect(keyRow.innerText()).resolves.toContain('Revoke Browser key?');
    await expect(keyRow.innerText()).resolves.not.toContain('revoked');
    await screenshot(page, '06b-revoke-asks-first');
    await revokeIt.click();
    await page.waitForURL(`${c.dashboard_url}/keys`);
    await expect(keyRow.innerText()).resolves.toContain('revoked');

    // A webhook endpoint: the secret once, the public key always.
    const receiver = await startReceiver();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Event types').fill('company.created, company.status.changed');
    await page.getByLabel('Description').fill('Browser test');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const firstSecret = await page.locator('#secret').innerText();
    expect(firstSecret).toMatch(/^whsec_/);
    await screenshot(page, '07-endpoint-secret-once');
    await page.getByRole('link', { name: /back to the endpoint/ }).click();
    const publicKey = await page.locator('#public-key').innerText();
    expect(publicKey).toMatch(/^whpk_/);
    expect(await page.content()).not.toContain(firstSecret);

    // A delivery appears on the page; resend it.
    const [event] = await recordEvents({ partnerId: c.partner_id, mode: 'test' }, 1, 'company.created');
    const row = page.locator(`article[data-event="${event.id}"]`);
    await eventually(
      async () => {
        await page.reload();
        return (await row.count()) > 0;
      },
      60_000,
      'the delivery on the endpoint page',
    );
    await expect(row.first().innerText()).resolves.toMatch(/succeeded/);
    await screenshot(page, '08-endpoint');
    await row
      .first()
      .getByRole('button', { name: `Resend ${event.id}` })
      .click();
    await expect(page.locator('.notice').innerText()).resolves.toContain(`Event ${event.id} is queued for delivery again`);
    await eventually(() => receiver.ids().filter((id) => id === event.id).length >= 2, 60_000, 'the resent delivery');
    await receiver.close();

    // Roll the secret with the e-mailed code.
    await page.getByRole('button', { name: 'Roll signing secret' }).click();
    await page.getByLabel('Code').waitFor();
    await screenshot(page, '09-roll-confirm');
    await page.getByLabel('Code').fill(await codeFromOutbox(context, OWNER, 'webhook secret'));
    await page.getByRole('button', { name: 'Roll the secret' }).click();
    const rolledSecret = await page.locator('#secret').innerText();
    expect(rolledSecret).toMatch(/^whsec_/);
    expect(rolledSecret).not.toBe(firstSecret);
    await expect(page.locator('.notice').innerText()).resolves.toMatch(
      /previous secret keeps signing until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; the public key \(v1a\) stays as it was\./,
    );
    await screenshot(page, '10-secret-rolled');

    // Disable it.
    await page.getByRole('link', { name: /back to the endpoint/ }).click();
    // A secret roll never changes the v1a key (the spec: rotations never affect it).
    expect(await page.locator('#public-key').innerText()).toBe(publicKey);
    await page.getByRole('button', { name: 'Disable' }).click();
    await expect(page.locator('#status').innerText()).resolves.toContain('disabled (manual)');
    await screenshot(page, '11-endpoint-disabled');

    // Versions: a change that needs this session stepped up (signing in does not step it up).
    await page.goto(`${c.dashboard_url}/step-up`);
    const stepUpSeen = mailsAbout(OWNER, 'step-up code').length;
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.getByLabel('Ten-digit code').fill(await codeFromOutbox(context, OWNER, 'step-up code', undefined, stepUpSeen));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.goto(`${c.dashboard_url}/settings`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.notice').innerText()).resolves.toMatch(/Saved/);
    await screenshot(page, '12-versions');

    // Sign out: the page is closed to this browser again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await page.goto(`${c.dashboard_url}/keys`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await context.close();
  });

  it('is readable on a phone', async () => {
    const { context, page } = await signedIn(c.partner_id, OWNER);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${c.dashboard_url}/keys`);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, '13-keys-on-a-phone');
    await context.close();
  });

  it("a session of the other partner cannot see or change this partner's endpoints and keys", async () => {
    const mine = await signedIn(c.partner_id, OWNER);
    await mine.page.goto(`${c.dashboard_url}/webhook-endpoints`);
    // A path no other suite uses: other suites give the other partner endpoints of their own.
    const marker = `/browser-isolation-${Date.now().toString(36)}`;
    await mine.page.getByLabel('URL').fill(`http://127.0.0.1:4999${marker}`);
    await mine.page.getByRole('button', { name: 'Add endpoint' }).click();
    await mine.page.getByRole('link', { name: /back to the endpoint/ }).click();
    const endpointUrl = mine.page.url();
    await mine.page.goto(`${c.dashboard_url}/keys`);
    const keyId = await mine.page.locator('tr[data-key]').first().getAttribute('data-key');

    const theirs = await signedIn(c.other_partner.partner_id, 'owner@other-partner.test');
    const view = await theirs.page.goto(endpointUrl);
    expect(view!.status()).toBe(404);
    await screenshot(theirs.page, '14-other-partner-404');
    await theirs.page.goto(`${c.dashboard_url}/webhook-endpoints`);
    expect(await theirs.page.content()).not.toContain(marker);
    await theirs.page.goto(`${c.dashboard_url}/keys`);
    expect(await theirs.page.locator(`tr[data-key="${keyId}"]`).count()).toBe(0);

    // Even with its own valid CSRF token, the other partner's session cannot act on them.
    const csrf = await theirs.page.locator('input[name=csrf_token]').first().inputValue();
    const disable = await theirs.page.request.post(`${endpointUrl}/disable`, { form: { csrf_token: csrf }, maxRedirects: 0 });
    expect(disable.status()).toBe(404);
    const revoke = await theirs.page.request.post(`${c.dashboard_url}/keys/${keyId}/revoke`, {
      form: { csrf_token: csrf },
      maxRedirects: 0,
    });
    expect(revoke.status()).toBe(404);
    await mine.page.goto(endpointUrl);
    await expect(mine.page.locator('#status').innerText()).resolves.toContain('enabled');
    await mine.context.close();
    await theirs.context.close();
  });

  it('finds a refused request by the request_id of its error, and shows it in full, on a phone too', async () => {
    const { partnerId, testKey } = await aFreshPartner();
    const refused = await api(testKey).post('/companies', anLlc({ name: 'The Browser Check' }));
    expect(refused.status).toBe(400);
    const { context, page } = await signedIn(partnerId, 'owner@requests-browser.test');
    await page.goto(`${c.dashboard_url}/requests`);
    await expect(page.locator(`tr[data-request="${refused.body.request_id}"]`).innerText()).resolves.toContain('invalid_request');
    await screenshot(page, '17-requests');
    // Paging, as the API pages: two newer refusals, two a page; older, then newer again, the filters kept.
    const newer = [];
    for (let i = 0; i < 2; i++) {
      const again = await api(testKey).post('/companies', {});
      expect(again.status).toBe(400);
      newer.unshift(again.body.request_id);
    }
    await page.goto(`${c.dashboard_url}/requests?status=400&limit=2`);
    const shown = () => page.locator('tr[data-request]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-request')));
    await expect(shown()).resolves.toEqual(newer);
    await expect(page.getByRole('link', { name: 'Newer requests' }).count()).resolves.toBe(0);
    await screenshot(page.locator('section[aria-labelledby="list"]'), '17b-requests-paged');
    await page.getByRole('link', { name: 'Older requests' }).click();
    await expect(shown()).resolves.toEqual([refused.body.request_id]);
    expect(new URL(page.url()).searchParams.get('status')).toBe('400');
    await expect(page.getByRole('link', { name: 'Older requests' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Newer requests' }).click();
    await expect(shown()).resolves.toEqual(newer);
    await page.goto(`${c.dashboard_url}/requests`);
    // The search box, with the keyboard: the request_id of the error envelope.
    await page.getByLabel(/Request id/).fill(refused.body.request_id);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/dashboard/requests/${refused.body.request_id}`);
    await expect(page.locator('main').innerText()).resolves.toContain('The Browser Check');
    // Names beside ids: the key that sent it, by its name.
    await expect(page.locator('tr', { hasText: 'API key' }).innerText()).resolves.toMatch(/test key\s+key_/);
    await page.setViewportSize({ width: 375, height: 740 });
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, '18-request-on-a-phone');
    // A company's events name it: its legal name beside its id, in the list and on the event.
    const made = await createCompany(testKey, anLlc());
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${c.dashboard_url}/events?company_id=${made.id}`);
    const listed = page.locator('tr[data-event]').first();
    await expect(listed.locator('td[data-label="Company"]').innerText()).resolves.toBe(`${made.legal_name} ${made.id}`);
    await screenshot(page.locator('section[aria-labelledby="found"]'), '18b-events-name-companies');
    await listed.locator('a').first().click();
    await expect(page.locator('tr', { hasText: 'Company' }).first().innerText()).resolves.toContain(`${made.legal_name} ${made.id}`);
    await context.close();
  });

  it('refuses a form post without the CSRF token', async () => {
    const { context, page } = await signedIn(c.partner_id, OWNER);
    await page.goto(`${c.dashboard_url}/keys`);
    const res = await page.request.post(`${c.dashboard_url}/keys`, { form: { mode: 'test', name: 'no csrf' }, maxRedirects: 0 });
    expect(res.status()).toBe(400);
    await page.setContent(await res.text());
    await screenshot(page, '15-csrf-refused');
    await page.goto(`${c.dashboard_url}/keys`);
    expect(await page.locator('tr', { hasText: 'no csrf' }).count()).toBe(0);
    await context.close();
  });

  it('sends an expired session back to sign-in', async () => {
    const { context, page } = await signedIn(c.partner_id, OWNER, new Date(Date.now() - 13 * 3600 * 1000));
    await page.goto(`${c.dashboard_url}/webhook-endpoints`);
    expect(page.url()).toBe(`${c.dashboard_url}/sign-in?next=%2Fdashboard%2Fwebhook-endpoints`);
    await screenshot(page, '16-expired-session-sign-in');
    await context.close();
  });
});
