import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import type { Loan, LoanOffer } from '@bourse/shared/schemas/loans';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, never, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleAssets } from '../../../test/wallet-samples';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const withPassword: UserInfo = { ...sampleUser, hasTradingPassword: true };

const offer: LoanOffer = {
  annualRate: '8.00',
  termsDays: [30, 90, 180, 365],
  level: 2,
  limit: '10000.00',
  available: '10000.00',
  hasPending: false,
  identityVerified: true,
  currency: 'EUR',
};

function sampleLoan(overrides: Partial<Loan> = {}): Loan {
  return {
    id: 7,
    amount: '1000.00',
    termDays: 30,
    purpose: 'New roof',
    status: 'pending',
    reason: null,
    annualRate: null,
    createdAt: '2026-11-23T09:00:00.000Z',
    decidedAt: null,
    passedDate: null,
    dueDate: null,
    principalOutstanding: '0.00',
    interestOutstanding: '0.00',
    owed: '0.00',
    interestAccrued: '0.00',
    repaid: '0.00',
    repaidAt: null,
    repaidOnTime: null,
    approvals: 0,
    approvalsRequired: 1,
    ...overrides,
  };
}
const passedLoan = sampleLoan({
  status: 'passed',
  annualRate: '8.00',
  passedDate: '2026-11-23',
  dueDate: '2026-12-23',
  principalOutstanding: '1000.00',
  interestOutstanding: '0.65',
  owed: '1000.65',
  approvals: 1,
});

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: withPassword });
  useSessionStore.getState().setConfig(sampleConfig);
}

function serve(overrides: Record<string, (request: SentRequest) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/user/info': () => ok(withPassword),
    'GET /api/user/assets': () => ok({ ...sampleAssets, available: '1250.00' }),
    'GET /api/loans/offer': () => ok(offer),
    'GET /api/loans': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
    ...overrides,
  });
}
const sentTo = (sent: SentRequest[], route: string) =>
  sent.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

describe('loans (/loan, /loan/records, /loan/:id)', () => {
  it('applies: the limit shown, the amount checked, a term from the list, the purpose; then the records', async () => {
    logIn();
    let applied = false;
    const { sent } = serve({
      'POST /api/loans': () => {
        applied = true;
        return ok(sampleLoan());
      },
      'GET /api/loans': () =>
        ok({ items: applied ? [sampleLoan()] : [], total: applied ? 1 : 0, page: 1, pageSize: 20 }),
    });
    const user = userEvent.setup();
    renderApp('/loan');

    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for a loan' })).toBeInTheDocument();
    expect(await screen.findByText('You can borrow up to €10,000.00 (member level 2)')).toBeInTheDocument();
    expect(screen.getByText('Annual interest rate: 8.00 %')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit application' });
    await user.click(submit);
    expect(screen.getByText('Enter an amount greater than 0 with at most two decimals')).toBeInTheDocument();
    expect(screen.getByText('Choose a term')).toBeInTheDocument();
    expect(screen.getByText('Enter the purpose of the loan')).toBeInTheDocument();
    const amount = screen.getByLabelText('Loan amount');
    for (const bad of ['0', '0.001', '1e20', '-5']) {
      await user.clear(amount);
      await user.type(amount, bad);
      expect(screen.getByText('Enter an amount greater than 0 with at most two decimals')).toBeInTheDocument();
    }
    await user.clear(amount);
    await user.type(amount, '10000.01');
    expect(screen.getByText('The amount is above your limit of €10,000.00')).toBeInTheDocument();
    await user.click(submit);
    expect(sentTo(sent, 'POST /api/loans')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1000');
    const terms = screen.getByRole('group', { name: 'Term' });
    expect(
      within(terms)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['30 days', '90 days', '180 days', '365 days']);
    await user.click(within(terms).getByRole('radio', { name: '30 days' }));
    await user.type(screen.getByLabelText('Purpose'), 'New roof');
    await user.click(submit);

    expect(await screen.findByText('Application submitted, the provider will contact you')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan records' })).toBeInTheDocument();
    const [request] = sentTo(sent, 'POST /api/loans');
    expect(request!.body).toEqual({ amount: '1000.00', termDays: 30, purpose: 'New roof' });
    expect(request!.headers['idempotency-key']).toMatch(UUID);
    const records = await screen.findByRole('list', { name: 'Loan records' });
    expect(within(records).getByText('Pending')).toBeInTheDocument();
  });

  it('says "submission failed, try again later" when the application does not get through', async () => {
    logIn();
    serve({ 'POST /api/loans': () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = userEvent.setup();
    renderApp('/loan');
    await user.type(await screen.findByLabelText('Loan amount'), '500');
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await user.type(screen.getByLabelText('Purpose'), 'Car');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Submission failed, try again later')).toBeInTheDocument();
  });

  it('shows the server’s refusal about the amount at the amount', async () => {
    logIn();
    serve({ 'POST /api/loans': () => failure(422, 'LOAN_ABOVE_LIMIT', 'Above your limit: at most 400.00') });
    const user = userEvent.setup();
    renderApp('/loan');
    await user.type(await screen.findByLabelText('Loan amount'), '500');
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await user.type(screen.getByLabelText('Purpose'), 'Car');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByLabelText('Loan amount')).toHaveAccessibleDescription(/Above your limit: at most 400.00/);
  });

  it('tells an investor with a pending application, or without verified identity, instead of the form', async () => {
    logIn();
    serve({ 'GET /api/loans/offer': () => ok({ ...offer, hasPending: true }) });
    const { unmount } = renderApp('/loan');
    expect(
      await screen.findByText('Your application is waiting for a decision. You can apply again once it is decided.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Loan amount')).not.toBeInTheDocument();
    unmount();
    serve({ 'GET /api/loans/offer': () => ok({ ...offer, identityVerified: false }) });
    renderApp('/loan');
    expect(await screen.findByText('Verify your identity before applying for a loan.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loan amount')).not.toBeInTheDocument();
  });

  it('says what to do when there is no loan, and a loading state before', async () => {
    logIn();
    serve({ 'GET /api/loans': never });
    const { unmount } = renderApp('/loan/records');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan records' })).toBeInTheDocument();
    expect(screen.queryByText('No loans yet. Apply for one when you need more buying power.')).not.toBeInTheDocument();
    unmount();
    serve();
    renderApp('/loan/records');
    expect(await screen.findByText('No loans yet. Apply for one when you need more buying power.')).toBeInTheDocument();
    const state = screen.getByRole('status');
    expect(within(state).getByRole('link', { name: 'Apply for a loan' })).toHaveAttribute('href', '/loan');
  });

  it('shows what is owed and repays with the trading password, interest first', async () => {
    logIn();
    const { sent } = serve({
      'GET /api/loans/7': () => ok(passedLoan),
      'POST /api/loans/7/repay': () =>
        ok({
          loan: { ...passedLoan, principalOutstanding: '900.15', interestOutstanding: '0.00', owed: '900.15' },
          amount: '100.50',
          interestPaid: '0.65',
          principalPaid: '99.85',
        }),
    });
    const user = userEvent.setup();
    renderApp('/loan/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan details' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Loan details' });
    expect(within(summary).getByText('Principal outstanding').nextElementSibling).toHaveTextContent('€1,000.00');
    expect(within(summary).getByText('Interest outstanding').nextElementSibling).toHaveTextContent('€0.65');
    expect(within(summary).getByText('Owed').nextElementSibling).toHaveTextContent('€1,000.65');
    expect(within(summary).getByText('Due date').nextElementSibling).toHaveTextContent('2026-12-23');
    expect(screen.getByText('Available cash: €1,250.00')).toBeInTheDocument();

    const amount = screen.getByLabelText('Repayment amount');
    await user.type(amount, '1000.66');
    await user.type(screen.getByLabelText('Trading password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Repay' }));
    expect(screen.getByText(/You cannot repay more than you owe/)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '100.50');
    await user.click(screen.getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(sentTo(sent, 'POST /api/loans/7/repay')).toHaveLength(1));
    const [request] = sentTo(sent, 'POST /api/loans/7/repay');
    expect(request!.body).toEqual({ amount: '100.50', tradingPassword: '123456' });
    expect(request!.headers['idempotency-key']).toMatch(UUID);
    expect(await screen.findByText('Repayment received')).toBeInTheDocument();
  });

  it('puts a trading-password refusal under the password (cleared) and an amount refusal under the amount', async () => {
    logIn();
    let calls = 0;
    serve({
      'GET /api/loans/7': () => ok(passedLoan),
      'POST /api/loans/7/repay': () => {
        calls += 1;
        return calls === 1
          ? failure(422, 'TRADING_PASSWORD_WRONG', 'The trading password is wrong')
          : failure(422, 'INSUFFICIENT_FUNDS', 'Not enough cash');
      },
    });
    const user = userEvent.setup();
    renderApp('/loan/7');
    const amount = await screen.findByLabelText('Repayment amount');
    const password = screen.getByLabelText('Trading password');
    await user.type(amount, '100.50');
    await user.type(password, '123456');
    await user.click(screen.getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/The trading password is wrong/));
    expect(password).toHaveValue('');
    expect(amount).not.toHaveAccessibleDescription(/wrong/);

    await user.type(password, '654321');
    expect(password).not.toHaveAccessibleDescription(/The trading password is wrong/);
    await user.click(screen.getByRole('button', { name: 'Repay' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/Not enough cash/));
    expect(password).toHaveValue('654321');
  });

  it('shows each status in the records, the reason of a rejection, and a repaid loan as repaid on time', async () => {
    logIn();
    const repaid = sampleLoan({
      id: 8,
      status: 'repaid',
      annualRate: '8.00',
      passedDate: '2026-11-01',
      dueDate: '2026-12-01',
      repaid: '1000.85',
      interestAccrued: '0.85',
      repaidAt: '2026-11-27T09:00:00.000Z',
      repaidOnTime: true,
    });
    serve({
      'GET /api/loans': () =>
        ok({
          items: [
            sampleLoan(),
            { ...passedLoan, id: 9 },
            sampleLoan({ id: 10, status: 'rejected', reason: 'Income not shown' }),
            repaid,
          ],
          total: 4,
          page: 1,
          pageSize: 20,
        }),
      'GET /api/loans/8': () => ok(repaid),
    });
    const user = userEvent.setup();
    renderApp('/loan/records');
    const records = await screen.findByRole('list', { name: 'Loan records' });
    for (const status of ['Pending', 'Approved', 'Rejected', 'Repaid']) {
      expect(within(records).getByText(status)).toBeInTheDocument();
    }
    expect(within(records).getByText('Reason: Income not shown')).toBeInTheDocument();
    expect(within(records).getByText('€1,000.65')).toBeInTheDocument();
    await user.click(within(records).getAllByRole('link', { name: '€1,000.00' }).at(-1)!);
    const summary = await screen.findByRole('region', { name: 'Loan details' });
    expect(within(summary).getByText('Repaid on time')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repay' })).not.toBeInTheDocument();
  });

  it('is reached from the Me page', async () => {
    logIn();
    serve();
    const user = userEvent.setup();
    renderApp('/my');
    await user.click(await screen.findByRole('link', { name: 'Loans' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for a loan' })).toBeInTheDocument();
  });
});
