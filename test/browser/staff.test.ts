import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useStackDatabase } from '../support/stack';
import { launchChromium, screenshot } from '../support/browser';
import { mailsAbout, sessionFor } from '../support/dashboard';
import { eventually } from '../support/webhooks';
import { createPartner } from '../../lib/partners/partner';
import type { StaffRole } from '../../lib/dashboard/roles';

/**
 * Staff, sessions, step-up and the audit log in Debian's Chromium, as an owner and a finance member
 * use them: roles decide the navigation, a sensitive change asks for a code, removal ends sessions.
 */
const c = useStackDatabase();
let browser: Browser;
let partnerId = '';
jest.setTimeout(240_000);

beforeAll(async () => {
  browser = await launchChromium();
  partnerId = (await createPartner({ name: 'Staff Browser Partner', ownerEmail: 'owner@staff-browser.test' })).id;
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(role: StaffRole, steppedUp = false, width = 1400): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const { token, email } = await sessionFor(partnerId, { role, steppedUp, kind: 'cookie' });
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  context.setDefaultTimeout(90_000);
  await context.addCookies([{ name: 'dash_session', value: token, url: c.dashboard_url }]);
  return { context, page: await context.newPage(), email };
}

/** The newest code e-mailed to `to` about `about`, once there are more than `seen` such e-mails. */
async function codeFor(to: string, about: string, seen: number): Promise<string> {
  await eventually(() => mailsAbout(to, about).length > seen, 10_000, `an e-mail to ${to}`);
  return /\b(\d{10})\b/.exec(mailsAbout(to, about).pop()!.text)![1];
}

describe('staff pages', () => {
  it('an owner steps up, invites a finance member, sees the audit log; the member sees billing only and is removed', async () => {
    const owner = await signedIn('owner');
    const { page } = owner;
    await page.goto(`${c.dashboard_url}/staff`);
    await screenshot(page, 'staff-01-list');
    // Not stepped up: the invitation is refused with a way to step up.
    await page.getByLabel('Work e-mail').fill('finance.person@staff-browser.test');
    await page.getByLabel(/^finance/).check();
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect(page.locator('.error').innerText()).resolves.toContain('fresh code');
    await screenshot(page, 'staff-02-step-up-required');
    await page.getByRole('link', { name: /Confirm it is you/ }).click();
    const seen = mailsAbout(owner.email, 'step-up code').length;
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.getByLabel('Ten-digit code').fill(await codeFor(owner.email, 'step-up code', seen));
    await screenshot(page, 'staff-03-step-up-code');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${c.dashboard_url}/staff`);
    await page.getByLabel('Work e-mail').fill('finance.person@staff-browser.test');
    await page.getByLabel(/^finance/).check();
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.waitForURL(`${c.dashboard_url}/staff`);
    await expect(page.locator('table').innerText()).resolves.toContain('finance.person@staff-browser.test');
    await screenshot(page, 'staff-04-invited');

    // The finance member's dashboard: billing only.
    const financeToken = await sessionFor(partnerId, { email: 'finance.person@staff-browser.test', role: 'finance', kind: 'cookie' });
    const finance = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await finance.addCookies([{ name: 'dash_session', value: financeToken.token, url: c.dashboard_url }]);
    const fpage = await finance.newPage();
    await fpage.goto(c.dashboard_url);
    const nav = await fpage.locator('header nav').innerText();
    expect(nav).not.toMatch(/API keys|Webhooks|Events|Requests|Staff|Audit/);
    await screenshot(fpage, 'staff-05-finance-overview-phone');
    const keys = await fpage.goto(`${c.dashboard_url}/keys`);
    expect(keys?.status()).toBe(403);
    await screenshot(fpage, 'staff-06-finance-refused-keys');

    // The owner removes them: their page sends them to sign in.
    const row = page.locator('tr', { hasText: 'finance.person@staff-browser.test' });
    await row.getByRole('button', { name: /Remove/ }).click();
    await page.waitForURL(`${c.dashboard_url}/staff`);
    await expect(page.locator('table').innerText()).resolves.not.toContain('finance.person@staff-browser.test');
    await fpage.goto(`${c.dashboard_url}`);
    expect(new URL(fpage.url()).pathname).toBe('/dashboard/sign-in');
    await finance.close();

    await page.goto(`${c.dashboard_url}/audit`);
    const log = await page.locator('table').innerText();
    expect(log).toContain('staff_member.removed');
    expect(log).toContain('staff_member.invited');
    await screenshot(page, 'staff-07-audit');
    await owner.context.close();
  });

  it('lists one’s sessions and signs out everywhere', async () => {
    const { context, page } = await signedIn('developer', false, 1400);
    await page.goto(`${c.dashboard_url}/sessions`);
    await expect(page.locator('table').innerText()).resolves.toContain('this one');
    await screenshot(page, 'staff-08-sessions');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await page.goto(`${c.dashboard_url}/keys`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await context.close();
  });
});
