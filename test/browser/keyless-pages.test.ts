import type { Browser } from 'playwright-core';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { launchChromium, screenshot } from '../support/browser';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { aPdf, sandbox } from '../support/lifecycle';
import { createVerificationSession } from '../../lib/verification-sessions/verification-sessions';
import { setClock } from '../../lib/clock';

const c = useStackDatabase();
const key = c.test_key;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A phone: narrow viewport, touch, high density. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

describe('the status link in Chromium', () => {
  it('shows status and stage in plain words, nothing personal, follows the company, and stops at revocation', async () => {
    const owner = anOwner({ first_name: 'Margaret', last_name: 'Hamilton' });
    const company = await createCompany(key, anLlc({ shareholders: [owner] }));
    const token = (await api(key).post(`/companies/${company.id}/status-tokens`)).body;
    const page = await (await browser.newContext({ viewport: { width: 1000, height: 760 } })).newPage();

    const first = await page.goto(token.url);
    expect(first!.status()).toBe(200);
    await expect(page.locator('h1').innerText()).resolves.toBe(company.legal_name);
    await expect(page.locator('.badge').innerText()).resolves.toBe('Waiting for information');
    await expect(page.locator('body').innerText()).resolves.toContain('Preparing the formation documents');
    await screenshot(page, 'lifecycle-01-status-link-waiting');

    await sandbox(key).company(company.id, 'verify');
    for (const stage of ['documents_generated', 'submitted_to_state']) await sandbox(key).company(company.id, 'stage', { stage });
    await page.reload();
    await expect(page.locator('.badge').innerText()).resolves.toBe('In progress');
    await expect(page.locator('li.current').innerText()).resolves.toBe('Filed with the state');
    const text = await page.locator('body').innerText();
    for (const personal of ['Margaret', 'Hamilton', owner.email as string, company.id, company.shareholders[0].id])
      expect(text).not.toContain(personal);
    await screenshot(page, 'lifecycle-02-status-link-filed');

    await api(key).delete(`/companies/${company.id}/status-tokens/${token.id}`);
    const revoked = await page.reload();
    expect(revoked!.status()).toBe(404);
    await expect(page.locator('h1').innerText()).resolves.toBe('This status link does not work');
    await screenshot(page, 'lifecycle-03-status-link-revoked');
  });
});

describe('the owner verification page in Chromium, on a phone', () => {
  it('takes a document from a phone and verifies the company; a refused file explains why', async () => {
    const company = await createCompany(key, anLlc({ shareholders: [anOwner({ first_name: 'Ada' })] }));
    const session = (await api(key).post(`/companies/${company.id}/verification-sessions`, { shareholder: company.shareholders[0].id }))
      .body;
    const page = await (await browser.newContext(PHONE)).newPage();

    await page.goto(session.url);
    await expect(page.locator('h1').innerText()).resolves.toBe('Hi Ada, please verify your identity');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390); // no sideways scrolling
    await screenshot(page, 'lifecycle-04-verify-phone');

    await page.setInputFiles('#file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
    await page.getByRole('button', { name: 'Send my document' }).click();
    await expect(page.locator('.error').innerText()).resolves.toContain('application/pdf');
    await screenshot(page, 'lifecycle-05-verify-refused');

    await page.setInputFiles('#file', { name: 'passport.pdf', mimeType: 'application/pdf', buffer: aPdf() });
    await page.getByRole('button', { name: 'Send my document' }).click();
    await expect(page.locator('h1').innerText()).resolves.toBe('Thank you, we have your document');
    await screenshot(page, 'lifecycle-06-verify-done');

    const after = (await api(key).get(`/companies/${company.id}`)).body;
    expect(after).toMatchObject({ verification: 'verified', status: 'in_progress' });
    expect(after.shareholders[0].passport).toMatch(/^file_/);
    // The link is used: opening it again shows the thank-you page, not the form.
    await page.goto(session.url);
    await expect(page.locator('form').count()).resolves.toBe(0);
  });

  it('an expired link shows a clear page', async () => {
    const company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    const restore = setClock(() => new Date(Date.now() - 31 * 60 * 1000));
    const session = await createVerificationSession({ partnerId: c.partner_id, mode: 'test' }, company.id, company.shareholders[0].id);
    restore();
    const page = await (await browser.newContext(PHONE)).newPage();
    const res = await page.goto(session.url);
    expect(res!.status()).toBe(410);
    await expect(page.locator('h1').innerText()).resolves.toBe('This link has expired');
    await screenshot(page, 'lifecycle-07-verify-expired');
  });
});
