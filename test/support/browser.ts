import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); playwright-core never downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    timeout: 120_000,
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export const SCREENSHOT_DIR = join(__dirname, '..', 'browser', '__screenshots__');

/**
 * Screenshots for review (a page: the full page unless `fullPage: false`; a locator: that element). Every run writes `<name>.tmp.png` (git-ignored), so running the
 * suite never dirties a work tree; `UPDATE_SCREENSHOTS=1` (`npm run screenshots`) writes the committed
 * `test/browser/__screenshots__/<name>.png` instead.
 */
export async function screenshot(page: Page | Locator, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = process.env.UPDATE_SCREENSHOTS === '1' ? `${name}.png` : `${name}.tmp.png`;
  await page.screenshot({ path: join(SCREENSHOT_DIR, file), ...('goto' in page ? { fullPage } : {}) });
}
