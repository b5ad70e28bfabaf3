import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInThroughApi } from './api.ts';
import { launch, phoneContext } from './browser.ts';
import { startServer, type E2eServer } from './server.ts';

const { chromium } = inject('e2e');

/** What home asks for first (apps/web/src/app/route-prefetch.ts). */
const HOME_OPENING = [
  '/api/stock/getconfig',
  '/api/user/onboarding',
  '/api/user/info',
  '/api/user/assets',
  '/api/user/portfolio/history?range=day',
  '/api/market/overview',
];

interface Sent {
  path: string;
  /** The script whose top-level code led to the request: the outermost frame of its initiator's stack. */
  script: string;
}

/**
 * Issue 17: the opening screen's first requests are sent by the small script index.html loads `async`
 * ahead of the app's entry (apps/web/src/opening-prefetch.ts), in a task of their own, not from the
 * entry's evaluation, and each only once: the app's request client takes their answers.
 */
describe.skipIf(!chromium)('the opening screen’s requests', () => {
  let server: E2eServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startServer('bourse-e2e-opening-requests');
    browser = await launch(chromium!);
    const { username, password } = server.credentials.investor;
    token = await logInThroughApi(server.baseUrl, username, password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('are sent once each, by the opening script', { timeout: 60_000 }, async () => {
    const context = await phoneContext(browser, server.baseUrl);
    await context.addInitScript((session) => {
      localStorage.setItem('lang', 'de');
      localStorage.setItem('Admin-Token', session);
    }, token);
    const page = await context.newPage();
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const sent: Sent[] = [];
      cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
        const url = new URL(request.url);
        if (!url.pathname.startsWith('/api/')) return;
        const frames = initiator.stack?.callFrames ?? [];
        sent.push({ path: url.pathname + url.search, script: frames.at(-1)?.url.split('/').pop() ?? initiator.type });
      });
      await page.goto('/#/home');
      await page.locator('.welcome-card, .money-summary').first().waitFor();
      await page.waitForLoadState('networkidle');

      const opening = sent.filter((request) => HOME_OPENING.includes(request.path));
      expect(opening.map((request) => request.path).sort()).toEqual([...HOME_OPENING].sort());
      // Sent by the opening script (opening-prefetch-*.js) as it ran, not by the app's entry (index-*.js).
      for (const request of opening) expect(request.script, request.path).toMatch(/^opening-prefetch-[\w-]+\.js$/);
    } finally {
      await context.close();
    }
  });
});
