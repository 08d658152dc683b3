import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useStackDatabase } from '../support/stack';
import { launchChromium, screenshot } from '../support/browser';
import { mailsAbout, sessionFor } from '../support/dashboard';
import { eventually } from '../support/webhooks';
import { createPartner } from '../../lib/partners/partner';
import type { StaffRole } from '../../lib/dashboard/roles';
import { inviteStaff } from '../../lib/dashboard/staff';

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

    await expect(page.locator('tr', { hasText: 'finance.person@staff-browser.test' }).innerText()).resolves.toContain('invited');

    // The invited person signs in from the invitation's link, which names this partner: that accepts it.
    const person = 'finance.person@staff-browser.test';
    const link = /(https?:\/\/\S+\/dashboard\/sign-in\?partner=ptr_\w+)/.exec(mailsAbout(person, 'invited').pop()!.text)![1];
    expect(link).toContain(partnerId);
    const finance = await browser.newContext({ viewport: { width: 390, height: 844 } });
    finance.setDefaultTimeout(90_000);
    const fpage = await finance.newPage();
    await fpage.goto(link);
    await fpage.getByLabel('Work e-mail').fill(person);
    const codes = mailsAbout(person, 'sign-in code').length;
    await fpage.getByRole('button', { name: 'E-mail me a code' }).click();
    await fpage.getByLabel('Ten-digit code').fill(await codeFor(person, 'sign-in code', codes));
    await fpage.getByRole('button', { name: 'Sign in' }).click();
    await fpage.waitForURL(c.dashboard_url);
    await page.reload();
    await expect(page.locator('tr', { hasText: person }).innerText()).resolves.toContain('active');
    await screenshot(page, 'staff-04b-accepted');
    // One's own row offers nothing to do to oneself: another owner removes you or clears your lockout.
    const mine = page.locator('tr', { hasText: owner.email });
    await expect(mine.innerText()).resolves.toContain('you');
    await expect(mine.locator('button, summary').count()).resolves.toBe(0);
    await expect(mine.innerText()).resolves.toContain('Another owner manages your membership');
    // Clearing a member's sign-in lockout is one button on their row (stepped up: this session is).
    await page
      .locator('tr', { hasText: person })
      .getByRole('button', { name: /Clear the sign-in lockout/ })
      .click();
    await page.waitForURL(`${c.dashboard_url}/staff`);

    // The finance member's dashboard: billing only.
    const nav = await fpage.locator('header nav').innerText();
    expect(nav).not.toMatch(/API keys|Webhooks|Events|Requests|Staff|Audit/);
    await screenshot(fpage, 'staff-05-finance-overview-phone');
    const keys = await fpage.goto(`${c.dashboard_url}/keys`);
    expect(keys?.status()).toBe(403);
    await screenshot(fpage, 'staff-06-finance-refused-keys');

    // The owner removes them, asked first: the first click only asks; their page then sends them to sign in.
    const row = page.locator('tr', { hasText: 'finance.person@staff-browser.test' });
    const removeIt = row.getByRole('button', { name: `Remove ${person}` });
    await expect(removeIt.isVisible()).resolves.toBe(false);
    await row.getByText('Remove…').click();
    await expect(row.innerText()).resolves.toContain(`Remove ${person}?`);
    await expect(row.innerText()).resolves.toContain('active');
    await screenshot(page, 'staff-06b-remove-asks-first');
    await removeIt.click();
    await page.waitForURL(`${c.dashboard_url}/staff`);
    await expect(page.locator('table').innerText()).resolves.not.toContain('finance.person@staff-browser.test');
    await fpage.goto(`${c.dashboard_url}`);
    expect(new URL(fpage.url()).pathname).toBe('/dashboard/sign-in');
    await finance.close();

    await page.goto(`${c.dashboard_url}/audit`);
    const log = await page.locator('table').innerText();
    expect(log).toContain('staff_member.removed');
    expect(log).toContain('staff_member.invited');
    expect(log).toContain('staff_member.lockout_cleared');
    await screenshot(page, 'staff-07-audit');
    await owner.context.close();
  });

  it('an address invited by two partners chooses which dashboard to open after its code', async () => {
    const person = 'two.partners@staff-browser.test';
    const second = await createPartner({ name: 'Second Browser Partner', ownerEmail: 'owner@second-browser.test' });
    await inviteStaff(partnerId, 'owner@staff-browser.test', { email: person, role: 'developer' });
    await inviteStaff(second.id, 'owner@second-browser.test', { email: person, role: 'finance' });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    context.setDefaultTimeout(90_000);
    const page = await context.newPage();
    await page.goto(`${c.dashboard_url}/sign-in`);
    await page.getByLabel('Work e-mail').fill(person);
    const codes = mailsAbout(person, 'sign-in code').length;
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.getByLabel('Ten-digit code').fill(await codeFor(person, 'sign-in code', codes));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('h1').innerText()).resolves.toContain('Choose a dashboard');
    await screenshot(page, 'staff-09-choose-dashboard');
    await page.getByRole('button', { name: 'Second Browser Partner' }).click();
    await page.waitForURL(c.dashboard_url);
    const nav = await page.locator('header nav').innerText();
    expect(nav).not.toMatch(/API keys/);
    expect(nav).toMatch(/Invoices/);
    await context.close();
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
