import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FundRates, Holiday } from '@bourse/shared/schemas/balance';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../../test/api-stub.ts';
import { ADMIN, FINANCE, TOKEN, renderApp } from '../../../test/render-app.tsx';

function stubRates() {
  const rates: FundRates = {
    current: { rate: '3.65', effectiveDate: '2026-11-23' },
    today: '2026-11-26',
    versions: [
      { id: 1, rate: '3.65', effectiveDate: '2026-11-23', createdBy: 'alice', createdAt: '2026-11-23T09:00:00.000Z' },
    ],
  };
  return stubApi({
    'GET /api/admin/me': () => ok(FINANCE),
    'GET /api/admin/fund/rates': () => ok(rates),
    'POST /api/admin/fund/rates': ({ body }) => {
      const { rate, effectiveDate } = body as { rate: string; effectiveDate: string };
      if (effectiveDate < rates.today) return fail(422, 'FUND_RATE_DATE_PAST', 'From today on only');
      const version = {
        id: 2,
        rate: Number(rate).toFixed(2),
        effectiveDate,
        createdBy: 'carol',
        createdAt: '2026-11-26T10:00:00.000Z',
      };
      rates.versions = [version, ...rates.versions];
      return ok(version);
    },
  });
}

function stubHolidays() {
  let items: Holiday[] = [
    { date: '2026-11-20', name: 'Past day', source: 'config' },
    { date: '2026-12-24', name: 'Christmas Eve', source: 'operator' },
  ];
  return stubApi({
    'GET /api/admin/me': () => ok(ADMIN),
    'GET /api/admin/calendar/holidays': () => ok({ today: '2026-11-26', items }),
    'POST /api/admin/calendar/holidays': ({ body }) => {
      const added = { ...(body as { date: string; name: string }), source: 'operator' as const };
      items = [...items, added];
      return ok(added);
    },
    'DELETE /api/admin/calendar/holidays/2026-12-24': () => {
      const removed = items.find((h) => h.date === '2026-12-24');
      items = items.filter((h) => h.date !== '2026-12-24');
      return ok(removed);
    },
  });
}

describe('balance fund console', () => {
  it('shows the rate in force and its history, and sets a new rate from a date', async () => {
    const api = stubRates();
    const { user } = await renderApp({ token: TOKEN, path: '/fund' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance fund' })).toBeInTheDocument();
    expect(await screen.findByText('3.65 % a year · since 2026-11-23')).toBeInTheDocument();
    const history = screen.getAllByRole('table').at(-1)!;
    expect(within(history).getByText('alice')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set rate' }));
    expect(await screen.findByText(/percentage from 0 to 100/)).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/fund/rates')).toHaveLength(0);

    await user.type(screen.getByLabelText('New rate (% a year)'), '2.5');
    fireEvent.change(screen.getByLabelText('Effective from'), { target: { value: '2026-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Set rate' }));
    await waitFor(() => expect(api.calls('POST', '/api/admin/fund/rates')).toHaveLength(1));
    expect(api.calls('POST', '/api/admin/fund/rates')[0]!.body).toEqual({ rate: '2.5', effectiveDate: '2026-12-01' });
    expect(await within(screen.getAllByRole('table').at(-1)!).findByText('carol')).toBeInTheDocument();
  });

  it('lists holidays, adds a future one and removes one; past days have no remove button', async () => {
    const api = stubHolidays();
    const { user } = await renderApp({ token: TOKEN, path: '/calendar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Business calendar' })).toBeInTheDocument();
    expect(await screen.findByText('Christmas Eve')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove 2026-11-20' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-31' } });
    await user.type(screen.getByLabelText('Name'), 'New Year’s Eve');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    await waitFor(() => expect(api.calls('POST', '/api/admin/calendar/holidays')).toHaveLength(1));
    expect(api.calls('POST', '/api/admin/calendar/holidays')[0]!.body).toEqual({
      date: '2026-12-31',
      name: 'New Year’s Eve',
    });
    expect(await screen.findByText('New Year’s Eve')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove 2026-12-24' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/admin/calendar/holidays/2026-12-24')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Christmas Eve')).not.toBeInTheDocument());
  });
});
