import AxeBuilder from '@axe-core/playwright';
import { chromium, devices, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Headless Debian Chromium with the flags this closed network needs (no background connections). */
export async function launch(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh iPhone-sized context: the investor app is mobile-first. */
export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const { defaultBrowserType: _ignored, ...iphone } = devices['iPhone 13'];
  return browser.newContext({ ...iphone, baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
}

/** Fails on any serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(bad, `axe on ${screen}`).toEqual([]);
}

/**
 * Scrolls home to its end, as an investor would to reach the market, new shares, the account and customer
 * service: they are rendered only when they come near the screen (apps/web/src/ui/render-when-near.tsx).
 */
export async function scrollHomeDown(page: Page): Promise<void> {
  await page.locator('.welcome-card').waitFor();
  await page.locator('.tab-pane:not([hidden]) .home-content > :last-child').scrollIntoViewIfNeeded();
}
