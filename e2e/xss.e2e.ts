import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, createOperatorAccount, logInThroughApi, ownInvitation, registerThroughApi, totpCode } from './api.ts';
import { launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);

/** Fits the nickname's 30 characters. */
const NICKNAME = '<img src=x onerror=alert(1)>';
const CHAT = '<script>alert("chat")</script><svg onload=alert(2)><b>bold</b>';
/** What a payload that was parsed as markup would have left in the document. */
const INJECTED = 'img[src="x"], img[onerror], svg[onload], #root script, b:text-is("bold")';

/** Records every alert/confirm/prompt a page opens (there must be none). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/**
 * The abuse suite's browser check (issue 17): an investor's nickname and a support chat message
 * holding markup are shown as text in the investor app (home greeting, chat) and in the console
 * (support inbox, conversation, investor page): no dialog opens and no element is injected.
 */
describe.skipIf(!e2e.chromium)('hostile text renders as text in the investor app and the console', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a nickname and a chat message with markup stay characters on both sides', async () => {
    const investor = { phone: '+4915298761399', password: 'Abuse2026xy' };
    const registered = await registerThroughApi(e2e.baseUrl, {
      ...investor,
      inviteCode: await ownInvitation(e2e, 'e2e xss'),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const token = await logInThroughApi(e2e.baseUrl, investor.phone, investor.password);
    await apiCall(e2e.baseUrl, token, 'POST', '/api/user/profile', { nickname: NICKNAME });
    await apiCall(e2e.baseUrl, token, 'POST', '/api/support/messages', { text: CHAT });
    const { id: userId } = await apiCall<{ id: number }>(e2e.baseUrl, token, 'GET', '/api/user/info');

    // The investor app.
    const app = await (await phoneContext(browser, e2e.baseUrl)).newPage();
    const appDialogs = watchDialogs(app);
    await app.goto('/#/login');
    await app.getByLabel(t('auth.phone'), { exact: true }).fill(investor.phone);
    await app.getByLabel(t('auth.password'), { exact: true }).fill(investor.password);
    await app.getByRole('button', { name: t('auth.login') }).click();
    await app.waitForURL((url) => url.hash === '#/home', { timeout: 15_000 });
    await app.getByText(NICKNAME).first().waitFor();
    expect(await app.locator(INJECTED).count()).toBe(0);

    await app.goto('/#/customerService');
    await app
      .getByRole('list', { name: t('support.chat.history') })
      .getByText(CHAT)
      .waitFor();
    expect(await app.locator(INJECTED).count()).toBe(0);
    expect(appDialogs).toEqual([]);

    // The console, as a support agent who is also an admin (the investor page needs the users section).
    const operator = await createOperatorAccount(e2e, 'e2e_xss_agent', ['admin', 'support']);
    const consolePage = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: e2e.baseUrl })
    ).newPage();
    const consoleDialogs = watchDialogs(consolePage);
    await consolePage.goto('/admin/');
    await consolePage.getByLabel(t('admin.username'), { exact: true }).fill(operator.username);
    await consolePage.getByLabel(t('admin.password'), { exact: true }).fill(operator.password);
    await consolePage.getByLabel(t('admin.totp'), { exact: true }).fill(await totpCode(operator.totpSecret));
    await consolePage.getByRole('button', { name: t('admin.signIn') }).click();
    await consolePage.getByRole('heading', { level: 1 }).first().waitFor();

    await consolePage.goto('/admin/#/support');
    const item = consolePage.locator('.support-item').filter({ hasText: CHAT });
    await item.waitFor();
    await item.getByText(NICKNAME).waitFor();
    await item.click();
    await consolePage.getByText(CHAT).nth(1).waitFor();
    expect(await consolePage.locator(INJECTED).count()).toBe(0);

    await consolePage.goto(`/admin/#/users/${userId}`);
    await consolePage.getByText(NICKNAME).first().waitFor();
    expect(await consolePage.locator(INJECTED).count()).toBe(0);
    expect(consoleDialogs).toEqual([]);
  });
});
