import type { Browser, Page } from 'playwright-core';
import { credentials } from '../support/stack';
import { launchChromium, screenshot } from '../support/browser';
import { ERROR_CODES } from '../../lib/errors/error-codes';

const origin = new URL(credentials().base_url).origin;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A page whose every request to another origin is refused and recorded, as on a machine without a
 * network: the reference must render from what the API itself serves.
 */
async function offlinePage(viewport = { width: 1400, height: 900 }): Promise<{ page: Page; elsewhere: string[]; problems: string[] }> {
  const page = await (await browser.newContext({ viewport })).newPage();
  const elsewhere: string[] = [];
  const problems: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    elsewhere.push(url);
    return route.abort('internetdisconnected');
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return { page, elsewhere, problems };
}

describe('the API reference at /docs, in Chromium, offline', () => {
  it('renders the OpenAPI document with Redoc served by us: the guide chapters, every area, nothing from another origin', async () => {
    const { page, elsewhere, problems } = await offlinePage();
    const answer = await page.goto(`${origin}/docs`);
    expect(answer!.status()).toBe(200);
    expect(answer!.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('h1', { hasText: 'Partner Company-Formation API' }).waitFor({ timeout: 60_000 });

    const menu = await page.locator('.menu-content').innerText();
    for (const chapter of [
      'Getting started',
      'Errors',
      'Idempotency and retries',
      'Lists and pages',
      'Rate limits',
      'Company stages',
      'Webhooks',
    ])
      expect(menu).toContain(chapter);
    for (const area of ['Companies', 'Lifecycle', 'Events', 'Sandbox', 'Keyless pages']) expect(menu).toContain(area);
    const body = await page.locator('body').innerText();
    expect(body).toContain('Create a client company');
    expect(body).toContain('submitted_to_state');
    await screenshot(page, 'docs-01-reference', { fullPage: false });

    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);

  it('shows the keyless pages at the host root, not under /v1, and the error codes beside the reference', async () => {
    const { page, elsewhere, problems } = await offlinePage();
    await page.goto(`${origin}/docs#tag/Keyless-pages/operation/verifyPage`);
    const operation = page.locator('[data-section-id="tag/Keyless-pages/operation/verifyPage"]');
    await operation.waitFor({ timeout: 60_000 });
    await operation.locator('button', { hasText: '/verify/{session}' }).first().click();
    // The path's server list opens under the button: the host root, where the page answers.
    await page.waitForFunction(
      `document.querySelector('[data-section-id="tag/Keyless-pages/operation/verifyPage"]')?.textContent.includes(${JSON.stringify(`${origin}/verify/{session}`)})`,
    );
    await expect(operation.innerText()).resolves.not.toContain('/v1/verify');
    await screenshot(operation, 'docs-02-keyless-page-operation');

    await page.locator('header.docs a', { hasText: 'Error codes' }).click();
    await page.waitForURL(`${origin}/docs/partner/errors`);
    for (const code of Object.keys(ERROR_CODES)) await expect(page.locator(`tr[id="${code}"]`).count()).resolves.toBe(1);
    await page.locator('a', { hasText: 'API reference' }).click();
    await page.waitForURL(`${origin}/docs`);
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);

  it('reads on a phone', async () => {
    const { page, elsewhere } = await offlinePage({ width: 390, height: 844 });
    await page.goto(`${origin}/docs#section/Webhooks`);
    await page.locator('h2', { hasText: /^Webhooks$/ }).waitFor({ timeout: 60_000 });
    await expect(page.locator('body').innerText()).resolves.toContain('v1a,<base64>');
    await screenshot(page, 'docs-03-webhooks-on-a-phone', { fullPage: false });
    expect(elsewhere).toEqual([]);
  }, 120_000);
});
