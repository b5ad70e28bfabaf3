import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminClosure } from '@bourse/shared/schemas/privacy';
import { fail, ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { COMPLIANCE, TOKEN, configRoute, pageOf, renderApp } from '../../../test/render-app.tsx';

const pending: AdminClosure = {
  id: 4,
  status: 'pending',
  reason: 'Moving abroad',
  rejectReason: null,
  createdAt: '2026-11-23T09:00:00.000Z',
  decidedAt: null,
  userId: 7,
  phone: '+4915123456789',
};

/** A server holding closure requests that lists and decides them like the real one. */
function stubClosureServer(options: { refuseComplete?: boolean } = {}) {
  let closures = [pending];
  const decide = (status: 'completed' | 'rejected', rejectReason: string | null) => {
    const current = closures.find((c) => c.id === 4);
    if (!current || current.status !== 'pending') return fail(409, 'CLOSURE_NOT_PENDING', 'Already decided (server)');
    if (status === 'completed' && options.refuseComplete) {
      return fail(409, 'CLOSURE_BALANCES_NOT_ZERO', 'Every balance must be zero (server)');
    }
    const decided: AdminClosure = { ...current, status, rejectReason, decidedAt: '2026-11-23T10:00:00.000Z' };
    closures = closures.map((c) => (c.id === 4 ? decided : c));
    return ok(decided);
  };
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(COMPLIANCE),
    'GET /api/admin/kyc': () => ok(pageOf([])),
    'GET /api/admin/closures': ({ query }: RecordedRequest) =>
      ok(pageOf(closures.filter((c) => c.status === query.get('status')))),
    'POST /api/admin/closures/4/complete': () => decide('completed', null),
    'POST /api/admin/closures/4/reject': ({ body }) => decide('rejected', (body as { reason: string }).reason),
  });
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((element) => element.textContent?.startsWith(title));
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

describe('account closures console', () => {
  it('lists the queue and completes a request after a confirmation', async () => {
    const api = stubClosureServer();
    const { user } = await renderApp({ token: TOKEN, path: '/closures' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account closures' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: '+4915123456789' });
    expect(link.closest('tr')).toHaveTextContent('Moving abroad');
    expect(api.calls('GET', '/api/admin/closures')[0]?.query.get('status')).toBe('pending');

    await user.click(screen.getByRole('button', { name: 'Complete: +4915123456789' }));
    const dialog = await dialogTitled('Complete the closure');
    expect(dialog).toHaveTextContent('The account of +4915123456789 is closed');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Account closed')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/closures/4/complete')).toHaveLength(1);
    expect(await screen.findByText('No requests')).toBeInTheDocument();
  });

  it('shows the server’s refusal when something is open again and keeps the request', async () => {
    stubClosureServer({ refuseComplete: true });
    const { user } = await renderApp({ token: TOKEN, path: '/closures' });
    await user.click(await screen.findByRole('button', { name: 'Complete: +4915123456789' }));
    const dialog = await dialogTitled('Complete the closure');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Every balance must be zero (server)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+4915123456789' })).toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    const api = stubClosureServer();
    const { user } = await renderApp({ token: TOKEN, path: '/closures' });
    await user.click(await screen.findByRole('button', { name: 'Reject: +4915123456789' }));
    const dialog = await dialogTitled('Reject the closure');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(api.calls('POST', '/api/admin/closures/4/reject')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), 'Open complaint');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request rejected')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/closures/4/reject')[0]?.body).toEqual({ reason: 'Open complaint' });
  });
});
