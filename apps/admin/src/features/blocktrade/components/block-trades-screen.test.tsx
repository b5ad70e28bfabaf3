import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminBlockOrder, BlockOffer, BlockOfferBody } from '@bourse/shared/schemas/blocktrade';
import { fail, ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { FINANCE, TOKEN, configRoute, money, pageOf, renderApp } from '../../../test/render-app.tsx';

const OFFER: BlockOffer = {
  id: 2,
  code: 'SAP',
  name: 'SAP SE',
  price: '175.50',
  minQuantity: 1000,
  availableQuantity: 40_000,
  totalQuantity: 50_000,
  startsAt: '2026-11-24T08:00:00.000Z',
  endsAt: '2026-12-04T16:00:00.000Z',
  status: 'open',
  createdAt: '2026-11-23T10:00:00.000Z',
};

// 2,000 shares × 175.50 = 351,000.00 held at ordering.
function orderFixture(overrides: Partial<AdminBlockOrder> = {}): AdminBlockOrder {
  return {
    id: 12,
    offerId: 2,
    code: 'SAP',
    name: 'SAP SE',
    price: '175.50',
    quantity: 2000,
    amount: '351000.00',
    status: 'pending',
    reason: null,
    positionId: null,
    createdAt: '2026-11-25T09:00:00.000Z',
    decidedAt: null,
    approvals: 0,
    approvalsRequired: 1,
    userId: 7,
    phone: '+4915123456789',
    ...overrides,
  };
}

/**
 * A server holding block orders and offers that lists and decides them like the real one.
 * `approvalsRequired` 2 is an order above the four-eyes threshold: the first approval leaves it pending.
 */
function stubBlockTradeServer(initial: AdminBlockOrder[], options: { offers?: BlockOffer[] } = {}) {
  let orders = [...initial];
  let offers = [...(options.offers ?? [OFFER])];
  const decide = (id: number, decision: 'approve' | 'reject', reason?: string) => {
    const current = orders.find((order) => order.id === id);
    if (!current || current.status !== 'pending') {
      return fail(409, 'BLOCK_ORDER_NOT_PENDING', 'This block order was already decided (from the server)');
    }
    let decided: AdminBlockOrder;
    if (decision === 'reject') {
      decided = { ...current, status: 'rejected', reason: reason ?? null, decidedAt: '2026-11-26T10:00:00.000Z' };
    } else {
      const approvals = current.approvals + 1;
      decided =
        approvals < current.approvalsRequired
          ? { ...current, approvals }
          : { ...current, approvals, status: 'approved', positionId: 301, decidedAt: '2026-11-26T10:00:00.000Z' };
    }
    orders = orders.map((order) => (order.id === id ? decided : order));
    // The real route answers the order as the investor sees it: without the investor's id and phone.
    const { userId: _userId, phone: _phone, ...answer } = decided;
    return ok(answer);
  };
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(FINANCE),
    'GET /api/admin/withdrawals': () => ok(pageOf([])),
    'GET /api/admin/blocktrade/orders': ({ query }: RecordedRequest) =>
      ok(pageOf(orders.filter((order) => order.status === query.get('status')))),
    'GET /api/admin/blocktrade/offers': () => ok(pageOf(offers)),
    'POST /api/admin/blocktrade/offers': ({ body }) => {
      const input = body as BlockOfferBody;
      if (input.code === 'NONE') return fail(404, 'INSTRUMENT_NOT_FOUND', 'No instrument with this code (server)');
      const created: BlockOffer = {
        ...OFFER,
        ...input,
        id: 3,
        name: input.code,
        availableQuantity: input.totalQuantity,
        createdAt: '2026-11-26T10:00:00.000Z',
      };
      offers = [created, ...offers];
      return ok(created);
    },
    'POST /api/admin/blocktrade/orders/12/approve': () => decide(12, 'approve'),
    'POST /api/admin/blocktrade/orders/12/reject': ({ body }) =>
      decide(12, 'reject', (body as { reason: string }).reason),
  });
}

function rowOf(phone: string): HTMLElement {
  const row = screen.getByRole('link', { name: phone }).closest('tr');
  if (!row) throw new Error(`no table row for ${phone}`);
  return row;
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((element) => element.textContent?.startsWith(title));
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

describe('block trades', () => {
  it('lists pending orders with investor, instrument, quantity, price and amount, and the offers', async () => {
    const api = stubBlockTradeServer([orderFixture()]);
    await renderApp({ token: TOKEN, path: '/block-trades' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Block trades' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Pending', selected: true })).toBeInTheDocument();
    await screen.findByRole('link', { name: '+4915123456789' });
    const row = rowOf('+4915123456789');
    expect(within(row).getByRole('link', { name: '+4915123456789' })).toHaveAttribute('href', '#/users/7');
    expect(row).toHaveTextContent('SAP SE');
    expect(row).toHaveTextContent('2000');
    expect(row).toHaveTextContent('175.50');
    expect(row).toHaveTextContent('0 of 1');
    expect(await within(row).findByText(money('351000.00'))).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/blocktrade/orders')[0]?.query.get('status')).toBe('pending');

    const offers = screen.getByRole('region', { name: 'Offers' });
    expect(offers).toHaveTextContent('SAP SE');
    expect(offers).toHaveTextContent('40000 of 50000');
    expect(offers).toHaveTextContent('1000');
    expect(offers).toHaveTextContent('Open');
  });

  it('says when there are no orders and no offers', async () => {
    stubBlockTradeServer([], { offers: [] });
    await renderApp({ token: TOKEN, path: '/block-trades' });
    expect(await screen.findByText('No orders with this status')).toBeInTheDocument();
    expect(await screen.findByText('No offers yet')).toBeInTheDocument();
  });

  it('approves only after a confirmation showing what is bought, by whom and for how much', async () => {
    const api = stubBlockTradeServer([orderFixture()]);
    const { user } = await renderApp({ token: TOKEN, path: '/block-trades' });

    await user.click(await screen.findByRole('button', { name: 'Approve: block order 12' }));
    let dialog = await dialogTitled('Approve block order 12?');
    expect(dialog).toHaveTextContent('+4915123456789 (user 7)');
    expect(dialog).toHaveTextContent('SAP SAP SE');
    expect(dialog).toHaveTextContent('2000');
    expect(dialog).toHaveTextContent('175.50');
    expect(within(dialog).getByText(money('351000.00'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST', '/api/admin/blocktrade/orders/12/approve')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve: block order 12' }));
    dialog = await dialogTitled('Approve block order 12?');
    const offersListed = api.calls('GET', '/api/admin/blocktrade/offers').length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Block order 12 approved')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/blocktrade/orders/12/approve')[0]?.body).toBeUndefined();
    // The queue and the offers (whose available quantity an approval takes from) are asked again.
    expect(await screen.findByText('No orders with this status')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/admin/blocktrade/offers').length).toBeGreaterThan(offersListed));
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    await screen.findByRole('link', { name: '+4915123456789' });
    expect(rowOf('+4915123456789')).toHaveTextContent('Approved');
  });

  it('says a first approval under four eyes is recorded, not carried out, and keeps the order pending', async () => {
    stubBlockTradeServer([orderFixture({ approvalsRequired: 2 })]);
    const { user } = await renderApp({ token: TOKEN, path: '/block-trades' });

    await user.click(await screen.findByRole('button', { name: 'Approve: block order 12' }));
    const dialog = await dialogTitled('Approve block order 12?');
    expect(dialog).toHaveTextContent('0 of 2');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(
      await screen.findByText(
        'Your approval of block order 12 is recorded (1 of 2): it is carried out only once another operator approves it',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Block order 12 approved')).not.toBeInTheDocument();
    await waitFor(() => expect(rowOf('+4915123456789')).toHaveTextContent('1 of 2'));
    expect(rowOf('+4915123456789')).toHaveTextContent('Pending');
  });

  it('rejects only with a reason, which it sends trimmed', async () => {
    const api = stubBlockTradeServer([orderFixture()]);
    const { user } = await renderApp({ token: TOKEN, path: '/block-trades' });

    await user.click(await screen.findByRole('button', { name: 'Reject: block order 12' }));
    const dialog = await dialogTitled('Reject block order 12');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (sent to the investor)'), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/blocktrade/orders/12/reject')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason (sent to the investor)'), 'Offer withdrawn by the seller ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Block order 12 rejected')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/blocktrade/orders/12/reject').map((call) => call.body)).toEqual([
      { reason: 'Offer withdrawn by the seller' },
    ]);
    expect(api.calls('POST', '/api/admin/blocktrade/orders/12/approve')).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByText('Offer withdrawn by the seller')).toBeInTheDocument();
  });

  it('shows the server’s refusal when another operator decided first, closes the dialog and refreshes', async () => {
    const api = stubBlockTradeServer([orderFixture()]);
    const { user } = await renderApp({ token: TOKEN, path: '/block-trades' });
    await user.click(await screen.findByRole('button', { name: 'Approve: block order 12' }));
    const dialog = await dialogTitled('Approve block order 12?');
    // Someone else approves it in the meantime.
    await fetch('/api/admin/blocktrade/orders/12/approve', { method: 'POST' });
    const listed = api.calls('GET', '/api/admin/blocktrade/orders').length;

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('This block order was already decided (from the server)')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/admin/blocktrade/orders').length).toBeGreaterThan(listed));
    expect(await screen.findByText('No orders with this status')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks a new offer before sending it with a decimal price, whole quantities and UTC times', async () => {
    const api = stubBlockTradeServer([]);
    const { user } = await renderApp({ token: TOKEN, path: '/block-trades' });
    await screen.findByText('No orders with this status');

    await user.click(screen.getByRole('button', { name: 'New offer' }));
    const drawer = await dialogTitled('New block-trade offer');
    const field = (label: string) => within(drawer).getByLabelText(label);
    const submit = () => user.click(within(drawer).getByRole('button', { name: 'List offer' }));
    await submit();
    await waitFor(() => expect(within(drawer).getAllByText('Enter a value')).toHaveLength(6));

    await user.type(field('Instrument code'), 'none');
    await user.type(field('Price'), '175.123456');
    await user.type(field('Shares offered'), '5000');
    await user.type(field('Minimum order (shares)'), '6000');
    fireEvent.change(field('Opens'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(field('Closes'), { target: { value: '2026-11-30T17:00' } });
    await submit();
    // antd replaces a field's message element as its validation settles: all are checked together.
    await waitFor(() => {
      for (const message of [
        'Enter a price above 0 with at most 4 decimals, such as 12.50',
        'Cannot be more than the shares offered',
        'Must be after the offer opens',
      ]) {
        expect(within(drawer).getByText(message)).toBeInTheDocument();
      }
    });
    expect(api.calls('POST', '/api/admin/blocktrade/offers')).toHaveLength(0);

    await user.clear(field('Price'));
    await user.type(field('Price'), '175.5');
    await user.clear(field('Minimum order (shares)'));
    await user.type(field('Minimum order (shares)'), '500');
    fireEvent.change(field('Closes'), { target: { value: '2026-12-05T17:00' } });
    await submit();
    // The server's refusal stays in the form, which keeps what was typed.
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('No instrument with this code (server)');

    await user.clear(field('Instrument code'));
    await user.type(field('Instrument code'), 'sap');
    await submit();
    expect(await screen.findByText('Offer of SAP listed')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/blocktrade/offers').at(-1)?.body).toEqual({
      code: 'SAP',
      price: '175.5',
      minQuantity: 500,
      totalQuantity: 5000,
      startsAt: new Date(2026, 11, 1, 9, 0).toISOString(),
      endsAt: new Date(2026, 11, 5, 17, 0).toISOString(),
    });
    expect(await screen.findByText('5000 of 5000')).toBeInTheDocument();
  });
});
