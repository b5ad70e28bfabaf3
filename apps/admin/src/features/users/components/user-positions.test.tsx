import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Position } from '@bourse/shared/schemas/trading';
import { ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { SUPPORT, TOKEN, configRoute, money, pageOf, renderApp } from '../../../test/render-app.tsx';
import type { AdminUserDetail } from '@bourse/shared/schemas/admin-users';

const DETAIL: AdminUserDetail = {
  user: {
    id: 7,
    phone: '+4915123456789',
    nickname: 'ada',
    kycStatus: 'approved',
    status: 'active',
    level: 1,
    creditPoints: 0,
    createdAt: '2026-10-01T08:00:00.000Z',
  },
  balances: { cash: '7525.58', frozen: '0.00', fund: '0.00', fundPending: '0.00', redeemPending: '0.00', loan: '0.00' },
  entries: [],
  cards: [],
  sessions: [],
};

function lot(overrides: Partial<Position>): Position {
  return {
    id: 77,
    code: 'TST',
    name: 'Test AG',
    status: 'open',
    quantity: 50,
    originalQuantity: 200,
    sellable: 50,
    buyPrice: '12.34',
    buyValue: '2468.00',
    buyCommission: '6.17',
    buyTransactionFee: '0.25',
    buyFees: '6.42',
    capital: '2474.42',
    remainingCapital: '618.60',
    buyTime: '2026-11-23T09:00:00.000Z',
    buyDate: '2026-11-23',
    lastPrice: '13.01',
    marketValue: '650.50',
    floatingPnl: '33.50',
    floatingPnlPct: '5.43',
    sales: [],
    trades: 2,
    realizedPnl: '87.03',
    realizedPnlPct: '4.69',
    sellPrice: '13.00',
    sellType: 'market',
    sellTime: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

const OPEN = lot({});
const CLOSED = lot({
  id: 76,
  status: 'closed',
  quantity: 0,
  marketValue: '0.00',
  floatingPnl: '0.00',
  realizedPnl: '112.71',
});

function stubServer() {
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(SUPPORT),
    'GET /api/admin/invitations': () => ok(pageOf([])),
    'GET /api/admin/users/7': () => ok(DETAIL),
    'GET /api/admin/users/7/positions': ({ query }: RecordedRequest) =>
      ok(query.get('status') === 'open' ? [OPEN] : [OPEN, CLOSED]),
  });
}

describe('a user’s positions', () => {
  it('shows the open lots with cost, value and P/L, the sold-out ones on request, and links to the orders', async () => {
    const api = stubServer();
    const { user } = await renderApp({ token: TOKEN, path: '/users/7' });

    const section = await screen.findByRole('region', { name: 'Positions' });
    const row = (await within(section).findByText('77')).closest('tr') as HTMLElement;
    expect(within(row).getByText('50 of 200')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByText('12.34')).toBeInTheDocument();
    expect(within(row).getByText(money('2474.42'))).toBeInTheDocument();
    expect(within(row).getByText(money('650.50'))).toBeInTheDocument();
    expect(within(row).getByText(money('33.50'))).toBeInTheDocument();
    expect(within(row).getByText(money('87.03'))).toBeInTheDocument();
    expect(within(section).queryByText('76')).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/users/7/positions')[0]?.query.get('status')).toBe('open');

    await user.click(within(section).getByRole('checkbox', { name: 'Include sold-out positions' }));
    const closed = (await within(section).findByText('76')).closest('tr') as HTMLElement;
    expect(within(closed).getByText('Sold out')).toBeInTheDocument();
    expect(within(closed).getByText(money('112.71'))).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('GET', '/api/admin/users/7/positions').at(-1)?.query.has('status')).toBe(false),
    );

    expect(within(section).getByRole('link', { name: 'Orders & fills' })).toHaveAttribute('href', '#/orders?userId=7');
  });
});
