import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  AdminBlockOffer,
  AdminBlockOrder,
  BlockOfferBody,
  BlockOfferPatch,
} from '@bourse/shared/schemas/blocktrade';
import { fail, ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { FINANCE, TOKEN, configRoute, money, pageOf, renderApp, waitForTexts } from '../../../test/render-app.tsx';

const OFFER: AdminBlockOffer = {
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
  pendingOrders: 0,
  pendingQuantity: 0,
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
function stubBlockTradeServer(initial: AdminBlockOrder[], options: { offers?: AdminBlockOffer[] } = {}) {
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
      const created: AdminBlockOffer = {
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
    // Like the server: price and minimum are locked while orders are pending; what approvals took
    // stays in the total.
    'PUT /api/admin/blocktrade/offers/2': ({ body }) => {
      const patch = body as BlockOfferPatch;
      const current = offers.find((offer) => offer.id === 2);
      if (!current || current.status !== 'open') {
        return fail(409, 'BLOCK_OFFER_NOT_EDITABLE', 'This offer can no longer be changed (from the server)');
      }
      if (current.pendingOrders > 0 && (patch.price !== undefined || patch.minQuantity !== undefined)) {
        return fail(409, 'BLOCK_OFFER_TERMS_LOCKED', 'Price and minimum are locked (from the server)');
      }
      const taken = current.totalQuantity - current.availableQuantity;
      const edited = {
        ...current,
        ...patch,
        totalQuantity: taken + (patch.availableQuantity ?? current.availableQuantity),
      };
      offers = offers.map((offer) => (offer.id === 2 ? edited : offer));
      return ok(edited);
    },
    'POST /api/admin/blocktrade/offers/2/cancel': ({ body }) => {
      const current = offers.find((offer) => offer.id === 2);
      if (!current || current.status === 'cancelled') {
        return fail(409, 'BLOCK_OFFER_ALREADY_CANCELLED', 'This offer was already withdrawn (from the server)');
      }
      const { reason } = body as { reason: string };
      orders = orders.map((order) =>
        order.offerId === 2 && order.status === 'pending' ? { ...order, status: 'rejected', reason } : order,
      );
      const cancelled: AdminBlockOffer = { ...current, status: 'cancelled', pendingOrders: 0, pendingQuantity: 0 };
      offers = offers.map((offer) => (offer.id === 2 ? cancelled : offer));
      return ok(cancelled);
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
    await waitForTexts(drawer, [
      'Enter a price above 0 with at most 4 decimals, such as 12.50',
      'Cannot be more than the shares offered',
      'Must be after the offer opens',
    ]);
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

  it('writes the largest quantity in the console language’s own digit groups (Portuguese: pt-PT)', async () => {
    stubBlockTradeServer([]);
    const { user } = await renderApp({ token: TOKEN, path: '/block-trades', language: 'pt' });
    await screen.findByText('Nenhuma ordem com este estado');

    await user.click(screen.getByRole('button', { name: 'Nova oferta' }));
    const drawer = await dialogTitled('Nova oferta em bloco');
    await user.type(within(drawer).getByLabelText('Ações oferecidas'), '0');
    await user.click(within(drawer).getByRole('button', { name: 'Publicar oferta' }));
    // Grouped by (no-break) spaces as everywhere else in the console, not "1.000.000.000.000" (Brazilian
    // Portuguese, what the bare language code formats). Testing Library reads the no-break spaces as spaces.
    await waitForTexts(drawer, ['Introduza um número inteiro de 1 a 1 000 000 000 000']);
  });

  it('edits an offer prefilled with its terms, sending only what changed', async () => {
    const api = stubBlockTradeServer([]);
    const { user } = await renderApp({ token: TOKEN, path: '/block-trades' });
    const offers = await screen.findByRole('region', { name: 'Offers' });
    await user.click(await within(offers).findByRole('button', { name: 'Edit: SAP (No. 2)' }));
    const drawer = await dialogTitled('Edit offer 2 (SAP)');
    const field = (label: string) => within(drawer).getByLabelText(label);
    const submit = () => user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    expect(field('Price')).toHaveValue('175.50');
    expect(field('Minimum order (shares)')).toHaveValue('1000');
    expect(field('Shares available')).toHaveValue('40000');
    expect(field('Price')).toBeEnabled();
    expect(within(drawer).queryByLabelText('Instrument code')).not.toBeInTheDocument();

    await submit();
    expect(await screen.findByText('Nothing has changed')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/blocktrade/offers/2')).toHaveLength(0);

    // 10,000 shares were taken by approvals: the minimum may be at most 10,000 + what is left.
    await user.clear(field('Minimum order (shares)'));
    await user.type(field('Minimum order (shares)'), '50001');
    await user.clear(field('Shares available'));
    await user.type(field('Shares available'), '-1');
    await submit();
    await waitFor(() => {
      expect(within(drawer).getByText('Enter a whole number from 0 to 1,000,000,000,000')).toBeInTheDocument();
    });
    await user.clear(field('Shares available'));
    await user.type(field('Shares available'), '40000');
    await submit();
    expect(await within(drawer).findByText('Cannot be more than the shares offered')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/blocktrade/offers/2')).toHaveLength(0);

    await user.clear(field('Minimum order (shares)'));
    await user.type(field('Minimum order (shares)'), '1000');
    await user.clear(field('Price'));
    await user.type(field('Price'), '180');
    await user.clear(field('Shares available'));
    await user.type(field('Shares available'), '30000');
    fireEvent.change(field('Closes'), { target: { value: '2026-12-10T17:00' } });
    await submit();
    expect(await screen.findByText('Changes to offer 2 saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/blocktrade/offers/2').map((call) => call.body)).toEqual([
      { price: '180', availableQuantity: 30_000, endsAt: new Date(2026, 11, 10, 17, 0).toISOString() },
    ]);
    expect(await within(offers).findByText('30000 of 40000')).toBeInTheDocument();
  });

  it('locks price and minimum while orders are pending, and shows a refusal in the form', async () => {
    const api = stubBlockTradeServer([orderFixture()], {
      offers: [{ ...OFFER, pendingOrders: 1, pendingQuantity: 2000 }],
    });
    const { user } = await renderApp({ token: TOKEN, path: '/block-trades' });
    const offers = await screen.findByRole('region', { name: 'Offers' });
    expect(await within(offers).findByText('1 (2000 shares)')).toBeInTheDocument();
    await user.click(within(offers).getByRole('button', { name: 'Edit: SAP (No. 2)' }));
    const drawer = await dialogTitled('Edit offer 2 (SAP)');
    const field = (label: string) => within(drawer).getByLabelText(label);
    expect(drawer).toHaveTextContent(
      'Investors have 1 pending orders on this offer, placed at its price and minimum order: these two cannot change until the orders are decided.',
    );
    expect(field('Price')).toBeDisabled();
    expect(field('Minimum order (shares)')).toBeDisabled();
    expect(within(drawer).getAllByText('Locked while orders are pending')).toHaveLength(2);
    expect(field('Shares available')).toBeEnabled();

    // Another operator withdraws the offer meanwhile: the server's refusal stays in the form.
    await fetch('/api/admin/blocktrade/offers/2/cancel', { method: 'POST', body: JSON.stringify({ reason: 'x' }) });
    await user.clear(field('Shares available'));
    await user.type(field('Shares available'), '1500');
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    const refusal = await within(drawer).findByText('This offer can no longer be changed (from the server)');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(api.calls('PUT', '/api/admin/blocktrade/offers/2').map((call) => call.body)).toEqual([
      { availableQuantity: 1500 },
    ]);
  });

  it('withdraws an offer only with a reason, after showing the pending orders it rejects', async () => {
    const api = stubBlockTradeServer([orderFixture()], {
      offers: [{ ...OFFER, pendingOrders: 1, pendingQuantity: 2000 }],
    });
    const { user } = await renderApp({ token: TOKEN, path: '/block-trades' });
    await screen.findByRole('link', { name: '+4915123456789' });
    const offers = screen.getByRole('region', { name: 'Offers' });
    await user.click(within(offers).getByRole('button', { name: 'Withdraw offer: SAP (No. 2)' }));
    const dialog = await dialogTitled('Withdraw offer 2 (SAP)');
    expect(dialog).toHaveTextContent('SAP SAP SE');
    expect(dialog).toHaveTextContent('1 (2000 shares)');
    const confirm = () => user.click(within(dialog).getByRole('button', { name: 'Withdraw offer' }));
    await confirm();
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/blocktrade/offers/2/cancel')).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('Reason (sent to every investor with a pending order)'),
      ' Seller withdrew ',
    );
    await confirm();
    expect(await screen.findByText('Offer 2 withdrawn: every pending order was rejected')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/blocktrade/offers/2/cancel').map((call) => call.body)).toEqual([
      { reason: 'Seller withdrew' },
    ]);
    // The offer is withdrawn, with no action left; its pending order left the queue, rejected.
    await waitFor(() => expect(offers).toHaveTextContent('Withdrawn'));
    expect(within(offers).queryByRole('button', { name: /SAP \(No\. 2\)/ })).not.toBeInTheDocument();
    expect(await screen.findByText('No orders with this status')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByText('Seller withdrew')).toBeInTheDocument();
  });

  it('closes the withdrawal with the server’s message when another operator withdrew it first', async () => {
    const api = stubBlockTradeServer([]);
    const { user } = await renderApp({ token: TOKEN, path: '/block-trades' });
    const offers = await screen.findByRole('region', { name: 'Offers' });
    await user.click(await within(offers).findByRole('button', { name: 'Withdraw offer: SAP (No. 2)' }));
    const dialog = await dialogTitled('Withdraw offer 2 (SAP)');
    await fetch('/api/admin/blocktrade/offers/2/cancel', { method: 'POST', body: JSON.stringify({ reason: 'x' }) });
    const listed = api.calls('GET', '/api/admin/blocktrade/offers').length;
    await user.type(within(dialog).getByLabelText('Reason (sent to every investor with a pending order)'), 'Sold');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw offer' }));
    expect(await screen.findByText('This offer was already withdrawn (from the server)')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/admin/blocktrade/offers').length).toBeGreaterThan(listed));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(offers).toHaveTextContent('Withdrawn'));
  });
});
