import type { Browser } from 'playwright-core';
import { useStackDatabase } from '../support/stack';
import { launchChromium, screenshot } from '../support/browser';
import { anInvoiceWithEverything } from '../support/invoices';

useStackDatabase();
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the hosted invoice in Chromium', () => {
  it('reads as an invoice on screen and in print: companies, their orders with options, fees and credits, subtotals, total; the PDF link only on screen', async () => {
    const { invoice, acme, globex } = await anInvoiceWithEverything();
    const page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
    const blocked: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(new URL(invoice.hosted_url).origin)) blocked.push(r.url());
    });
    expect((await page.goto(invoice.hosted_url))!.status()).toBe(200);
    await expect(page.locator('h1').innerText()).resolves.toBe('INVOICE');
    await expect(page.locator('#number').innerText()).resolves.toBe(invoice.number);
    await expect(page.locator('section.company h2').allInnerTexts()).resolves.toEqual(
      [`${acme.legal_name}${acme.id}`, `${globex.legal_name}${globex.id}`].map((t) => expect.stringContaining(t.slice(0, 12))),
    );
    await expect(page.locator('#total').innerText()).resolves.toBe('$1,058.00');
    // Options, fees and credits sit indented under their order's line.
    const indent = async (selector: string) =>
      page
        .locator(`${selector} td.desc`)
        .first()
        .evaluate((td) => Number.parseFloat((globalThis as any).getComputedStyle(td).paddingLeft));
    expect(await indent('tr.option')).toBeGreaterThan(await indent('tr.item'));
    expect(await indent('tr.fee')).toBeGreaterThan(await indent('tr.item'));
    expect(await indent('tr.credit')).toBeGreaterThan(await indent('tr.item'));
    await expect(page.locator('a.pdf').isVisible()).resolves.toBe(true);
    await screenshot(page, 'invoice-01-hosted-page');

    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('a.pdf').isVisible()).resolves.toBe(false);
    await expect(page.locator('main').evaluate((m) => (globalThis as any).getComputedStyle(m).boxShadow)).resolves.toBe('none');
    await screenshot(page, 'invoice-02-hosted-page-print');
    expect(blocked).toEqual([]);
  });
});
