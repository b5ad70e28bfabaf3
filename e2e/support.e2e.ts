import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, logInThroughApi, operatorToken, ownInvitation, registerThroughApi } from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);

/** Markup an investor might type: it must stay characters on the screen, never run. */
const HOSTILE =
  '<script>window.__hacked = 1</script><img src=x onerror="window.__hacked = 2"><a href="javascript:window.__hacked = 3">klick</a>';

/**
 * Customer service at an iPhone viewport: the investor opens /customerService, sends a message with
 * markup that stays inert, an operator answers (typing first) through the console's API, and the
 * reply and the typing state appear live without a reload. Axe on the chat. Flooding is refused
 * with 429 at the API.
 */
describe.skipIf(!e2e.chromium)('customer service in Chromium at an iPhone viewport', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
    page = await (await phoneContext(browser, e2e.baseUrl)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const api = <T>(token: string | null, method: string, url: string, payload?: object) =>
    apiCall<T>(e2e.baseUrl, token, method, url, payload);

  it('chats with support: inert markup, a live reply and the operator typing', async () => {
    const investor = { phone: '+4915298761277', password: 'Support2026x' };
    const registered = await registerThroughApi(e2e.baseUrl, {
      ...investor,
      inviteCode: await ownInvitation(e2e, 'e2e support'),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    await page.goto('/#/login');
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(investor.phone);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    await page.waitForURL((url) => url.hash === '#/home', { timeout: 15_000 });

    await page.goto('/#/customerService');
    await page.getByRole('heading', { name: t('support.title'), level: 1 }).waitFor();
    await page.getByText(t('support.chat.empty')).waitFor();
    await expectAccessible(page, 'customer service, empty');

    await page.getByLabel(t('support.chat.message'), { exact: true }).fill(HOSTILE);
    await page.getByRole('button', { name: t('support.chat.send') }).click();
    const history = page.getByRole('list', { name: t('support.chat.history') });
    await history.getByText(HOSTILE).waitFor();
    expect(await history.locator('script, img[onerror], a[href^="javascript:"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();

    // The operator finds the conversation, types and answers through the console's API.
    const support = await operatorToken(e2e, 'e2e_support_agent', ['support']);
    const inbox = await api<{ items: Array<{ id: number; lastText: string | null }> }>(
      support,
      'GET',
      '/api/admin/support/conversations?box=unassigned',
    );
    const conversation = inbox.items.find((item) => item.lastText === HOSTILE)!;
    expect(conversation).toBeDefined();
    await api(support, 'POST', `/api/admin/support/conversations/${conversation.id}/typing`);
    await page.getByText(t('support.chat.typing', { name: 'e2e_support_agent' })).waitFor();
    await api(support, 'POST', `/api/admin/support/conversations/${conversation.id}/messages`, {
      text: 'Guten Tag! Wie kann ich helfen?',
    });
    await history.getByText('Guten Tag! Wie kann ich helfen?').waitFor();
    await page.getByText(t('support.chat.assignee', { name: 'e2e_support_agent' })).waitFor();
    await expectAccessible(page, 'customer service, with a reply');
    expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();

    // Flooding: the messages beyond ten within ten seconds are refused.
    const token = await logInThroughApi(e2e.baseUrl, investor.phone, investor.password);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${e2e.baseUrl}/api/support/messages`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Nachricht ${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
  });
});
