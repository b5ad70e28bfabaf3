import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phoneContext, watchContentSecurityPolicy } from './browser.ts';

const e2e = inject('e2e');

/**
 * Issue 17: the app builds its first Intl formatters in a worker while the opening screen loads
 * (apps/web/src/lib/intl-warm-up.ts), so the ICU data load is not a long task on the main thread. The
 * worker is a same-origin module file the content security policy allows (worker-src 'self').
 */
describe.skipIf(!e2e.chromium)('Intl warm-up worker', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('starts with the app, is allowed by the policy, answers and is closed', async () => {
    const context = await phoneContext(browser, e2e.baseUrl);
    try {
      const page = await context.newPage();
      const csp = await watchContentSecurityPolicy(page);
      const workerStarted = page.waitForEvent('worker', {
        predicate: (worker) => /\/assets\/intl-warm-up\.worker-[\w-]+\.js$/.test(worker.url()),
        timeout: 15_000,
      });
      await page.goto('/#/login');
      const worker = await workerStarted;
      // It terminates itself once the formatters are built; a worker refused or failing would never answer.
      await new Promise<void>((resolve) => {
        if (!page.workers().includes(worker)) resolve();
        else worker.once('close', () => resolve());
      });
      await page.getByRole('button').first().waitFor();
      expect(await csp.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
