import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, operatorToken } from './api.ts';
import { expectAccessible, launch, phoneContext, scrollHomeDown } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);

const HOSTILE_TITLE = 'Ad-hoc-Mitteilung zu SAP';
const HOSTILE_BODY =
  '<p onclick="window.__pwned = 1">Zahlen veröffentlicht.</p><script>window.__pwned = 1; alert(1)</script>' +
  '<img src="x" onerror="window.__pwned = 1; alert(2)"><a href="javascript:alert(3)">Details</a> ' +
  '<a href="https://example.com/bericht">Bericht</a><iframe src="javascript:alert(4)"></iframe>';

/**
 * News at a phone's width (iPhone 13, 390 px), in German: an operator publishes an article whose HTML
 * tries to run script; the demo investor sees the latest headlines on the home screen, opens all
 * news, switches category, opens an article with a linked share at its live price, and opens the
 * hostile article, which renders inert (no dialog, no injected global, no javascript: link). Axe on
 * every screen.
 */
describe.skipIf(!e2e.chromium)('news', () => {
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

  it('shows the latest on home, lists by category, shows a linked share live, and renders hostile markup inert', async () => {
    expect(page.viewportSize()?.width).toBe(390);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    // The operator writes and publishes an article in the console's API (sanitized on save).
    const editor = await operatorToken(e2e, 'e2e_news_editor', ['support']);
    const created = await apiCall<{ id: number }>(e2e.baseUrl, editor, 'POST', '/api/admin/news', {
      category: 'important',
      fallbackLang: 'de',
      translations: { de: { title: HOSTILE_TITLE, summary: 'Kurz', bodyFormat: 'html', body: HOSTILE_BODY } },
      instruments: ['SAP'],
    });
    await apiCall(e2e.baseUrl, editor, 'POST', `/api/admin/news/${created.id}/publish`);

    await page.goto('/#/login');
    await page.getByLabel(t('auth.phone'), { exact: true }).fill(e2e.credentials.investor.username);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(e2e.credentials.investor.password);
    await page.getByRole('button', { name: t('auth.login') }).click();
    await waitForHash('/home');
    await scrollHomeDown(page);

    // Home: the latest headlines, newest (the one just published) first.
    const latest = page.getByRole('list', { name: t('news.latest') });
    await expect.poll(() => latest.getByRole('link').first().textContent(), { timeout: 15_000 }).toBe(HOSTILE_TITLE);
    await expectAccessible(page, 'home with the latest news');

    // All news: company news first, then another category.
    await page.getByRole('link', { name: t('news.all') }).click();
    await waitForHash('/news');
    await page.getByRole('list', { name: t('news.categories.company') }).waitFor();
    await expectAccessible(page, 'news list');
    await page.getByRole('tab', { name: t('news.categories.foreign') }).click();
    const foreign = page.getByRole('list', { name: t('news.categories.foreign') });
    await foreign.getByRole('link', { name: 'US-Arbeitsmarkt bleibt robust' }).waitFor();
    await expectAccessible(page, 'news list, foreign economy');

    // An article linking a share: its live price from the quote stream, a tap opens the share.
    await page.getByRole('tab', { name: t('news.categories.company') }).click();
    await page.getByRole('link', { name: 'SAP hebt die Prognose für das Cloud-Geschäft an' }).click();
    await waitForHash(/^#\/news\/\d+$/);
    await page.getByRole('heading', { name: 'SAP hebt die Prognose für das Cloud-Geschäft an' }).waitFor();
    const securities = page.getByRole('region', { name: t('news.instruments') });
    await expect.poll(() => securities.getByTestId('news-quote-SAP').textContent(), { timeout: 15_000 }).toMatch(/\d/);
    await expectAccessible(page, 'news article');
    await securities.getByRole('link', { name: /SAP/ }).click();
    await waitForHash('/detail?code=SAP');

    // The hostile article: sanitized text and links, and nothing ran.
    await page.goto(`/#/news/${created.id}`);
    await page.getByRole('heading', { name: HOSTILE_TITLE }).waitFor();
    await page.getByText('Zahlen veröffentlicht.').waitFor();
    const body = page.locator('.news-body');
    expect(await body.locator('script, iframe, [onclick], [onerror]').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await body.getByRole('link', { name: 'Bericht' }).getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await expectAccessible(page, 'hostile news article');
  });
});
