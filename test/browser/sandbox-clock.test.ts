import { addStaffMember } from '../../lib/dashboard/staff';
import type { Browser } from 'playwright-core';
import { useStackDatabase } from '../support/stack';
import { launchChromium, screenshot } from '../support/browser';
import { createSession } from '../../lib/dashboard/session';
import { aFreshPartner } from '../support/partners';
import { anLlc, createCompany } from '../support/companies';
import { api } from '../support/http';
import { eventually } from '../support/webhooks';

/**
 * The dashboard's test clock in Chromium (docs/decisions.md, "The sandbox clock"): the test mode's
 * time, a form to advance it, its progress while the advance runs (the page refreshes itself, no
 * scripts), and the clock at the target once it is ready.
 */
const c = useStackDatabase();
/** A time as the pages show it (`2027-01-15 23:24:46 UTC`), in ms. */
const shownTime = (text: string) => Date.parse(text.replace(' UTC', 'Z').replace(' ', 'T'));
jest.setTimeout(180_000);
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('shows the test clock, advances it from the form with its progress, and lands at the target', async () => {
  const p = await aFreshPartner();
  // Work for the advance, so that its progress shows while it runs.
  for (let i = 0; i < 6; i++) {
    const company = await createCompany(p.testKey, anLlc());
    await api(p.testKey).post(`/companies/${company.id}/service-orders`, { product_key: 'bookkeeping' });
  }
  // A session is a staff member's: the person is added first (lib/dashboard/staff.ts).
  const email = `clock-${p.partnerId.toLowerCase()}@partner.test`;
  await addStaffMember(p.partnerId, email);
  const { token } = await createSession({ partnerId: p.partnerId, email });
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  context.setDefaultTimeout(90_000);
  await context.addCookies([{ name: 'dash_session', value: token, url: c.dashboard_url }]);
  const page = await context.newPage();

  await page.goto(`${c.dashboard_url}/sandbox-clock`);
  await expect(page.locator('h1').innerText()).resolves.toBe('Test clock');
  const before = (await api(p.testKey).get('/sandbox/clock')).body;
  await expect(page.locator('#clock-status').innerText()).resolves.toBe('ready');
  // A clock never moved reads real time: what the page showed a moment before the API answered.
  const shown = shownTime(await page.locator('#clock-now').innerText());
  expect(Math.abs(Date.parse(before.now) - shown)).toBeLessThan(60_000);
  await screenshot(page, 'sandbox-clock-01-ready');

  // 300 days on, typed into the form (UTC, minutes).
  const to = new Date(Date.parse(before.now) + 300 * 86_400_000);
  to.setUTCSeconds(0, 0);
  await page.getByLabel(/Advance to \(UTC\)/).fill(to.toISOString().slice(0, 16));
  await page.getByRole('button', { name: 'Advance the test clock' }).click();
  await page.waitForURL(`${c.dashboard_url}/sandbox-clock`);
  // Right after the form, the advance runs: the page shows its progress (and refreshes itself).
  await expect(page.locator('#clock-status').innerText()).resolves.toBe('advancing');
  await expect(page.locator('#clock-progress').count()).resolves.toBe(1);
  expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe('2');
  await screenshot(page, 'sandbox-clock-02-advancing');
  // The page refreshes itself while the advance runs; it shows the clock ready at the target after.
  await eventually(
    async () => {
      await page.reload();
      return (await page.locator('#clock-status').innerText()) === 'ready';
    },
    120_000,
    'the advance to finish',
  );
  // At the target, and running on from there in real time (an offset, not a frozen instant).
  const runsOnFromTarget = (ms: number) => ms >= to.getTime() && ms < to.getTime() + 60_000;
  expect(runsOnFromTarget(shownTime(await page.locator('#clock-now').innerText()))).toBe(true);
  await screenshot(page, 'sandbox-clock-03-ready-after');
  const clock = (await api(p.testKey).get('/sandbox/clock')).body;
  expect(clock).toMatchObject({ status: 'ready' });
  expect(runsOnFromTarget(Date.parse(clock.now))).toBe(true);
  // The overview shows the test clock too, with its form.
  await page.goto(c.dashboard_url);
  expect(runsOnFromTarget(shownTime(await page.locator('#sandbox-clock #clock-now').innerText()))).toBe(true);
  await expect(page.getByRole('button', { name: 'Advance the test clock' }).count()).resolves.toBe(1);
  await screenshot(page.locator('#sandbox-clock'), 'sandbox-clock-04-on-the-overview');
  await context.close();
});
