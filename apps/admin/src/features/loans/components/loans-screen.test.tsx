import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminLoan } from '@bourse/shared/schemas/loans';
import { fail, ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { FINANCE, TOKEN, configRoute, money, pageOf, renderApp } from '../../../test/render-app.tsx';

function loanFixture(overrides: Partial<AdminLoan> = {}): AdminLoan {
  return {
    id: 5,
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
    userId: 7,
    phone: '+4915123456789',
    name: 'Erika Mustermann',
    ...overrides,
  };
}

/** A server holding loans that lists and decides them like the real one (two approvals when required). */
function stubLoanServer(initial: AdminLoan[]) {
  let loans = [...initial];
  const decide = (id: number, decision: 'pass' | 'reject', reason?: string) => {
    const current = loans.find((loan) => loan.id === id);
    if (!current || current.status !== 'pending') {
      return fail(409, 'LOAN_NOT_PENDING', 'This loan application has already been decided (server)');
    }
    let decided: AdminLoan;
    if (decision === 'reject') decided = { ...current, status: 'rejected', reason: reason ?? null };
    else {
      const approvals = current.approvals + 1;
      decided =
        approvals < current.approvalsRequired
          ? { ...current, approvals }
          : {
              ...current,
              approvals,
              status: 'passed',
              annualRate: '8.00',
              passedDate: '2026-11-26',
              dueDate: '2026-12-26',
              principalOutstanding: current.amount,
              owed: current.amount,
            };
    }
    loans = loans.map((loan) => (loan.id === id ? decided : loan));
    const { userId: _u, phone: _p, name: _n, ...answer } = decided;
    return ok(answer);
  };
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(FINANCE),
    'GET /api/admin/withdrawals': () => ok(pageOf([])),
    'GET /api/admin/loans': ({ query }: RecordedRequest) =>
      ok(pageOf(loans.filter((loan) => loan.status === query.get('status')))),
    'POST /api/admin/loans/5/pass': () => decide(5, 'pass'),
    'POST /api/admin/loans/5/reject': ({ body }) => decide(5, 'reject', (body as { reason: string }).reason),
  });
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((element) => element.textContent?.startsWith(title));
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

const rowOf = (phone: string) => {
  const row = screen.getByRole('link', { name: phone }).closest('tr');
  if (!row) throw new Error(`no row for ${phone}`);
  return row;
};

describe('loans console', () => {
  it('lists the queue with investor, amount, term and purpose, and passes after a confirmation', async () => {
    const api = stubLoanServer([loanFixture()]);
    const { user } = await renderApp({ token: TOKEN, path: '/loans' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Loans' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Applications', selected: true })).toBeInTheDocument();
    await screen.findByRole('link', { name: '+4915123456789' });
    const row = rowOf('+4915123456789');
    expect(row).toHaveTextContent('Erika Mustermann');
    expect(row).toHaveTextContent('30 days');
    expect(row).toHaveTextContent('New roof');
    expect(row).toHaveTextContent('0 / 1');
    expect(await within(row).findByText(money('1000.00'))).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/loans')[0]?.query.get('status')).toBe('pending');

    await user.click(within(row).getByRole('button', { name: 'Pass: +4915123456789' }));
    const dialog = await dialogTitled('Pass this loan application?');
    expect(dialog).toHaveTextContent('1000.00 will be paid into the cash of Erika Mustermann (+4915123456789).');
    await user.click(within(dialog).getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText('Loan passed: the principal has been paid out')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/loans/5/pass')).toHaveLength(1);
    expect(await screen.findByText('No applications waiting')).toBeInTheDocument();

    // The loan book shows what is owed and the interest accrued.
    await user.click(screen.getByRole('tab', { name: 'Loan book' }));
    await screen.findByRole('link', { name: '+4915123456789' });
    const booked = rowOf('+4915123456789');
    expect(booked).toHaveTextContent('8.00 %');
    expect(booked).toHaveTextContent('2026-12-26');
  });

  it('records the first of two approvals and says so', async () => {
    stubLoanServer([loanFixture({ amount: '20000.00', approvalsRequired: 2 })]);
    const { user } = await renderApp({ token: TOKEN, path: '/loans' });
    await user.click(await screen.findByRole('button', { name: 'Pass: +4915123456789' }));
    const dialog = await dialogTitled('Pass this loan application?');
    await user.click(within(dialog).getByRole('button', { name: 'Pass' }));
    expect(await screen.findByText('Approval recorded: a second operator must pass it')).toBeInTheDocument();
    await waitFor(() => expect(rowOf('+4915123456789')).toHaveTextContent('1 / 2'));
  });

  it('rejects only with a reason, sent to the investor', async () => {
    const api = stubLoanServer([loanFixture()]);
    const { user } = await renderApp({ token: TOKEN, path: '/loans' });
    await user.click(await screen.findByRole('button', { name: 'Reject: +4915123456789' }));
    const dialog = await dialogTitled('Reject this loan application');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(api.calls('POST', '/api/admin/loans/5/reject')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), 'Income not shown');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Loan application rejected')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/loans/5/reject')[0]?.body).toEqual({ reason: 'Income not shown' });
  });
});
