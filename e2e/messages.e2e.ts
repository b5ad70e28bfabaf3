import { LANGUAGE_NAMES } from '@bourse/shared/languages';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, logInThroughApi, operatorToken, ownInvitation, registerThroughApi } from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, lang: 'de' | 'en' = 'de', params?: Record<string, string | number>) =>
  translate(lang, key, params);

const photo = (color: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/**
 * The message centre at an iPhone viewport: the investor keeps /messages open; compliance approves
 * their identity through the console API and the message appears without a reload; the Me tab's
 * badge counts it; a tap reads it and the badge goes; switching to English renders the same message
 * again in English. Axe on every screen.
 */
describe.skipIf(!e2e.chromium)('message centre in Chromium at an iPhone viewport', () => {
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
  const waitForHash = (hash: string) => page.waitForURL((url) => url.hash === `#${hash}`, { timeout: 15_000 });

  it('shows the identity decision live, counts it on the Me tab, reads it, and re-renders it in English', async () => {
    const investor = { phone: '+4915298761177', password: 'Messages2026x', name: 'Mia Hoffmann' };
    const registered = await registerThroughApi(e2e.baseUrl, {
      phone: investor.phone,
      password: investor.password,
      inviteCode: await ownInvitation(e2e, 'e2e messages'),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const token = await logInThroughApi(e2e.baseUrl, investor.phone, investor.password);
    const form = new FormData();
    form.set('realName', investor.name);
    form.set('idNumber', 'T22000177');
    form.set('docType', 'id_card');
    form.set('front', new Blob([new Uint8Array(await photo('#446688'))], { type: 'image/jpeg' }), 'f.jpg');
    form.set('back', new Blob([new Uint8Array(await photo('#886644'))], { type: 'image/jpeg' }), 'b.jpg');
    const submitted = await fetch(`${e2e.baseUrl}/api/user/authentication`, {
      method: 'POST',
      headers: { token },
      body: form,
    });
    expect(submitted.status, await submitted.clone().text()).toBe(200);

    // Signed in on the phone, the message centre open and empty.
    await page.goto('/#/login');
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(investor.phone);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    await waitForHash('/home');
    await page.getByRole('link', { name: t('tabs.my') }).click();
    await waitForHash('/my');
    await page.getByRole('link', { name: t('messages.title') }).click();
    await waitForHash('/messages');
    await page.getByRole('heading', { name: t('messages.title'), level: 1 }).waitFor();
    await page.getByText(t('messages.empty')).waitFor();
    await expectAccessible(page, 'messages, empty');

    // Compliance approves in the console's API; the open screen shows it without a reload.
    const compliance = await operatorToken(e2e, 'e2e_messages_compliance', ['compliance']);
    const queue = await api<{ items: Array<{ userId: number; phone: string }> }>(
      compliance,
      'GET',
      '/api/admin/kyc?status=in_review',
    );
    const userId = queue.items.find((item) => item.phone === investor.phone)!.userId;
    await api(compliance, 'POST', `/api/admin/kyc/${userId}/approve`);
    const list = page.getByRole('list', { name: t('messages.title') });
    const message = list.getByRole('button').filter({ hasText: t('messages.titles.identity') });
    await message.waitFor({ timeout: 10_000 });
    await message.getByRole('img', { name: t('messages.unread') }).waitFor();
    await expectAccessible(page, 'messages, one unread');

    // The Me tab and the Messages row count it.
    await page.goBack();
    await waitForHash('/my');
    const unreadOne = t('messages.unreadCount', 'de', { count: 1 });
    await page.getByRole('navigation').getByRole('status', { name: unreadOne }).waitFor();
    await page
      .getByRole('link', { name: t('messages.title') })
      .getByRole('status', { name: unreadOne })
      .waitFor();
    await expectAccessible(page, 'my, with the unread badge');

    // A tap reads it and shows the whole text; the badge goes.
    await page.getByRole('link', { name: t('messages.title') }).click();
    await waitForHash('/messages');
    await message.click();
    await expect.poll(() => message.getAttribute('aria-expanded')).toBe('true');
    await message.getByText(t('notify.kycApproved')).waitFor();
    await message.getByRole('img', { name: t('messages.unread') }).waitFor({ state: 'detached' });
    await page.goBack();
    await waitForHash('/my');
    await page.getByRole('navigation').getByRole('status').waitFor({ state: 'detached' });

    // English: the same message, rendered again in the new language.
    await page.getByText(t('my.language'), { exact: true }).first().click();
    await waitForHash('/setting/language');
    await page.getByText(LANGUAGE_NAMES.en, { exact: true }).click();
    await page.getByRole('heading', { name: t('language.title', 'en') }).waitFor();
    await page.goto('/#/messages');
    await page.getByRole('heading', { name: t('messages.title', 'en'), level: 1 }).waitFor();
    const englishList = page.getByRole('list', { name: t('messages.title', 'en') });
    const english = englishList.getByRole('button').filter({ hasText: t('messages.titles.identity', 'en') });
    await english.getByText(t('notify.kycApproved', 'en')).waitFor();
    await expectAccessible(page, 'messages in English');
  });
});
