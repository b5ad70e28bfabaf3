import { readFile } from 'node:fs/promises';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInThroughApi, ownInvitation, registerThroughApi } from './api.ts';
import { expectAccessible, launch, phoneContext, scrollHomeDown } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);
const en = (key: MessageKey, params?: Record<string, string | number>) => translate('en', key, params);

/**
 * The open pages and the investor's own side at an iPhone viewport, axe on every screen: a visitor
 * explores the market, the products and the guide; the investor then changes nickname (a script
 * tag stays text), avatar and language, clears the cache and stays logged in, downloads their data,
 * opens the account in full from home, takes the guided tour and runs the connection test.
 */
describe.skipIf(!e2e.chromium)('profile and the open pages in Chromium at an iPhone viewport', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
    page = await (await phoneContext(browser, e2e.baseUrl)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const waitForHash = (hash: string | RegExp) =>
    page.waitForURL((url) => (typeof hash === 'string' ? url.hash === `#${hash}` : hash.test(url.hash)), {
      timeout: 15_000,
    });
  const heading = (name: string, level = 1) => page.getByRole('heading', { name, level }).waitFor();

  it('visits /explore, /shop and /anleitung logged out', async () => {
    await page.goto('/#/explore');
    await heading(t('explore.title'));
    await page
      .getByRole('list', { name: t('explore.gainers') })
      .getByRole('link')
      .first()
      .waitFor();
    await page.getByRole('heading', { name: t('explore.sectors'), level: 2 }).waitFor();
    await page.getByRole('link', { name: t('explore.register') }).waitFor();
    const firstGainer = await page
      .getByRole('list', { name: t('explore.gainers') })
      .getByRole('link')
      .first()
      .getAttribute('href');
    expect(firstGainer).toMatch(/^#\/detail\?code=/);
    await expectAccessible(page, 'explore, logged out');

    await page.goto('/#/shop');
    await heading(t('shop.title'));
    await heading(t('shop.fundTitle'), 2);
    await page.getByText(t('shop.loanLimit', { level: 5 })).waitFor();
    await expectAccessible(page, 'shop, logged out');
    await page.getByRole('link', { name: `${t('shop.open')}: ${t('shop.loansTitle')}` }).click();
    await waitForHash('/login');

    await page.goto('/#/anleitung');
    await heading(t('guide.title'));
    await page.getByText(t('guide.loggedOut')).waitFor();
    await expectAccessible(page, 'guide, logged out');
  });

  it('changes nickname, avatar and language, clears the cache, downloads the data, tours and tests', async () => {
    const investor = { phone: '+4915298761515', password: 'Profile2026x' };
    const registered = await registerThroughApi(e2e.baseUrl, {
      phone: investor.phone,
      password: investor.password,
      inviteCode: await ownInvitation(e2e, 'e2e profile'),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    await logInThroughApi(e2e.baseUrl, investor.phone, investor.password);

    await page.goto('/#/login');
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(investor.phone);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    await waitForHash('/home');

    // Logged in, /explore has no sign-up call to action.
    await page.goto('/#/explore');
    await page.getByRole('list', { name: t('explore.gainers') }).waitFor();
    expect(await page.getByRole('link', { name: t('explore.register') }).count()).toBe(0);

    // A nickname with a script tag is stored and shown as text; no script runs.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const nickname = '<script>alert(1)</script>';
    await page.goto('/#/personInfo');
    await heading(t('profile.title'));
    await expectAccessible(page, 'personal information');
    await page.getByLabel(t('profile.nickname'), { exact: true }).fill(nickname);
    await page.getByRole('button', { name: t('profile.save') }).click();
    await page.getByText(t('profile.saved')).waitFor();

    // An avatar: a JPEG made here, cropped square on the server, shown in the personal centre.
    const jpeg = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2a7ae2' } })
      .jpeg()
      .toBuffer();
    await page.locator('#avatar-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByText(t('profile.avatarChanged')).waitFor();

    await page.goto('/#/my');
    await page.locator('#profile-name').filter({ hasText: nickname }).waitFor();
    expect(await page.locator('#profile-name').textContent()).toBe(nickname);
    const avatar = page.locator('.profile-header-avatar img').first();
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/\/api\/user\/avatars\/[^/]+$/);
    await expect
      .poll(() =>
        avatar.evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]),
      )
      .toEqual([256, 256]);
    expect(dialogs).toEqual([]);
    await expectAccessible(page, 'personal centre with avatar');

    // Language: English, then back to German.
    await page.goto('/#/setting/language');
    await page.getByRole('radio', { name: 'English' }).check();
    await heading(en('language.title'));
    await expectAccessible(page, 'language, English');
    await page.getByRole('radio', { name: 'Deutsch' }).check();
    await heading(t('language.title'));

    // Clearing the cache keeps the session, also after a reload.
    await page.goto('/#/setting');
    await heading(t('my.settings'));
    await page.getByText(t('my.clearCache'), { exact: true }).click();
    await page.getByText(t('my.cacheCleared')).waitFor();
    await page.reload();
    await page.goto('/#/my');
    await page.locator('#profile-name').filter({ hasText: nickname }).waitFor();
    expect(page.url()).not.toContain('/login');

    // The data export downloads as one JSON file about this investor.
    await page.goto('/#/setting/data');
    await heading(t('profile.dataTitle'));
    await expectAccessible(page, 'data rights');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByText(t('profile.downloadData'), { exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bourse-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>;
    expect(JSON.stringify(exported)).toContain(investor.phone.slice(-4));
    expect(JSON.stringify(exported)).toContain(JSON.stringify(nickname).slice(1, -1));

    // The account in full, opened from home.
    await page.goto('/#/home');
    await scrollHomeDown(page);
    await page.getByRole('link', { name: t('homeDetail.open'), exact: true }).click();
    await waitForHash('/homedetail');
    await heading(t('homeDetail.title'));
    await page.getByText(t('homeDetail.withdrawableInfo')).waitFor();
    await expectAccessible(page, 'account in detail');

    // The guided tour, step by step, back home at the end.
    await page.goto('/#/demo');
    await heading(t('demo.title'));
    await expectAccessible(page, 'guided tour');
    const steps = ['home', 'market', 'detail', 'ticket', 'newShares', 'fund', 'messages', 'support'] as const;
    for (const [index, step] of steps.entries()) {
      await heading(t(`demo.${step}Title`), 2);
      await page.getByText(t('demo.progress', { step: index + 1, total: steps.length })).waitFor();
      const last = index === steps.length - 1;
      await page.getByRole('button', { name: last ? t('demo.finish') : t('demo.next') }).click();
    }
    await waitForHash('/home');

    // The connection test: every check passes against the real server and stream.
    await page.goto('/#/test');
    await heading(t('deviceTest.title'));
    for (const check of ['api', 'clock', 'stream', 'language', 'version', 'storage']) {
      await page
        .locator(`[data-check="${check}"] .device-check-status`)
        .filter({ hasText: t('deviceTest.status.ok') })
        .waitFor({ timeout: 15_000 });
    }
    await page.getByRole('button', { name: t('deviceTest.runAgain') }).waitFor();
    await expectAccessible(page, 'connection test');
  });
});
