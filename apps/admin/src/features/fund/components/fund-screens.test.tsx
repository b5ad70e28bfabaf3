import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FundRates, Holiday } from '@bourse/shared/schemas/balance';
import type { AdminExchange } from '@bourse/shared/schemas/market-admin';
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

const EXCHANGES: AdminExchange[] = [
  { code: 'XETRA', name: 'Xetra', timeZone: 'Europe/Berlin', hours: '09:00-17:30' },
  { code: 'SSE', name: 'Shanghai Stock Exchange', timeZone: 'Asia/Shanghai', hours: '09:30-11:30,13:00-15:00' },
];

function stubHolidays() {
  const byExchange: Record<string, Holiday[]> = {
    XETRA: [
      { exchange: 'XETRA', date: '2026-11-20', name: 'Past day', source: 'config' },
      { exchange: 'XETRA', date: '2026-12-24', name: 'Christmas Eve', source: 'operator' },
    ],
    SSE: [{ exchange: 'SSE', date: '2027-02-08', name: '春节', source: 'operator' }],
  };
  const exchanges = EXCHANGES.map((exchange) => ({ ...exchange }));
  const code = (query: URLSearchParams) => query.get('exchange') ?? 'XETRA';
  return stubApi({
    'GET /api/admin/me': () => ok(ADMIN),
    'GET /api/admin/exchanges': () => ok(exchanges),
    'PUT /api/admin/exchanges/SSE': ({ body }) => {
      const { hours, timeZone } = body as { hours: string; timeZone: string };
      if (hours.includes('11:00-15:00')) return fail(400, 'EXCHANGE_HOURS_INVALID', 'Sessions overlap');
      Object.assign(exchanges[1]!, { hours, timeZone });
      return ok(exchanges[1]);
    },
    'GET /api/admin/calendar/holidays': ({ query }) =>
      ok({ exchange: code(query), today: '2026-11-26', items: byExchange[code(query)] ?? [] }),
    'POST /api/admin/calendar/holidays': ({ body }) => {
      const input = body as { date: string; name: string; exchange: string };
      const added = { ...input, source: 'operator' as const };
      byExchange[input.exchange] = [...(byExchange[input.exchange] ?? []), added];
      return ok(added);
    },
    'DELETE /api/admin/calendar/holidays/2026-12-24': ({ query }) => {
      const removed = byExchange[code(query)]!.find((h) => h.date === '2026-12-24');
      byExchange[code(query)] = byExchange[code(query)]!.filter((h) => h.date !== '2026-12-24');
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
      exchange: 'XETRA',
    });
    expect(await screen.findByText('New Year’s Eve')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove 2026-12-24' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/admin/calendar/holidays/2026-12-24')).toHaveLength(1));
    expect(api.calls('DELETE', '/api/admin/calendar/holidays/2026-12-24')[0]!.query.get('exchange')).toBe('XETRA');
    await waitFor(() => expect(screen.queryByText('Christmas Eve')).not.toBeInTheDocument());
  });

  it('shows each exchange’s own holidays and adds one to the exchange chosen', async () => {
    const api = stubHolidays();
    const { user } = await renderApp({ token: TOKEN, path: '/calendar' });
    expect(await screen.findByText('Christmas Eve')).toBeInTheDocument();
    expect(screen.queryByText('春节')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Exchange' }));
    await user.click(await screen.findByTitle('Shanghai Stock Exchange'));
    expect(await screen.findByText('春节')).toBeInTheDocument();
    expect(screen.queryByText('Christmas Eve')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2027-02-09' } });
    await user.type(screen.getByLabelText('Name'), '春节 2');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    await waitFor(() => expect(api.calls('POST', '/api/admin/calendar/holidays')).toHaveLength(1));
    expect(api.calls('POST', '/api/admin/calendar/holidays')[0]!.body).toEqual({
      date: '2027-02-09',
      name: '春节 2',
      exchange: 'SSE',
    });
    expect(await screen.findByText('春节 2')).toBeInTheDocument();
  });

  it('edits an exchange’s trading hours: the server’s refusal shows in the dialog, a valid change saves', async () => {
    const api = stubHolidays();
    const { user } = await renderApp({ token: TOKEN, path: '/calendar' });
    const hoursTable = (await screen.findByText('09:30-11:30,13:00-15:00')).closest('table') as HTMLElement;
    expect(within(hoursTable).getByText('Asia/Shanghai')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit hours Shanghai Stock Exchange' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trading hours of Shanghai Stock Exchange' });
    const sessions = within(dialog).getByLabelText('Sessions');
    expect(sessions).toHaveValue('09:30-11:30,13:00-15:00');
    await user.clear(sessions);
    await user.type(sessions, '09:30-11:30,11:00-15:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sessions overlap');

    await user.clear(sessions);
    await user.type(sessions, '09:30-11:30,13:00-14:57');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT', '/api/admin/exchanges/SSE')).toHaveLength(2));
    expect(api.calls('PUT', '/api/admin/exchanges/SSE')[1]!.body).toEqual({
      hours: '09:30-11:30,13:00-14:57',
      timeZone: 'Asia/Shanghai',
    });
    expect(await screen.findByText('09:30-11:30,13:00-14:57')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
