import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LedgerReport } from '@bourse/shared/schemas/admin';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { FINANCE, TOKEN, pageOf, renderApp } from '../../../test/render-app.tsx';

function stubLedger(answer: () => ReturnType<typeof ok>) {
  return stubApi({
    'GET /api/admin/me': () => ok(FINANCE),
    'GET /api/admin/withdrawals': () => ok(pageOf([])),
    'POST /api/admin/ledger/verify': answer,
  });
}

describe('ledger check', () => {
  it('verifies only when asked, then lists every problem with the counts checked', async () => {
    const report: LedgerReport = {
      ok: false,
      checked: { accounts: 1204, entries: 5310, postings: 11020, holds: 37 },
      problems: ['account user:7:cash:EUR: cached balance 10000 ≠ postings 9000', 'user 7: frozen 500 ≠ open holds 0'],
    };
    const api = stubLedger(() => ok(report));
    const { user } = await renderApp({ token: TOKEN, path: '/ledger' });

    const verify = await screen.findByRole('button', { name: 'Verify ledger' });
    expect(api.calls('POST', '/api/admin/ledger/verify')).toHaveLength(0);
    await user.click(verify);

    expect(await screen.findByText('Problems found: 2')).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(report.problems);
    for (const [label, value] of [
      ['Accounts', '1,204'],
      ['Journal entries', '5,310'],
      ['Postings', '11,020'],
      ['Holds', '37'],
    ]) {
      const cell = screen.getByText(label as string).closest('th');
      expect(cell?.nextElementSibling).toHaveTextContent(value as string);
    }
    expect(screen.queryByText('The ledger is consistent')).not.toBeInTheDocument();
    const [call] = api.calls('POST', '/api/admin/ledger/verify');
    expect(call?.headers.get('token')).toBe(TOKEN);
  });

  it('says so when the ledger is consistent', async () => {
    stubLedger(() => ok({ ok: true, checked: { accounts: 3, entries: 2, postings: 4, holds: 0 }, problems: [] }));
    const { user } = await renderApp({ token: TOKEN, path: '/ledger' });

    await user.click(await screen.findByRole('button', { name: 'Verify ledger' }));

    expect(await screen.findByText('The ledger is consistent')).toBeInTheDocument();
    expect(screen.queryByText(/Problems found/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the check cannot run', async () => {
    stubLedger(() => fail(503, 'SERVICE_UNAVAILABLE', 'Temporarily unavailable (from the server)'));
    const { user } = await renderApp({ token: TOKEN, path: '/ledger' });

    await user.click(await screen.findByRole('button', { name: 'Verify ledger' }));

    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      'Temporarily unavailable (from the server)',
    );
  });
});
