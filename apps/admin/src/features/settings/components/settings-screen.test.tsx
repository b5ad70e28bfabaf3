import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeeSettings } from '@bourse/shared/schemas/settings-admin';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { FINANCE, TOKEN, configRoute, pageOf, renderApp, waitForTexts } from '../../../test/render-app.tsx';

const STORED: FeeSettings = {
  minDeposit: '100.00',
  minWithdrawal: '50.00',
  minTransfer: '100.00',
  withdrawalFee: '0.00',
  commissionRate: '0.0025',
  commissionMin: '5.00',
  transactionFeeRate: '0.0001',
  stampDutyRate: '0.0010',
  tPlusOne: 'false',
  fourEyesThreshold: '10000.00',
  maxDeposit: '50000.00',
  maxDepositsPerDay: '100000.00',
  loanAnnualRate: '8.00',
  loanTermsDays: '30,90,180,365',
  loanLimitLevel1: '5000.00',
  loanLimitLevel2: '10000.00',
  loanLimitLevel3: '20000.00',
  loanLimitLevel4: '50000.00',
  loanLimitLevel5: '100000.00',
  idempotencyRetentionHours: '48',
  outboxRetentionDays: '90',
};

/** A settings server; `alsoChanged` stands for an edit another operator saved in the meantime. */
function stubSettingsServer(options: { alsoChanged?: Partial<FeeSettings>; refuse?: boolean } = {}) {
  let stored = { ...STORED };
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(FINANCE),
    'GET /api/admin/withdrawals': () => ok(pageOf([])),
    'GET /api/admin/settings': () => ok(stored),
    'GET /api/admin/settings/changes': () => ok(pageOf([])),
    'PUT /api/admin/settings': ({ body }) => {
      if (options.refuse) return fail(400, 'VALIDATION_FAILED', 'The input is invalid (from the server)');
      stored = { ...stored, ...(body as Partial<FeeSettings>), ...options.alsoChanged };
      // As the real server answers: the stored settings, and no change held for a second operator.
      return ok({ ...stored, pendingChange: null });
    },
  });
}

const field = (label: string) => screen.getByRole('textbox', { name: label });

async function replace(user: Awaited<ReturnType<typeof renderApp>>['user'], label: string, value: string) {
  await user.clear(field(label));
  await user.type(field(label), value);
}

describe('fees and limits', () => {
  it('shows the stored values, rates also as percentages', async () => {
    stubSettingsServer();
    await renderApp({ token: TOKEN, path: '/settings' });

    expect(await screen.findByRole('textbox', { name: 'Minimum deposit' })).toHaveValue('100.00');
    expect(field('Withdrawal fee')).toHaveValue('0.00');
    expect(field('Commission rate')).toHaveValue('0.0025');
    // 0.0025 × 100 = 0.25 %; 0.0010 × 100 = 0.1 %.
    expect(screen.getByText('That is 0.25%')).toBeInTheDocument();
    expect(screen.getByText('That is 0.1%')).toBeInTheDocument();
  });

  it('refuses malformed amounts and rates before calling the server', async () => {
    const api = stubSettingsServer();
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    await screen.findByRole('textbox', { name: 'Minimum deposit' });

    await replace(user, 'Withdrawal fee', '1.234');
    await replace(user, 'Minimum deposit', '-5');
    await replace(user, 'Commission rate', '1.5');
    await replace(user, 'Stamp duty rate (sells only)', '0.0000001');
    await user.clear(field('Minimum withdrawal'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const amountError = 'Enter an amount such as 100.00: up to 12 digits, and at most 2 after the decimal point';
    const rateError = 'Enter a decimal fraction from 0 to 1 with at most 6 decimals, such as 0.0025';
    // Each field's error shows as its own validation settles: wait for all four, not the first.
    await waitFor(() => {
      expect(screen.getAllByText(amountError)).toHaveLength(2);
      expect(screen.getAllByText(rateError)).toHaveLength(2);
    });
    expect(screen.getByText('Enter a value')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')).toHaveLength(0);
  });

  it('saves only what changed after a confirmation, then shows the values as stored', async () => {
    const api = stubSettingsServer({ alsoChanged: { minDeposit: '150.00' } });
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    await screen.findByRole('textbox', { name: 'Minimum deposit' });

    await replace(user, 'Withdrawal fee', ' 2.5 ');
    await replace(user, 'Commission rate', '0.003');
    expect(screen.getByText('That is 0.3%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Save these changes?');
    expect(within(dialog).getByText('Withdrawal fee: 0.00 → 2.50')).toBeInTheDocument();
    expect(within(dialog).getByText('Commission rate: 0.0025 (0.25%) → 0.003 (0.3%)')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const [put] = api.calls('PUT', '/api/admin/settings');
    expect(put?.body).toEqual({ withdrawalFee: '2.50', commissionRate: '0.003' });
    expect(put?.headers.get('token')).toBe(TOKEN);
    // The form shows what the server stored, including another operator's change.
    await waitFor(() => expect(field('Minimum deposit')).toHaveValue('150.00'));
    expect(field('Withdrawal fee')).toHaveValue('2.50');
    expect(field('Commission rate')).toHaveValue('0.003');
  });

  it('edits the loan rate, terms and per-level limits, refusing malformed ones first', async () => {
    const api = stubSettingsServer();
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    expect(await screen.findByRole('textbox', { name: 'Loan interest rate (% a year)' })).toHaveValue('8.00');
    expect(field('Loan terms (days)')).toHaveValue('30,90,180,365');
    expect(field('Loan limit, member level 3')).toHaveValue('20000.00');

    await replace(user, 'Loan interest rate (% a year)', '100.5');
    await replace(user, 'Loan terms (days)', '30;90');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitForTexts(document.body, [
      'Enter a percentage from 0 to 100 with at most 4 decimals, such as 8.00',
      'Enter terms in days separated by commas, such as 30,90,180,365',
    ]);
    expect(api.calls('PUT', '/api/admin/settings')).toHaveLength(0);

    await replace(user, 'Loan interest rate (% a year)', '7.25');
    await replace(user, 'Loan terms (days)', '30,60,90');
    await replace(user, 'Loan limit, member level 3', '25000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Loan limit, member level 3: 20000.00 → 25000.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')[0]?.body).toEqual({
      loanAnnualRate: '7.25',
      loanTermsDays: '30,60,90',
      loanLimitLevel3: '25000.00',
    });
  });

  it('edits the retention windows in whole hours and days within their bounds', async () => {
    const api = stubSettingsServer();
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    const hours = 'Keep stored answers (Idempotency-Key, hours)';
    const days = 'Keep sent notifications (days)';
    expect(await screen.findByRole('heading', { name: 'Retention' })).toBeInTheDocument();
    expect(field(hours)).toHaveValue('48');
    expect(field(days)).toHaveValue('90');

    await replace(user, hours, '12');
    await replace(user, days, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitForTexts(document.body, ['Enter whole hours from 24 to 8760', 'Enter whole days from 7 to 3650']);
    expect(api.calls('PUT', '/api/admin/settings')).toHaveLength(0);

    await replace(user, hours, '72');
    await replace(user, days, '30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`${hours}: 48 → 72`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')[0]?.body).toEqual({
      idempotencyRetentionHours: '72',
      outboxRetentionDays: '30',
    });
  });

  it('switches the T+1 rule on, with the change confirmed as On', async () => {
    const api = stubSettingsServer();
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    const rule = await screen.findByRole('switch', {
      name: 'T+1: shares bought on a trading day can be sold from the next business day',
    });
    expect(rule).not.toBeChecked();
    expect(
      screen.getByText('Sale proceeds become withdrawable on the next business day either way.'),
    ).toBeInTheDocument();

    await user.click(rule);
    expect(rule).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('T+1: shares bought on a trading day can be sold from the next business day: Off → On'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')[0]?.body).toEqual({ tPlusOne: 'true' });
    await waitFor(() =>
      expect(
        screen.getByRole('switch', {
          name: 'T+1: shares bought on a trading day can be sold from the next business day',
        }),
      ).toBeChecked(),
    );
  });

  it('sends nothing when nothing changed', async () => {
    const api = stubSettingsServer();
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    await screen.findByRole('textbox', { name: 'Minimum deposit' });

    // 100 is the stored 100.00 written differently.
    await replace(user, 'Minimum deposit', '100');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Nothing has changed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/settings')).toHaveLength(0);
  });

  it('shows the server’s refusal and keeps the typed values', async () => {
    stubSettingsServer({ refuse: true });
    const { user } = await renderApp({ token: TOKEN, path: '/settings' });
    await screen.findByRole('textbox', { name: 'Minimum deposit' });

    await replace(user, 'Minimum bank transfer', '20');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('The input is invalid (from the server)')).toBeInTheDocument();
    expect(field('Minimum bank transfer')).toHaveValue('20');
  });
});
