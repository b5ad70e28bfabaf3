import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@bourse/shared/languages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launch, phoneContext } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, lang: Language = 'de', params?: Record<string, string | number>) =>
  translate(lang, key, params);

describe.skipIf(!e2e.chromium)('investor journey in Chromium at an iPhone viewport', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
    const context = await phoneContext(browser, e2e.baseUrl);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const waitForHash = (hash: string) => page.waitForURL((url) => url.hash === `#${hash}`, { timeout: 15_000 });

  it('registers with the printed invitation code (which signs in), switches through all twelve languages, logs out', async () => {
    const phone = '+4915199887766';
    const password = 'Journey2026';

    // The guard sends a visitor without a session from /home to the login screen.
    await page.goto('/#/home');
    await waitForHash('/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('de');
    await page.getByRole('heading', { name: t('auth.loginTitle') }).waitFor();
    await expectAccessible(page, 'login');

    await page.getByRole('link', { name: t('auth.registerNow') }).click();
    await waitForHash('/register');
    await page.getByRole('heading', { name: t('auth.registerTitle') }).waitFor();
    await expectAccessible(page, 'register');

    await page.getByLabel(t('auth.phone'), { exact: true }).fill(phone);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(password);
    await page.getByLabel(t('auth.confirmPassword'), { exact: true }).fill('Mismatch2026');
    await page.getByLabel(t('auth.inviteCode'), { exact: true }).fill(e2e.credentials.inviteCode);
    await page.getByRole('button', { name: t('auth.register') }).click();
    // Client-side rules speak first: the passwords differ and the agreement is not accepted.
    await page.getByText(t('auth.validation.passwordsDiffer')).first().waitFor();

    await page.getByLabel(t('auth.confirmPassword'), { exact: true }).fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: t('auth.register') }).click();
    // Registering signs the investor in: home, with the session stored as a login stores it.
    await waitForHash('/home');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('Admin-Token'))).toMatch(/^[\w-]{43}$/);
    await page.getByText(t('home.welcomeTitle')).waitFor();
    await expectAccessible(page, 'home');

    // Me → Settings → Language.
    await page.getByRole('link', { name: t('tabs.my') }).click();
    await waitForHash('/my');
    await expectAccessible(page, 'my');
    await page.getByText(t('my.settings'), { exact: true }).click();
    await waitForHash('/setting');
    await expectAccessible(page, 'settings');
    await page.getByText(t('my.language'), { exact: true }).first().click();
    await waitForHash('/setting/language');
    await expectAccessible(page, 'language');

    for (const lang of [...LANGUAGES.filter((l) => l !== 'de'), 'fr'] as Language[]) {
      await page.getByText(LANGUAGE_NAMES[lang], { exact: true }).click();
      await page.getByRole('heading', { name: t('language.title', lang) }).waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
    }
    const cookie = (await page.context().cookies()).find((c) => c.name === 'Local_Lang');
    expect(cookie).toBeDefined();
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ lang: 'fr' });
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect(cookie!.expires * 1000 - Date.now()).toBeLessThan(3.1 * 86_400_000);

    // The shell now speaks French, and the server stored the choice.
    await page.goBack();
    await page.goBack();
    await waitForHash('/my');
    await page.getByRole('link', { name: t('tabs.home', 'fr') }).waitFor();
    const info = await page.evaluate(async () => {
      const res = await fetch('/api/user/info', { headers: { token: localStorage.getItem('Admin-Token') ?? '' } });
      return (await res.json()) as { data: { lang: string } };
    });
    expect(info.data.lang).toBe('fr');

    // Logout asks first; cancelling keeps the session.
    const logoutEntry = page.getByRole('main').getByRole('button', { name: t('my.logout', 'fr') });
    await logoutEntry.click();
    await page.getByRole('dialog').getByText(t('my.logoutConfirm', 'fr')).waitFor();
    await expectAccessible(page, 'logout confirmation');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.cancel', 'fr') })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('Admin-Token'))).not.toBeNull();
    await logoutEntry.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('my.logout', 'fr') })
      .click();
    await waitForHash('/login');
    expect(await page.evaluate(() => localStorage.getItem('Admin-Token'))).toBeNull();
    await page.getByRole('heading', { name: t('auth.loginTitle', 'fr') }).waitFor();

    // The old token is revoked on the server, and the guard keeps /home closed.
    await page.goto('/#/home');
    await waitForHash('/login');
  });

  it('logs in the seeded demo investor', async () => {
    await page.goto('/#/login');
    await page.getByLabel(t('auth.phone', 'fr'), { exact: true }).fill(e2e.credentials.investor.username);
    await page.getByLabel(t('auth.password', 'fr'), { exact: true }).fill(e2e.credentials.investor.password);
    await page.getByRole('button', { name: t('auth.login', 'fr') }).click();
    await waitForHash('/home');
    await page.getByText('Demo Investor').first().waitFor();
  });
});
