import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useStackDatabase } from '../support/stack';
import { launchChromium, screenshot } from '../support/browser';
import { sessionFor } from '../support/dashboard';
import { eventually } from '../support/webhooks';
import { anInvoiceWithEverything } from '../support/invoices';
import { anLlc, createCompany } from '../support/companies';
import type { StaffRole } from '../../lib/dashboard/roles';

/**
 * The dashboard as its staff use it, in Debian's Chromium at 1,400 px and at a phone's width: the
 * invoices page, the endpoint page's queue and recover form, a refused edit shown again on its own page
 * with the input kept, and ids that break only where they may.
 */
const c = useStackDatabase();
let browser: Browser;
let fixture: Awaited<ReturnType<typeof anInvoiceWithEverything>>;
jest.setTimeout(240_000);

beforeAll(async () => {
  browser = await launchChromium();
  fixture = await anInvoiceWithEverything();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(role: StaffRole, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const { token } = await sessionFor(fixture.partner.id, { role, kind: 'cookie' });
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  context.setDefaultTimeout(90_000);
  await context.addCookies([{ name: 'dash_session', value: token, url: c.dashboard_url }]);
  return { context, page: await context.newPage() };
}

describe('the dashboard’s pages', () => {
  it('shows finance the invoices, with status, period, total and the hosted page and PDF, at 1,400 px and on a phone', async () => {
    const wide = await signedIn('finance', 1400);
    await wide.page.goto(`${c.dashboard_url}/invoices`);
    const row = wide.page.locator(`tr[data-invoice="${fixture.invoice.id}"]`);
    await expect(row.innerText()).resolves.toContain(fixture.invoice.number);
    await expect(row.innerText()).resolves.toMatch(/open/);
    // The page uses the screen: its main column is wider than the old 960 px one.
    const width = await wide.page.locator('main').evaluate((m) => m.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(1300);
    await screenshot(wide.page, 'pages-01-invoices-1400');
    const [hosted] = await Promise.all([wide.page.waitForEvent('load'), row.getByRole('link', { name: 'Hosted page' }).click()]);
    expect(hosted).toBeDefined();
    await expect(wide.page.locator('#number').innerText()).resolves.toBe(fixture.invoice.number);
    await wide.context.close();

    const phone = await signedIn('finance', 390);
    await phone.page.goto(`${c.dashboard_url}/invoices`);
    // Nothing wider than the phone's screen.
    const overflow = await phone.page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    await screenshot(phone.page, 'pages-02-invoices-phone');
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context.close();
  });

  it('lists the events queued behind a failing head, recovers from a time picked on the endpoint page, and keeps a refused edit on its page', async () => {
    const { page, context } = await signedIn('owner', 1400);
    // An endpoint that cannot be reached: its first event fails and the others queue behind it.
    const created = await fetch(`${c.dashboard_url}/api/webhook-endpoints`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${(await sessionFor(fixture.partner.id)).token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/down', livemode: false, enabled_events: ['company.created'] }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    for (let i = 0; i < 3; i++) await createCompany(fixture.key, anLlc());
    await eventually(
      async () => {
        await page.goto(`${c.dashboard_url}/webhook-endpoints/${created.id}`);
        return (await page.locator('#queued-events tbody tr').count()) >= 3;
      },
      60_000,
      'three queued events',
    );
    await expect(page.locator('#queued-events tbody tr').first().innerText()).resolves.toContain('head');
    await screenshot(page.locator('section[aria-labelledby="queued-title"]'), 'pages-03-queued');

    // Recover with the browser's date and time picker.
    const since = page.getByLabel('Since (UTC)');
    await expect(since.getAttribute('type')).resolves.toBe('datetime-local');
    await since.fill(new Date(Date.now() - 3600_000).toISOString().slice(0, 19));
    await screenshot(page.locator('section[aria-labelledby="recover-title"]'), 'pages-04-recover');
    await page.getByRole('button', { name: 'Recover events' }).click();
    await expect(page.locator('.notice').innerText()).resolves.toMatch(/\d+ events? queued for delivery again/);

    // A refused edit: the endpoint's page again, the URL as typed, the refusal beside it.
    await page.getByLabel('URL', { exact: true }).fill('ftp://example.com/hooks');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/webhook-endpoints/${created.id}/edit`);
    await expect(page.locator('h1').innerText()).resolves.toBe('Webhook endpoint');
    await expect(page.getByLabel('URL', { exact: true }).inputValue()).resolves.toBe('ftp://example.com/hooks');
    await expect(page.locator('#url-error').innerText()).resolves.toMatch(/https?/);
    await expect(page.getByLabel('URL', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page.locator('section[aria-labelledby="edit"]'), 'pages-05-edit-refused-in-place');
    // Ids and codes break only where they may: a <wbr> after `_`, never inside a word.
    await expect(page.locator('code', { hasText: created.id }).first().innerHTML()).resolves.toBe(created.id.replace('_', '_<wbr>'));
    await context.close();
  });
});
