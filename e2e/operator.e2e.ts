import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import { generate as generateTotp } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerThroughApi } from './api.ts';
import { expectAccessible, launch, watchContentSecurityPolicy, type ContentSecurityWatch } from './browser.ts';

const e2e = inject('e2e');
const t = (key: MessageKey, params?: Record<string, string | number>) => translate('de', key, params);

/** Every table on the page fits its box at this width: no column hidden behind a sideways scroll or the edge. */
async function expectTablesFit(page: Page, screen: string): Promise<void> {
  await page.locator('.ant-table').first().waitFor();
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    for (const box of document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
      if (box.scrollWidth > box.clientWidth + 1) found.push(`table scrolls: ${box.scrollWidth} > ${box.clientWidth}`);
    }
    for (const th of document.querySelectorAll<HTMLElement>('.ant-table-thead th')) {
      const { left, right } = th.getBoundingClientRect();
      if (left < 0 || right > window.innerWidth + 1) found.push(`header "${th.textContent ?? ''}" at ${left}–${right}`);
    }
    return found;
  });
  expect(problems, `${screen} at ${page.viewportSize()?.width ?? 0} px`).toEqual([]);
}

describe.skipIf(!e2e.chromium)('operator journey in the console', () => {
  let browser: Browser;
  let page: Page;
  let csp: ContentSecurityWatch;

  beforeAll(async () => {
    browser = await launch(e2e.chromium!);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: e2e.baseUrl });
    page = await context.newPage();
    csp = await watchContentSecurityPolicy(page);
  });
  // The console runs under its content security policy: nothing it does is refused.
  afterEach(async () => {
    expect(await csp.take()).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in with password and TOTP, creates an invitation code that registers an investor, disables it, sees the audit log', async () => {
    const { operator } = e2e.credentials;
    await page.goto('/admin/');
    await page.getByRole('heading', { name: t('admin.loginTitle') }).waitFor();
    await expectAccessible(page, 'console sign-in');

    await page.getByLabel(t('admin.username'), { exact: true }).fill(operator.username);
    await page.getByLabel(t('admin.password'), { exact: true }).fill(operator.password);
    await page.getByLabel(t('admin.totp'), { exact: true }).fill('000000');
    await page.getByRole('button', { name: t('admin.signIn') }).click();
    await page.getByText(t('errors.TOTP_INVALID')).first().waitFor();

    // The server's clock runs with real time here, so a code for now is current.
    await page.getByLabel(t('admin.totp'), { exact: true }).fill(await generateTotp({ secret: operator.totpSecret }));
    await page.getByRole('button', { name: t('admin.signIn') }).click();
    await page.getByRole('heading', { name: t('admin.invitations.title'), level: 1 }).waitFor();
    await expectAccessible(page, 'invitation codes');

    await page.getByLabel(t('admin.invitations.note'), { exact: true }).fill('e2e campaign');
    await page.getByLabel(t('admin.invitations.maxUses'), { exact: true }).fill('1');
    await page.getByRole('button', { name: t('admin.invitations.create'), exact: true }).click();
    const codeElement = page.locator('.new-code__value');
    await codeElement.waitFor();
    const code = (await codeElement.textContent())?.trim() ?? '';
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{14}$/);
    await page.getByRole('cell', { name: 'e2e campaign' }).waitFor();

    // The new code works exactly once.
    expect(
      (await registerThroughApi(e2e.baseUrl, { phone: '+4915211223344', password: 'Operator2026x', inviteCode: code }))
        .status,
    ).toBe(200);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: code });
    await row.getByText('1 / 1').waitFor();
    // Its only use is taken: it shows as used up.
    await row.getByText(t('admin.invitations.usedUp'), { exact: true }).waitFor();
    await expectTablesFit(page, 'invitation codes');

    await row.getByRole('button', { name: `${t('admin.invitations.disable')}: ${code}` }).click();
    await page.getByText(t('admin.invitations.disableConfirm', { code })).filter({ visible: true }).waitFor();
    await expectAccessible(page, 'disable confirmation');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('admin.invitations.disable') })
      .click();
    await row.getByText(t('admin.invitations.disabled')).waitFor();

    await page
      .getByRole('link', { name: t('admin.nav.audit') })
      .or(page.getByRole('menuitem', { name: t('admin.nav.audit') }))
      .first()
      .click();
    await page.getByRole('heading', { name: t('admin.audit.title'), level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'invitation.disable' }).first().waitFor();
    await page.getByRole('cell', { name: 'invitation.create' }).first().waitFor();
    await expectAccessible(page, 'audit log');
    await expectTablesFit(page, 'audit log');

    // New shares: the demo's issues with their demand, and the form for a new one.
    const section = (key: MessageKey) =>
      page
        .getByRole('link', { name: t(key) })
        .or(page.getByRole('menuitem', { name: t(key) }))
        .first();
    await section('admin.nav.ipo').click();
    await page.getByRole('heading', { name: t('admin.ipo.title'), level: 1 }).waitFor();
    await page.getByText('SOLR').first().waitFor();
    await expectAccessible(page, 'new-share issues');
    await page.getByRole('button', { name: t('admin.ipo.create') }).click();
    await page.getByText(t('admin.ipo.createTitle')).filter({ visible: true }).first().waitFor();
    await expectAccessible(page, 'new issue form');
    await page.keyboard.press('Escape');

    // Block trades: the approval queue and, below it, the demo's open offer, the form for a new one,
    // and the offer's edit and withdrawal.
    await section('admin.nav.blockTrades').click();
    await page.getByRole('heading', { name: t('admin.blockTrades.title'), level: 1 }).waitFor();
    await page.getByRole('heading', { name: t('admin.blockTrades.offers'), level: 2 }).waitFor();
    await page.getByText('DTE').first().waitFor();
    await expectAccessible(page, 'block trades');
    await page.getByRole('button', { name: t('admin.blockTrades.createOffer') }).click();
    await page.getByText(t('admin.blockTrades.createTitle')).filter({ visible: true }).first().waitFor();
    await expectAccessible(page, 'new block-trade offer form');
    await page.keyboard.press('Escape');
    // The demo's offer: its edit form, prefilled, and the withdrawal that asks for a reason.
    await page.getByRole('button', { name: `${t('admin.blockTrades.edit')}: DTE` }).click();
    await page.getByRole('button', { name: t('admin.blockTrades.save') }).waitFor();
    await expectAccessible(page, 'block-trade offer edit form');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `${t('admin.blockTrades.cancelOffer')}: DTE` }).click();
    await page.getByLabel(t('admin.blockTrades.cancelReason')).waitFor();
    await expectAccessible(page, 'block-trade offer withdrawal');
  });
  it('fits every console table into 1280 px: no sideways scroll, every column header on screen', async () => {
    // Signed in by the journey above. Every section with a table, and the screens behind a row.
    const sections = [
      '/invitations',
      '/kyc',
      '/withdrawals',
      '/payments',
      '/users',
      '/orders',
      '/instruments',
      '/ipo',
      '/block-trades',
      '/loans',
      '/members',
      '/fund',
      '/calendar',
      '/announcements',
      '/news',
      '/closures',
      '/audit',
    ];
    for (const section of sections) {
      await page.goto(`/admin/#${section}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.ant-table').first().waitFor();
      // Loaded: the rows are in (an empty list shows its empty line).
      await expect.poll(() => page.locator('.ant-table .ant-spin-spinning').count()).toBe(0);
      await expectTablesFit(page, section);
    }
    // An investor's account: positions, ledger, cards, sessions, points.
    await page.goto('/admin/#/users');
    await page.locator('.ant-table-tbody a').first().click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await expectTablesFit(page, 'investor account');
    // A drawn issue's results.
    await page.goto('/admin/#/ipo');
    await page
      .getByRole('link', { name: new RegExp(`^${t('admin.ipo.results')}: `) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.ant-table').first().waitFor();
    await expect.poll(() => page.locator('.ant-table .ant-spin-spinning').count()).toBe(0);
    await expectTablesFit(page, 'new-share results');
  });
  it('edits an exchange’s trading hours in the calendar: a bad session is refused in the dialog, a good one saved and audited', async () => {
    // Signed in by the first journey. The demo's Shanghai sessions, with the lunch break.
    await page.goto('/admin/#/calendar');
    await page.getByRole('heading', { name: t('fund.admin.hoursTitle'), level: 2 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Shanghai Stock Exchange' });
    await row.getByText('09:30-11:30,13:00-15:00').waitFor();
    await row.getByRole('button', { name: `${t('fund.admin.editHours')} Shanghai Stock Exchange` }).click();
    const dialog = page.getByRole('dialog', {
      name: t('fund.admin.editHoursOf', { exchange: 'Shanghai Stock Exchange' }),
    });
    const sessions = dialog.getByLabel(t('fund.admin.sessions'), { exact: true });
    await expect.poll(() => sessions.inputValue()).toBe('09:30-11:30,13:00-15:00');
    await expectAccessible(page, 'exchange hours dialog');

    // Overlapping sessions: the server's localized refusal, and nothing changes.
    await sessions.fill('09:30-11:30,11:00-15:00');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await dialog.getByRole('alert').getByText(t('errors.EXCHANGE_HOURS_INVALID')).waitFor();

    await sessions.fill('09:15-11:30,13:00-15:00');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await row.getByText('09:15-11:30,13:00-15:00').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await expectTablesFit(page, 'calendar');
    // The investor's side: the exchange now opens at 09:15.
    const exchanges = (await (await fetch(`${e2e.baseUrl}/api/market/exchanges`)).json()) as {
      data: Array<{ code: string; sessions: Array<{ open: string; close: string }> }>;
    };
    expect(exchanges.data.find((exchange) => exchange.code === 'SSE')?.sessions[0]).toEqual({
      open: '09:15',
      close: '11:30',
    });

    // Back to the real hours for the journeys after this one.
    await row.getByRole('button', { name: `${t('fund.admin.editHours')} Shanghai Stock Exchange` }).click();
    await sessions.fill('09:30-11:30,13:00-15:00');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    await row.getByText('09:30-11:30,13:00-15:00').waitFor();

    await page.goto('/admin/#/audit');
    await page.getByRole('cell', { name: 'exchange.hours' }).first().waitFor();
  });
});
