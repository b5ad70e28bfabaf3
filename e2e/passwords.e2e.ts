import path from 'node:path';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerThroughApi } from './api.ts';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);

/** The latest SMS the sandbox notifier "sent" to a phone, read from the demo database's outbox. */
function latestSms(phone: string): string {
  const db = new SQLite(path.join(e2e.dataDir, 'bourse.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select body from outbox where recipient = ? order by id desc limit 1').get(phone) as
      { body: string } | undefined;
    return row?.body ?? '';
  } finally {
    db.close();
  }
}

describe.skipIf(!e2e.chromium)('passwords and the agreement in Chromium at an iPhone viewport', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
    page = await (await phoneContext(browser, e2e.baseUrl)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const waitForHash = (hash: string) => page.waitForURL((url) => url.hash === `#${hash}`, { timeout: 15_000 });

  it('reads the agreement from registration and accepting it ticks the box', async () => {
    await page.goto('/#/register');
    await page.getByRole('link', { name: t('auth.agreementLink') }).click();
    await waitForHash('/agreement');
    await page.getByRole('heading', { name: t('agreement.sections.risk.title') }).waitFor();
    await expectAccessible(page, 'agreement');
    await page.getByRole('button', { name: t('agreement.accept') }).click();
    await waitForHash('/register');
    await expect.poll(() => page.getByRole('checkbox').isChecked()).toBe(true);
  });

  it('resets a forgotten password with the SMS code, then changes it from the account', async () => {
    // An account of its own: other journeys log in the demo investor with its printed password.
    const phone = '+4915255667788';
    const registered = await registerThroughApi(e2e.baseUrl, {
      phone,
      password: 'Original2026',
      inviteCode: e2e.fixtureInviteCodes[0]!,
    });
    expect(registered.status).toBe(200);
    await page.goto('/#/login');
    await page.getByRole('link', { name: t('auth.forgotPassword') }).click();
    await waitForHash('/forgotPassword');
    await expectAccessible(page, 'forgot password');

    await page.getByLabel(t('auth.phone'), { exact: true }).fill(phone);
    await page.getByRole('button', { name: t('auth.sendCode') }).click();
    await page.getByRole('button', { name: /\d+/ }).waitFor();
    await expect.poll(() => latestSms(phone)).toMatch(/\b\d{6}\b/);
    const code = /\b(\d{6})\b/.exec(latestSms(phone))![1]!;
    expect(latestSms(phone)).toBe(t('notify.resetCodeSms', { code, minutes: 10 }));

    await page.getByLabel(t('auth.code'), { exact: true }).fill(code);
    await page.getByLabel(t('auth.newPassword'), { exact: true }).fill('Forgotten2026');
    await page.getByLabel(t('auth.confirmPassword'), { exact: true }).fill('Forgotten2026');
    await page.getByRole('button', { name: t('auth.resetPassword') }).click();
    await waitForHash('/login');

    await page.getByLabel(t('auth.phone'), { exact: true }).fill(phone);
    await page.getByLabel(t('auth.password'), { exact: true }).fill('Forgotten2026');
    await page.getByRole('button', { name: t('auth.login') }).click();
    await waitForHash('/home');

    await page.getByRole('link', { name: t('tabs.my') }).click();
    await page.getByText(t('my.changePassword'), { exact: true }).click();
    await waitForHash('/changePassword');
    await expectAccessible(page, 'change password');
    await page.getByLabel(t('auth.oldPassword'), { exact: true }).fill('Forgotten2026');
    await page.getByLabel(t('auth.newPassword'), { exact: true }).fill('Changed2026');
    await page.getByLabel(t('auth.confirmPassword'), { exact: true }).fill('Changed2026');
    await page.getByRole('button', { name: t('auth.changePassword') }).click();
    // Every session ends with the change: back to login, and only the new password opens the account.
    await waitForHash('/login');
    expect(await page.evaluate(() => localStorage.getItem('Admin-Token'))).toBeNull();
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(phone);
    await page.getByLabel(t('auth.password'), { exact: true }).fill('Changed2026');
    await page.getByRole('button', { name: t('auth.login') }).click();
    await waitForHash('/home');
  });
});
