import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { sampleSubscription } from '../../../test/ipo-samples';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const waiting = sampleSubscription();
const allotted = sampleSubscription({
  id: 31,
  issueId: 1,
  code: 'NWND',
  name: 'Nordwind Energie',
  status: 'allotted',
  lots: 5,
  quantity: 500,
  issuePrice: '12.3456',
  amountHeld: '6172.80',
  lotsAllotted: 2,
  amountCaptured: '2469.12',
  amountReleased: '3703.68',
  allocatedAt: '2026-11-28T08:00:01.000Z',
});
const notAllotted = sampleSubscription({
  id: 32,
  issueId: 3,
  code: 'CLRA',
  name: 'Clara Pharma',
  status: 'not_allotted',
  lots: 1,
  quantity: 1000,
  issuePrice: '8.00',
  amountHeld: '8000.00',
  lotsAllotted: 0,
  amountCaptured: '0.00',
  amountReleased: '8000.00',
  allocatedAt: '2026-11-28T08:00:01.000Z',
});

/** The subscriptions filtered by `?status=` as the server would. */
function subscriptions(request: SentRequest): Response {
  const status = new URL(request.url, 'http://localhost').searchParams.get('status');
  const all = [waiting, allotted, notAllotted];
  return ok(status ? all.filter((item) => item.status === status) : all);
}

const valueIn = (item: HTMLElement, label: string) =>
  within(item).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('new-share records', () => {
  it('/apply-record lists every application with what became of it', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/ipo/subscriptions': subscriptions,
    });
    renderApp('/apply-record');

    const list = await screen.findByRole('list', { name: 'Application records' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const nordwind = within(list).getByRole('listitem', { name: 'Nordwind Energie NWND' });
    expect(within(nordwind).getByText('Allotted')).toBeInTheDocument();
    expect(valueIn(nordwind, 'Lots applied for')).toHaveTextContent('5 lots (500 shares)');
    expect(valueIn(nordwind, 'Lots allotted')).toHaveTextContent('2');
    expect(valueIn(nordwind, 'Paid for allotted shares')).toHaveTextContent('€2,469.12');
    expect(valueIn(nordwind, 'Returned to your cash')).toHaveTextContent('€3,703.68');
    const clara = within(list).getByRole('listitem', { name: 'Clara Pharma CLRA' });
    expect(within(clara).getByText('No allotment')).toBeInTheDocument();
    expect(valueIn(clara, 'Returned to your cash')).toHaveTextContent('€8,000.00');
    const berg = within(list).getByRole('listitem', { name: 'Bergbahn Technik BERG' });
    expect(within(berg).getByText('Already subscribed')).toBeInTheDocument();
    expect(within(berg).queryByText('Lots allotted')).toBeNull();
    // The other records are a tap away.
    expect(screen.getByRole('link', { name: 'Subscription records' })).toHaveAttribute('href', '/ucenter/shengou');
    expect(screen.getByRole('link', { name: 'Allocation records' })).toHaveAttribute('href', '/ucenter/allocation');
    expect(sent.find((r) => r.url.startsWith('/api/ipo/subscriptions'))!.url).toContain('page=1');
  });

  it('/ucenter/shengou filters by status through the query string, with an empty state', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/ipo/subscriptions': (request) =>
        request.url.includes('status=subscribed') ? ok([]) : subscriptions(request),
    });
    const user = userEvent.setup();
    renderApp('/ucenter/shengou?status=allotted');

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription records' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Allotted' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Subscription records' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-labelledby')),
    ).toEqual(['ipo-subscription-31']);
    await user.click(screen.getByRole('tab', { name: 'Already subscribed' }));
    expect(
      await screen.findByText('No subscriptions yet. Subscribe to a new issue while it is open.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See open issues' })).toHaveAttribute('href', '/shares/new');
    await waitFor(() =>
      expect(sent.map((r) => new URL(r.url, 'http://x').searchParams.get('status'))).toEqual(
        expect.arrayContaining(['allotted', 'subscribed']),
      ),
    );
  });

  it('/ucenter/allocation lists the drawn applications', async () => {
    logIn();
    mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/ipo/allocations': () => ok({ items: [allotted, notAllotted], total: 2, page: 1, pageSize: 20 }),
    });
    renderApp('/ucenter/allocation');
    const list = await screen.findByRole('list', { name: 'Allocation records' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByText(/^Drawn 2026-11-28 \d\d:00:01$/, { selector: 'time' })).toHaveLength(2);
    expect(await screen.findByText('No more data')).toBeInTheDocument();
  });
});
