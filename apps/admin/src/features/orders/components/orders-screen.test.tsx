import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorInfo } from '@bourse/shared/schemas/admin';
import type { AdminOrder } from '@bourse/shared/schemas/trading';
import { ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { COMPLIANCE, FINANCE, TOKEN, configRoute, money, pageOf, renderApp } from '../../../test/render-app.tsx';

function orderFixture(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 501,
    code: 'TST',
    name: 'Test AG',
    side: 'buy',
    type: 'market',
    timeInForce: 'day',
    status: 'filled',
    lots: 2,
    quantity: 200,
    limitPrice: null,
    fillPrice: '12.34',
    gross: '2468.00',
    commission: '6.17',
    transactionFee: '0.25',
    stampDuty: '0.00',
    fees: '6.42',
    total: '2474.42',
    positionId: 77,
    rejectReason: null,
    rejectCode: null,
    createdAt: '2026-11-23T09:00:00.000Z',
    filledAt: '2026-11-23T09:00:00.000Z',
    expiresAt: null,
    cancelledAt: null,
    userId: 7,
    phone: '+4915123456789',
    ...overrides,
  };
}

const orders = [
  orderFixture(),
  orderFixture({
    id: 502,
    side: 'sell',
    type: 'limit',
    timeInForce: 'gtc',
    status: 'rejected',
    lots: null,
    quantity: 150,
    limitPrice: '13.5',
    fillPrice: null,
    gross: null,
    commission: null,
    transactionFee: null,
    stampDuty: null,
    fees: null,
    total: null,
    rejectReason: 'Trading in this instrument is switched off at the moment',
    rejectCode: 'TRADING_DISABLED',
    filledAt: null,
    userId: 8,
    phone: '+4915200000001',
  }),
];

/** A search server that filters like the real one (by user, code, status, side, fills). */
function stubOrderServer(operator: OperatorInfo) {
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(operator),
    'GET /api/admin/invitations': () => ok(pageOf([])),
    'GET /api/admin/withdrawals': () => ok(pageOf([])),
    'GET /api/admin/orders': ({ query }: RecordedRequest) => {
      const found = orders.filter(
        (order) =>
          (!query.get('userId') || order.userId === Number(query.get('userId'))) &&
          (!query.get('code') || order.code === query.get('code')) &&
          (!query.get('status') || order.status === query.get('status')) &&
          (!query.get('side') || order.side === query.get('side')) &&
          (query.get('fills') !== 'true' || order.status === 'filled'),
      );
      return ok(pageOf(found));
    },
  });
}

function rowOf(phone: string): HTMLElement {
  const row = screen.getByRole('link', { name: phone }).closest('tr');
  if (!row) throw new Error(`no table row for ${phone}`);
  return row;
}

describe('orders and fills', () => {
  it('lists orders with what was asked and what was filled, for a compliance operator too', async () => {
    const api = stubOrderServer(COMPLIANCE);
    await renderApp({ token: TOKEN, path: '/orders' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders & fills' })).toBeInTheDocument();
    await screen.findByRole('link', { name: '+4915123456789' });
    // Amounts carry the deployment currency once the public configuration has arrived.
    await waitFor(() => expect(within(rowOf('+4915123456789')).getByText(money('2468.00'))).toBeInTheDocument());
    const filled = rowOf('+4915123456789');
    expect(within(filled).getByText('Buy · Market')).toBeInTheDocument();
    expect(within(filled).getByText('2 lots (200 shares)')).toBeInTheDocument();
    expect(within(filled).getByText('Filled')).toBeInTheDocument();
    expect(within(filled).getByText('12.34')).toBeInTheDocument();
    expect(within(filled).getByText(money('2468.00'))).toBeInTheDocument();
    expect(within(filled).getByText(money('6.42'))).toBeInTheDocument();
    expect(within(filled).getByText(money('2474.42'))).toBeInTheDocument();
    const rejected = rowOf('+4915200000001');
    expect(within(rejected).getByText('Sell · Limit · Good till cancelled')).toBeInTheDocument();
    expect(within(rejected).getByText('150 shares')).toBeInTheDocument();
    expect(within(rejected).getByText('13.50')).toBeInTheDocument();
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('Trading in this instrument is switched off at the moment')).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/orders')[0]?.query.get('page')).toBe('1');
  });

  it('searches by user, instrument, status and fills, and keeps the search in the address', async () => {
    const api = stubOrderServer(FINANCE);
    const { user } = await renderApp({ token: TOKEN, path: '/orders' });
    await screen.findByRole('link', { name: '+4915123456789' });

    await user.type(screen.getByRole('textbox', { name: 'User ID' }), '8');
    await user.type(screen.getByRole('textbox', { name: 'Instrument code' }), 'tst');
    expect(screen.getByRole('textbox', { name: 'Instrument code' })).toHaveValue('TST');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: '+4915123456789' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: '+4915200000001' })).toBeInTheDocument();
    const last = api.calls('GET', '/api/admin/orders').at(-1);
    expect(last?.query.get('userId')).toBe('8');
    expect(last?.query.get('code')).toBe('TST');
    expect(last?.query.has('fills')).toBe(false);
    expect(window.location.hash).toContain('userId=8');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Fills only (by fill time)' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls('GET', '/api/admin/orders').at(-1)?.query.get('fills')).toBe('true'));
    expect(await screen.findByRole('link', { name: '+4915123456789' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: '+4915200000001' })).not.toBeInTheDocument());
  });

  it('sends a date range as the instants that bound those days', async () => {
    const api = stubOrderServer(FINANCE);
    const { user } = await renderApp({ token: TOKEN, path: '/orders?from=2026-11-01&to=2026-11-23' });
    await screen.findByRole('link', { name: '+4915123456789' });
    const first = api.calls('GET', '/api/admin/orders')[0];
    // From the start of 1 November to the end of 23 November, in the operator's zone.
    expect(first?.query.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    expect(first?.query.get('to')).toBe(new Date(2026, 10, 24).toISOString());
    expect(screen.getByLabelText('From (date)')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To (date)')).toHaveValue('2026-11-23');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls('GET', '/api/admin/orders').length).toBeGreaterThanOrEqual(1));
  });

  it('refuses a malformed user ID, code or range before searching', async () => {
    const api = stubOrderServer(FINANCE);
    const { user } = await renderApp({
      token: TOKEN,
      path: '/orders?from=2026-11-23&to=2026-11-01',
    });
    await screen.findByRole('link', { name: '+4915123456789' });
    const before = api.calls('GET', '/api/admin/orders').length;

    await user.type(screen.getByRole('textbox', { name: 'User ID' }), 'abc');
    await user.type(screen.getByRole('textbox', { name: 'Instrument code' }), 'a b');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Enter a user ID: a whole number of at least 1')).toBeInTheDocument();
    // Each field's message appears when its own validation settles: wait for each.
    expect(
      await screen.findByText('Enter an instrument code: 1 to 12 capital letters, digits, dots or dashes'),
    ).toBeInTheDocument();
    expect(await screen.findByText('The start date must not be after the end date')).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/orders')).toHaveLength(before);
  });
});
