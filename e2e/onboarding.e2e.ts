import { formatMoney } from '@bourse/shared/format';
import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Language } from '@bourse/shared/languages';
import type { OnboardingStepKey } from '@bourse/shared/schemas/onboarding';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, operatorToken, ownInvitation } from './api.ts';
import { expectAccessible, launch } from './browser.ts';

const e2e = inject('e2e');
const MINUTE = 60_000;
/** A whole journey (six steps, axe on every screen) takes minutes on a busy machine. */
const JOURNEY_TIMEOUT = 5 * MINUTE;

const photo = (color: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

interface Issue {
  id: number;
  code: string;
  name: string;
  issuePrice: string;
  lotSize: number;
}

/** A phone of 390 × 664 CSS pixels (the brief's viewport), in the given interface language. */
async function phoneIn(browser: Browser, lang: Language): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: e2e.baseUrl,
    viewport: { width: 390, height: 664 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: lang === 'de' ? 'de-DE' : lang,
    timezoneId: 'Europe/Berlin',
  });
  // The app reads its language from local storage (German when nothing is stored).
  await context.addInitScript((language) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', language);
  }, lang);
  return context;
}

/** Registers through the app's own screen; registering signs the investor in and opens home. */
async function registerInApp(page: Page, lang: Language, phone: string, password: string, note: string) {
  const t = (key: MessageKey) => translate(lang, key);
  await page.goto('/#/register');
  await page.getByRole('heading', { name: t('auth.registerTitle') }).waitFor();
  await expectAccessible(page, `register (${lang})`);
  await page.getByLabel(t('auth.phone'), { exact: true }).fill(phone);
  await page.getByLabel(t('auth.password'), { exact: true }).fill(password);
  await page.getByLabel(t('auth.confirmPassword'), { exact: true }).fill(password);
  await page.getByLabel(t('auth.inviteCode'), { exact: true }).fill(await ownInvitation(e2e, note));
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: t('auth.register') }).click();
  await page.waitForURL((url) => url.hash === '#/home', { timeout: 15_000 });
}

/** One step of the checklist on home. */
const step = (page: Page, key: OnboardingStepKey) => page.locator(`.onboarding-step[data-step="${key}"]`);

/** The investor of one journey: phones, ID numbers and IBANs of their own (the journeys share one server). */
interface Investor {
  phone: string;
  password: string;
  tradingPassword: string;
  name: string;
  idNumber: string;
  /** As typed, in groups of four. */
  iban: string;
}

const GREEN = 'rgb(10, 122, 69)';
const RED = 'rgb(207, 19, 34)';

/**
 * The colour convention of the language, in the DOM: the document's convention (red up in Chinese,
 * green up otherwise, nobody having chosen) and every coloured rise or fall on screen in its colour.
 */
async function expectColours(page: Page, lang: Language): Promise<void> {
  const redUp = lang === 'zh-CN' || lang === 'zh-TW';
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset['colorConvention']))
    .toBe(redUp ? 'red-up' : 'green-up');
  const coloured = await page.locator('.market-up, .market-down, .price-rise, .price-fall').evaluateAll((elements) =>
    elements.map((element) => ({
      rising: element.classList.contains('market-up') || element.classList.contains('price-rise'),
      colour: getComputedStyle(element).color,
    })),
  );
  for (const { rising, colour } of coloured) expect(colour).toBe(rising === redUp ? RED : GREEN);
}

/**
 * Registers a new investor in `lang` and follows only the checklist on home: identity, trading
 * password, card, deposit, first trade, first subscription; axe on every screen, the language's
 * colours checked in the DOM.
 */
async function checklistJourney(browser: Browser, lang: Language, investor: Investor): Promise<void> {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params);
  const euro = (amount: string) => formatMoney(amount, { lang, currency: 'EUR' });
  // Operators of this journey's own (usernames are unique on the shared server).
  const operatorSuffix = lang.replace('-', '').toLowerCase();
  const context = await phoneIn(browser, lang);
  const page = await context.newPage();
  const waitForHash = (hash: string | RegExp) =>
    page.waitForURL((url) => (typeof hash === 'string' ? url.hash === `#${hash}` : hash.test(url.hash)), {
      timeout: 15_000,
    });
  /** Back on home (a fresh load, as a user reopening the app): the checklist with `key` done. */
  const home = async (done: OnboardingStepKey[]) => {
    await page.goto('/#/home');
    await page.reload();
    await page.getByRole('heading', { name: t('onboarding.title') }).waitFor();
    for (const key of done) await expect.poll(() => step(page, key).getAttribute('data-done')).toBe('true');
    await page.getByText(t('onboarding.progress', { done: done.length, total: 6 })).waitFor();
    await expectAccessible(page, `home with ${done.length} of 6 steps done (${lang})`);
    await expectColours(page, lang);
  };
  const follow = async (key: OnboardingStepKey) => {
    await step(page, key).getByRole('link').click();
  };

  await registerInApp(page, lang, investor.phone, investor.password, `e2e onboarding ${lang}`);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await home([]);
  await expect.poll(() => step(page, 'identity').textContent()).toContain(t('kyc.none'));

  // 1. Identity: submitted in the app, approved by compliance.
  await follow('identity');
  await waitForHash('/realNameAuthentication');
  await page.getByRole('heading', { name: t('kyc.title'), level: 1 }).waitFor();
  await expectAccessible(page, `identity verification (${lang})`);
  await page.getByLabel(t('kyc.realName'), { exact: true }).fill(investor.name);
  await page.getByLabel(t('kyc.idNumber'), { exact: true }).fill(investor.idNumber);
  await page.getByText(t('kyc.docTypes.id_card'), { exact: true }).click();
  await page
    .getByLabel(new RegExp(t('kyc.front')))
    .setInputFiles({ name: 'f.jpg', mimeType: 'image/jpeg', buffer: await photo('#2266aa') });
  await page
    .getByLabel(new RegExp(t('kyc.back')))
    .setInputFiles({ name: 'b.jpg', mimeType: 'image/jpeg', buffer: await photo('#aa6622') });
  await page.getByRole('button', { name: t('kyc.submit') }).click();
  await page.getByText(t('kyc.inReviewBody')).waitFor();
  await expectAccessible(page, `identity in review (${lang})`);
  await page.goto('/#/home');
  await page.getByRole('heading', { name: t('onboarding.title') }).waitFor();
  await expect.poll(() => step(page, 'identity').textContent()).toContain(t('kyc.in_review'));

  const compliance = await operatorToken(e2e, `e2e_onboarding_compliance_${operatorSuffix}`, ['compliance']);
  const queue = await apiCall<{ items: Array<{ userId: number; phone: string }> }>(
    e2e.baseUrl,
    compliance,
    'GET',
    '/api/admin/kyc?status=in_review',
  );
  const userId = queue.items.find((item) => item.phone === investor.phone)!.userId;
  await apiCall(e2e.baseUrl, compliance, 'POST', `/api/admin/kyc/${userId}/approve`);
  await home(['identity']);

  // 2. The trading password.
  await follow('tradingPassword');
  await waitForHash('/payPwd');
  await page.getByLabel(t('wallet.payPassword.new'), { exact: true }).waitFor();
  await expectAccessible(page, `trading password (${lang})`);
  await page.getByLabel(t('wallet.payPassword.loginPassword'), { exact: true }).fill(investor.password);
  await page.getByLabel(t('wallet.payPassword.new'), { exact: true }).fill(investor.tradingPassword);
  await page.getByLabel(t('wallet.payPassword.confirm'), { exact: true }).fill(investor.tradingPassword);
  await page.getByRole('button', { name: t('wallet.payPassword.setSubmit') }).click();
  await page.getByText(t('wallet.payPassword.set')).first().waitFor();
  await home(['identity', 'tradingPassword']);

  // 3. A bank card in the verified name.
  await follow('card');
  await waitForHash('/ucenter/bank');
  await page.getByRole('heading', { name: t('wallet.bind.title'), level: 1 }).waitFor();
  await expectAccessible(page, `bind card (${lang})`);
  await page.getByLabel(t('wallet.cards.bank'), { exact: true }).fill('Musterbank');
  await page.getByLabel(t('wallet.cards.branch'), { exact: true }).fill('Köln');
  await page.getByLabel(t('wallet.cards.holder'), { exact: true }).fill(investor.name);
  await page.getByLabel(t('wallet.cards.iban'), { exact: true }).fill(investor.iban);
  await page.getByText(t('wallet.bind.agree')).click();
  await page.getByRole('button', { name: t('wallet.bind.submit') }).click();
  await page
    .getByText(`${investor.iban.slice(0, 4)} •••• ${investor.iban.slice(-5).replace(' ', '')}`)
    .first()
    .waitFor();
  await home(['identity', 'tradingPassword', 'card']);

  // 4. A deposit of 3,000.00 through the sandbox checkout, and back to its outcome.
  await follow('deposit');
  await waitForHash('/fastpayment');
  await page.getByLabel(t('wallet.amount'), { exact: true }).fill('3000');
  await expectAccessible(page, `quick payment (${lang})`);
  await page.getByRole('button', { name: t('wallet.deposit.submit') }).click();
  await page.waitForURL(/\/sandbox\/checkout\/sbx_/, { timeout: 15_000 });
  await page.getByText('3000.00 EUR').waitFor();
  await expectAccessible(page, `sandbox checkout (${lang})`);
  await page.getByRole('button', { name: t('sandboxCheckout.approve') }).click();
  await page.getByText(t('sandboxCheckout.approved')).waitFor();
  await page.getByRole('link', { name: t('sandboxCheckout.back') }).click();
  await page.getByText(t('depositResult.succeeded', { amount: euro('3000.00') })).waitFor({ timeout: 20_000 });
  await expectAccessible(page, `deposit outcome (${lang})`);
  await home(['identity', 'tradingPassword', 'card', 'deposit']);

  // 5. The first trade: from the market to a stock, its ticket, a market buy of one lot that fills.
  await follow('firstTrade');
  await waitForHash('/market');
  const rows = page.getByRole('list', { name: t('market.allStocks') }).getByRole('listitem');
  await rows.first().waitFor();
  await expectAccessible(page, `market (${lang})`);
  await expectColours(page, lang);
  // The tradable stock on screen whose lot costs least (the deposit also pays for the subscription after
  // it). Which rows are on screen moves with the simulated prices: a suspended stock (the demo has one,
  // with the cheapest lot of all) must not be the pick, or the journey fails whenever it shows.
  const codes = await rows.locator('.quote-row-code').allTextContents();
  const lotCosts = await Promise.all(
    codes.map(async (code) => {
      const detail = await apiCall<{
        lotSize: number;
        quote: { ask: string };
        status: string;
        tradingEnabled: boolean;
        board: string;
      }>(e2e.baseUrl, null, 'GET', `/api/market/instruments/${code}`);
      const tradable = detail.status === 'listed' && detail.tradingEnabled && detail.board !== 'index';
      return { code, tradable, cost: detail.lotSize * Number(detail.quote.ask) };
    }),
  );
  const cheapest = lotCosts.filter((row) => row.tradable).reduce((a, b) => (a.cost <= b.cost ? a : b));
  expect(cheapest.cost).toBeLessThan(1500);
  await rows
    .filter({ has: page.locator('.quote-row-code', { hasText: new RegExp(`^${cheapest.code}$`) }) })
    .getByRole('link')
    .click();
  await waitForHash(`/detail?code=${cheapest.code}`);
  await expectAccessible(page, `stock detail (${lang})`);
  await page.getByRole('link', { name: t('market.trade') }).click();
  await waitForHash(/^#\/trade\?/);
  await page.getByRole('heading', { name: t('trading.ticket.title'), level: 1 }).waitFor();
  const preview = page.getByRole('region', { name: t('trading.costs.title') });
  await preview.getByText(t('trading.costs.totalBuy'), { exact: true }).waitFor();
  // Verified, a trading password, money enough: nothing is named as missing.
  expect(await page.getByRole('region', { name: t('trading.ticket.missing.title') }).count()).toBe(0);
  await expectAccessible(page, `order ticket (${lang})`);
  await page
    .locator('form')
    .getByRole('button', { name: t('trading.ticket.submitBuy'), exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: t('trading.confirm.titleBuy') });
  await dialog.getByText(t('trading.confirm.questionBuy')).waitFor();
  await expectAccessible(page, `buy confirmation (${lang})`);
  await dialog.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(investor.tradingPassword);
  await dialog.getByRole('button', { name: t('common.confirm') }).click();
  await page.getByText(t('trading.ticket.purchaseSucceeded')).first().waitFor();
  await waitForHash(/^#\/shares\/holdDetail\?id=\d+$/);
  await expectAccessible(page, `the new position (${lang})`);
  await expectColours(page, lang);
  await home(['identity', 'tradingPassword', 'card', 'deposit', 'firstTrade']);

  // 6. The first subscription: an open issue (the demo's, or one of the journey's own if none is open).
  let open = (await apiCall<{ items: Issue[] }>(e2e.baseUrl, null, 'GET', '/api/ipo?status=open')).items;
  if (open.length === 0) {
    const admin = await operatorToken(e2e, `e2e_onboarding_admin_${operatorSuffix}`, ['admin']);
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    await apiCall(e2e.baseUrl, admin, 'POST', '/api/admin/ipo', {
      code: 'ONBX',
      name: 'Onboarda Werkstoffe AG',
      applicationCode: '781399',
      sector: 'materials',
      board: 'main',
      issuePrice: '5.00',
      issueQuantity: 100_000,
      publicQuantity: 50_000,
      totalShares: 1_000_000,
      lotSize: 100,
      maxLotsPerInvestor: 10,
      pe: null,
      industryPe: null,
      subscribeStart: at(-MINUTE),
      subscribeEnd: at(60 * MINUTE),
      allocationAt: at(61 * MINUTE),
      listingAt: at(120 * MINUTE),
    });
    open = (await apiCall<{ items: Issue[] }>(e2e.baseUrl, null, 'GET', '/api/ipo?status=open')).items;
  }
  // The cheapest lot: the deposit covers it after the trade.
  const issue = open.reduce((a, b) => (Number(a.issuePrice) * a.lotSize <= Number(b.issuePrice) * b.lotSize ? a : b));
  await follow('firstSubscription');
  await waitForHash(/^#\/shares\/new/);
  await page.getByRole('heading', { name: t('ipo.calendar.title'), level: 1 }).waitFor();
  await expectAccessible(page, `new-share calendar (${lang})`);
  await page
    .getByRole('link', { name: new RegExp(issue.name) })
    .first()
    .click();
  await waitForHash(`/shares/new-detail?id=${issue.id}`);
  await expectAccessible(page, `new-share detail (${lang})`);
  await page.getByRole('link', { name: t('ipo.detail.subscribe') }).click();
  await waitForHash(`/apply?id=${issue.id}`);
  await page.getByRole('heading', { name: t('ipo.apply.title'), level: 1 }).waitFor();
  await page.getByLabel(t('ipo.apply.lots'), { exact: true }).fill('1');
  await page.getByLabel(t('wallet.tradingPassword'), { exact: true }).fill(investor.tradingPassword);
  await expectAccessible(page, `subscribe (${lang})`);
  await page.getByRole('button', { name: t('ipo.apply.submit'), exact: true }).click();
  await waitForHash(`/shares/new-detail?id=${issue.id}`);

  // Every step done: the checklist is gone from home.
  await page.goto('/#/home');
  await page.reload();
  await page.getByText(t('home.welcomeTitle')).waitFor();
  await expect.poll(() => page.getByRole('heading', { name: t('onboarding.title') }).count()).toBe(0);
  await expectAccessible(page, `home with every step done (${lang})`);
  await expectColours(page, lang);
  await context.close();
}

describe.skipIf(!e2e.chromium)('from sign-up to the first trade, by the checklist on home, at 390 × 664', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'registers in German and follows only the checklist: identity, trading password, card, deposit, first trade, first subscription',
    async () => {
      await checklistJourney(browser, 'de', {
        phone: '+4915211229901',
        password: 'Onboard2026x',
        tradingPassword: '357913',
        name: 'Clara Neumann',
        idNumber: 'T22000145',
        iban: 'DE02 1203 0000 0000 2020 51',
      });
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'registers in Chinese (zh-CN, red up) and follows only the checklist to the first trade and subscription',
    async () => {
      await checklistJourney(browser, 'zh-CN', {
        phone: '+4915211229902',
        password: 'Onboard2026x',
        tradingPassword: '468024',
        name: '王小明',
        idNumber: 'T22000146',
        iban: 'DE72 1203 0000 0000 2020 52',
      });
    },
    JOURNEY_TIMEOUT,
  );
});
