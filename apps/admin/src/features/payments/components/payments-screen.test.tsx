import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPayment } from '@bourse/shared/schemas/wallet';
import { ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { ADMIN, TOKEN, configRoute, money, pageOf, renderApp } from '../../../test/render-app.tsx';

function paymentFixture(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: 90,
    type: 'deposit',
    amount: '250.00',
    status: 'succeeded',
    checkoutUrl: null,
    createdAt: '2026-11-23T09:00:00.000Z',
    completedAt: '2026-11-23T09:01:00.000Z',
    userId: 7,
    phone: '+4915123456789',
    ...overrides,
  };
}

const payments = [
  paymentFixture(),
  paymentFixture({
    id: 91,
    type: 'transfer',
    amount: '1200.50',
    status: 'pending',
    completedAt: null,
    phone: '+4915200000001',
  }),
  paymentFixture({ id: 92, amount: '80.00', status: 'failed', phone: '+4915200000002' }),
];

function stubPaymentServer() {
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(ADMIN),
    'GET /api/admin/invitations': () => ok(pageOf([])),
    'GET /api/admin/payments': ({ query }: RecordedRequest) => {
      const type = query.get('type');
      return ok(pageOf(type ? payments.filter((p) => p.type === type) : payments));
    },
  });
}

function rowOf(phone: string): HTMLElement {
  const row = screen.getByRole('link', { name: phone }).closest('tr');
  if (!row) throw new Error(`no table row for ${phone}`);
  return row;
}

describe('deposits and transfers', () => {
  it('lists both types with amounts and status tags', async () => {
    const api = stubPaymentServer();
    await renderApp({ token: TOKEN, path: '/payments' });

    await screen.findByRole('link', { name: '+4915123456789' });
    await waitFor(() => expect(within(rowOf('+4915123456789')).getByText(money('250.00'))).toBeInTheDocument());
    expect(within(rowOf('+4915123456789')).getByText('Succeeded')).toBeInTheDocument();
    expect(within(rowOf('+4915123456789')).getByText('Quick-payment deposit')).toBeInTheDocument();
    const pending = rowOf('+4915200000001');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('Bank transfer')).toBeInTheDocument();
    expect(within(pending).getByText(money('1200.50'))).toBeInTheDocument();
    expect(within(rowOf('+4915200000002')).getByText('Failed')).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/payments')[0]?.query.has('type')).toBe(false);
  });

  it('filters by type on the server', async () => {
    const api = stubPaymentServer();
    const { user } = await renderApp({ token: TOKEN, path: '/payments' });
    await screen.findByRole('link', { name: '+4915123456789' });

    await user.click(screen.getByRole('radio', { name: 'Bank transfer' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: '+4915123456789' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: '+4915200000001' })).toBeInTheDocument();
    const last = api.calls('GET', '/api/admin/payments').at(-1);
    expect(last?.query.get('type')).toBe('transfer');
    expect(last?.query.get('page')).toBe('1');
  });
});
