import AxeBuilder from '@axe-core/playwright';
import { chromium, devices, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';

/** Headless Debian Chromium with the flags this closed network needs (no background connections). */
export async function launch(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

/** What a page's content security policy refused, read per document (see watchContentSecurityPolicy). */
export interface ContentSecurityWatch {
  /** What was refused since the last call (directive, what was blocked, where), and forgets it. */
  take: () => Promise<string[]>;
  /** Resolves once something was refused (a report is an event queued after the refusal). */
  waitForRefusal: () => Promise<void>;
}

/**
 * Records every `securitypolicyviolation` in each document the page loads: an inline script, an `eval`
 * (zod's probe before packages/shared/src/zod-browser-config.ts), a foreign host. An `eval` run through
 * the test's own `page.evaluate` is exempt from the policy.
 */
export async function watchContentSecurityPolicy(page: Page): Promise<ContentSecurityWatch> {
  await page.addInitScript(() => {
    const refused: string[] = [];
    (window as unknown as { __cspRefused: string[] }).__cspRefused = refused;
    document.addEventListener('securitypolicyviolation', (event) =>
      refused.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return {
    take: () => page.evaluate(() => (window as unknown as { __cspRefused?: string[] }).__cspRefused?.splice(0) ?? []),
    waitForRefusal: async () => {
      await page.waitForFunction(
        () => ((window as unknown as { __cspRefused?: string[] }).__cspRefused ?? []).length > 0,
      );
    },
  };
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
