import { sessionFor } from '../support/dashboard';
import { EVENT_TYPES } from '../../lib/resources/event';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useStackDatabase } from '../support/stack';
import { launchChromium, screenshot } from '../support/browser';
import { createPartner } from '../../lib/partners/partner';
import { createTestEndpoint, eventually, recordEvents, startReceiver } from '../support/webhooks';

/**
 * The webhook tools as a partner uses them in Chromium: create an endpoint and send the offered test
 * event, watch it fail (health, the deliveries grouped by event with their payload), retry now from
 * the keyboard, fix its settings (a typo refused with the closest type), read it on a phone, delete
 * it. A partner of this file alone, so no other suite's events reach its receiver.
 */
const c = useStackDatabase();
// The stack's master key: an endpoint made through the store below is encrypted with it.
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;
let browser: Browser;
let partnerId = '';
jest.setTimeout(240_000);

beforeAll(async () => {
  browser = await launchChromium();
  partnerId = (await createPartner({ name: 'Hooks Browser Partner', ownerEmail: 'owner@hooks-browser.test' })).id;
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const { token } = await sessionFor(partnerId, { email: 'owner@hooks-browser.test' });
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  context.setDefaultTimeout(90_000);
  await context.addCookies([{ name: 'dash_session', value: token, url: c.dashboard_url }]);
  return { context, page: await context.newPage() };
}

/** Reloads the page until `check` holds (deliveries arrive in the background). */
async function reloadUntil(page: Page, check: () => Promise<boolean>, what: string) {
  await eventually(
    async () => {
      await page.reload();
      return check();
    },
    90_000,
    what,
  );
}

describe('webhook tools in Chromium', () => {
  it('creates, tests, watches, retries, fixes and deletes an endpoint', async () => {
    // The test event is acknowledged; the next delivery fails once, is deferred for an hour, then succeeds.
    const receiver = await startReceiver((_d, i) =>
      i === 1
        ? { status: 500, body: '{"error":"database down"}' }
        : i === 2
          ? { status: 429, headers: { 'Retry-After': '3600' } }
          : { status: 200, body: 'ok' },
    );
    const { context, page } = await signedIn();
    try {
      await page.goto(`${c.dashboard_url}/webhook-endpoints`);
      await page.getByLabel('URL').fill(receiver.url);
      await page.getByLabel('Event types').fill('company.*');
      await page.getByLabel('Description').fill('Order service');
      await page.getByRole('button', { name: 'Add endpoint' }).click();

      // Right after creating: the secret once, and a test event offered.
      await expect(page.locator('#secret').innerText()).resolves.toMatch(/^whsec_/);
      await screenshot(page, 'hooks-01-created-offer-test');
      await page.getByRole('button', { name: 'Send a test event' }).click();
      const notice = await page.locator('.notice').innerText();
      const testId = /Test event (evt_\w+)/.exec(notice)?.[1];
      expect(testId).toBeDefined();
      const testBlock = page.locator(`article[data-event="${testId}"]`);
      await reloadUntil(
        page,
        async () => (await testBlock.count()) > 0 && /succeeded/.test(await testBlock.innerText()),
        'the test delivery',
      );
      await expect(testBlock.innerText()).resolves.toMatch(/webhook_endpoint\.test[\s\S]*1 of 10[\s\S]*succeeded/);
      await expect(page.locator('#health').innerText()).resolves.toBe('healthy');
      await screenshot(page, 'hooks-02-test-delivered');

      // An event fails, then is deferred: the page says failing, with the queue and the next attempt.
      const [event] = await recordEvents({ partnerId, mode: 'test' }, 1, 'company.updated');
      const block = page.locator(`article[data-event="${event.id}"]`);
      await reloadUntil(
        page,
        async () =>
          (await block.count()) > 0 &&
          /deferred/.test(await block.innerText()) &&
          (await page.getByRole('button', { name: 'Retry now' }).count()) > 0,
        'the failing delivery',
      );
      await expect(page.locator('#health').innerText()).resolves.toMatch(/^failing since/);
      await expect(page.locator('#queued').innerText()).resolves.toBe('1 event');
      await expect(block.innerText()).resolves.toMatch(/1 of 10[\s\S]*failed[\s\S]*database down/);
      await block.locator('summary', { hasText: 'Payload' }).click();
      await expect(block.locator('pre.payload').innerText()).resolves.toContain(`"id": "${event.id}"`);
      await screenshot(page, 'hooks-03-failing-retry-now');

      // Retry now, from the keyboard.
      await page.getByRole('button', { name: 'Retry now' }).focus();
      await page.keyboard.press('Enter');
      // The key press does not wait for the form's navigation: wait for the new page's notice, since
      // the page before it still shows the test event's.
      await page.locator('.notice', { hasText: 'being attempted now' }).waitFor();
      await reloadUntil(page, async () => (await page.locator('#health').innerText()) === 'healthy', 'healthy again');
      const attempts = await block.locator('tbody tr').allInnerTexts();
      expect(attempts.map((row) => /(\d+ of 10)\s+(\w+)/.exec(row)?.slice(1, 3))).toEqual([
        ['2 of 10', 'succeeded'],
        ['2 of 10', 'deferred'],
        ['1 of 10', 'failed'],
      ]);
      expect(receiver.ids().filter((id) => id === event.id)).toHaveLength(3);
      await screenshot(page, 'hooks-04-recovered');

      // Fix the settings: a typo is refused with the closest type, then saved.
      await page.locator('#enabled_events').fill('company.*, invoice.finalised');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.locator('main').innerText()).resolves.toContain('invoice.finalized');
      await screenshot(page, 'hooks-05-edit-refused');
      await page.goBack();
      await page.locator('#enabled_events').fill('company.*, invoice.finalized');
      await page.locator('#description').fill('Order service (v2)');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('.notice', { hasText: /^Saved/ }).waitFor();
      await expect(page.locator('main').innerText()).resolves.toContain('company.*, invoice.finalized');

      // The list shows health at a glance.
      const endpointUrl = page.url().split('?')[0];
      await page.getByRole('link', { name: 'All endpoints' }).click();
      const row = page.locator('tr', { hasText: 'Order service (v2)' });
      await expect(row.innerText()).resolves.toMatch(/healthy/);
      await screenshot(page, 'hooks-06-list-health');

      // Readable on a phone.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(endpointUrl);
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'hooks-07-endpoint-on-a-phone');
      await page.setViewportSize({ width: 1100, height: 800 });

      // Delete it: the list says so, and the endpoint is gone.
      await page.locator('summary', { hasText: 'Delete this endpoint' }).click();
      await page.getByRole('button', { name: 'Delete endpoint' }).click();
      await expect(page.locator('.notice').innerText()).resolves.toMatch(/is deleted/);
      expect(await page.locator('tr', { hasText: 'Order service (v2)' }).count()).toBe(0);
      await screenshot(page, 'hooks-08-deleted');
      expect((await page.goto(endpointUrl))!.status()).toBe(404);
    } finally {
      await context.close();
      await receiver.close();
    }
  });

  it('shows the on-call overview and browses the event log down to one event’s deliveries', async () => {
    const receiver = await startReceiver();
    const endpoint = await createTestEndpoint({ partnerId, mode: 'test', url: receiver.url });
    const [testEvent] = await recordEvents({ partnerId, mode: 'test' }, 1, 'company.status.changed');
    const [liveEvent] = await recordEvents({ partnerId, mode: 'live' }, 1, 'company.created');
    await eventually(() => receiver.ids().includes(testEvent.id), 90_000, 'the delivery');
    const { context, page } = await signedIn();
    try {
      // The overview: endpoints by health, the last day's deliveries, the newest events.
      await page.goto(c.dashboard_url);
      await reloadUntil(page, async () => /[1-9]\d* delivered/.test(await page.locator('#last-24h').innerText()), 'the delivery counted');
      await expect(page.locator('#by-health').innerText()).resolves.toMatch(/1 healthy/);
      await expect(page.locator(`tr[data-event="${liveEvent.id}"]`).innerText()).resolves.toContain('company.created');
      await screenshot(page, 'hooks-09-overview');

      // The events browser: both modes, then live only, with the keyboard.
      await page.getByRole('link', { name: 'All events' }).click();
      await expect(page.locator(`tr[data-event="${testEvent.id}"]`).count()).resolves.toBe(1);
      await expect(page.locator(`tr[data-event="${liveEvent.id}"]`).count()).resolves.toBe(1);
      await screenshot(page, 'hooks-10-events');
      await page.getByLabel('Mode').selectOption('true');
      // The type is chosen from the event catalog, every type of it and nothing else.
      const typeFilter = page.getByLabel('Event type');
      const offered = await typeFilter.locator('option').evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? '').filter(Boolean));
      expect(offered.sort()).toEqual(Object.keys(EVENT_TYPES).sort());
      await typeFilter.selectOption('company.created');
      await screenshot(page.locator('section[aria-labelledby="filter"]'), 'hooks-10b-type-from-the-catalog');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/livemode=true&type=company\.created/);
      await expect(page.locator(`tr[data-event="${liveEvent.id}"]`).count()).resolves.toBe(1);
      await expect(page.locator(`tr[data-event="${testEvent.id}"]`).count()).resolves.toBe(0);

      // One event: its payload and its deliveries, with resend.
      await page.goto(`${c.dashboard_url}/events/${testEvent.id}`);
      await expect(page.locator('#payload').innerText()).resolves.toContain('"type": "company.status.changed"');
      const delivery = page.locator(`article[data-endpoint="${endpoint.id}"]`);
      await expect(delivery.innerText()).resolves.toMatch(/1 of 10[\s\S]*succeeded/);
      await screenshot(page, 'hooks-11-event');
      await delivery.getByRole('button', { name: /^Resend/ }).click();
      await expect(page.locator('.notice').innerText()).resolves.toContain(`Event ${testEvent.id} is queued for delivery again`);
      await eventually(() => receiver.ids().filter((id) => id === testEvent.id).length >= 2, 90_000, 'the resent delivery');

      // Readable on a phone.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`${c.dashboard_url}/events`);
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'hooks-12-events-on-a-phone');
    } finally {
      await context.close();
      await receiver.close();
    }
  });
});
