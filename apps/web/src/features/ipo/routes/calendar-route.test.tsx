import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import { SERVER_TIME_HEADER } from '@bourse/shared/server-time';
import type { SubscribeAllResult } from '@bourse/shared/schemas/ipo';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { openIssues, sampleIssue } from '../../../test/ipo-samples';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleAssets } from '../../../test/wallet-samples';

const SUBSCRIBE_ALL = 'POST /api/ipo/subscribe-all';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const withPassword: UserInfo = { ...sampleUser, hasTradingPassword: true };

function logIn(user: UserInfo = withPassword) {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: user });
  useSessionStore.getState().setConfig(sampleConfig);
}

/** The calendar's tabs as the server answers them: `?status=` picks the list. */
function calendar(request: SentRequest): Response {
  const status = new URL(request.url, 'http://localhost').searchParams.get('status');
  if (status === 'open') return ok(openIssues);
  if (status === 'listed') {
    return ok({
      items: [sampleIssue({ id: 9, code: 'ALTR', name: 'Altrhein AG', status: 'listed' })],
      total: 1,
      page: 1,
      pageSize: 20,
    });
  }
  return ok([]);
}

function serve(
  overrides: Record<string, (request: SentRequest) => Response | Promise<Response>> = {},
  user = withPassword,
) {
  return mockFetch({
    'GET /api/user/info': () => ok(user),
    'GET /api/ipo': calendar,
    'GET /api/user/assets': () => ok({ ...sampleAssets, available: '10000.00' }),
    ...overrides,
  });
}

const sentTo = (sent: SentRequest[], route: string) =>
  sent.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

describe('new-share calendar (/shares/new)', () => {
  it('lists the open issues with their terms, the time left and the investor’s own application', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00.000Z'));
    logIn();
    const { sent } = serve();
    renderApp('/shares/new');

    expect(await screen.findByRole('heading', { level: 1, name: 'New shares' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Open' });
    const nordwind = within(list).getByRole('listitem', { name: 'Nordwind Energie NWND' });
    expect(within(nordwind).getByText('Application code').nextElementSibling).toHaveTextContent('780123');
    expect(within(nordwind).getByText('Issue price').nextElementSibling).toHaveTextContent('12.3456');
    expect(within(nordwind).getByText('Shares per lot').nextElementSibling).toHaveTextContent('100');
    expect(within(nordwind).getByText('Max. lots per investor').nextElementSibling).toHaveTextContent('5');
    expect(
      within(nordwind).getByText(/^Subscription 2026-11-24 \d\d:00:00 – 2026-11-27 \d\d:00:00$/),
    ).toBeInTheDocument();
    // 2026-11-26 12:00 to 2026-11-27 15:00 UTC.
    expect(within(nordwind).getByRole('timer')).toHaveTextContent('1 d 03:00:00 left to subscribe');
    expect(within(nordwind).getByRole('link', { name: 'Nordwind Energie NWND' })).toHaveAttribute(
      'href',
      '/shares/new-detail?id=1',
    );
    const berg = within(list).getByRole('listitem', { name: 'Bergbahn Technik BERG' });
    expect(within(berg).getByText('Already subscribed')).toBeInTheDocument();
    expect(sentTo(sent, 'GET /api/ipo')[0]!.url).toContain('status=open');
    expect(sentTo(sent, 'GET /api/ipo')[0]!.headers.token).toBe('token-1');
  });

  it('counts down by the server’s clock, which the sandbox moved ahead of the device’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00.000Z'));
    logIn();
    // Every answer says it is 2026-11-27 10:00 on the server: 22 hours ahead of the device.
    const serverMs = Date.parse('2026-11-27T10:00:00.000Z');
    const stamped = (response: Response) => {
      response.headers.set(SERVER_TIME_HEADER, String(serverMs));
      return response;
    };
    serve({
      'GET /api/user/info': () => stamped(ok(withPassword)),
      'GET /api/ipo': (request) => stamped(calendar(request)),
    });
    renderApp('/shares/new');

    const list = await screen.findByRole('list', { name: 'Open' });
    const nordwind = within(list).getByRole('listitem', { name: 'Nordwind Energie NWND' });
    // 2026-11-27 10:00 to 15:00 by the server, not the device's 1 d 03:00:00.
    expect(within(nordwind).getByRole('timer')).toHaveTextContent('05:00:00 left to subscribe');
    expect(within(nordwind).getByRole('timer')).not.toHaveTextContent('1 d');
  });

  it('switches tabs through the query string and says when a tab is empty', async () => {
    logIn();
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/shares/new');

    await user.click(await screen.findByRole('tab', { name: 'Upcoming' }));
    expect(
      await screen.findByText('No new issues in this phase. Look at the other tabs or come back later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the market' })).toHaveAttribute('href', '/market');
    expect(screen.queryByRole('button', { name: 'One-click subscribe' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Listed' }));
    const listed = await screen.findByRole('list', { name: 'Listed' });
    expect(within(listed).getByRole('listitem', { name: 'Altrhein AG ALTR' })).toHaveTextContent('Listed');
    expect(within(listed).queryByRole('timer')).toBeNull();
    expect(sentTo(sent, 'GET /api/ipo').map((r) => new URL(r.url, 'http://x').searchParams.get('status'))).toEqual(
      expect.arrayContaining(['open', 'upcoming', 'listed']),
    );
  });

  it('one-click: shows what it will hold, asks the trading password, sends it once with a key and shows each issue’s result', async () => {
    logIn();
    const result: SubscribeAllResult = {
      items: [
        {
          issueId: 1,
          code: 'NWND',
          name: 'Nordwind Energie',
          subscribed: true,
          lots: 5,
          amountHeld: '6172.80',
          subscriptionId: 31,
          error: null,
          reason: null,
        },
        {
          issueId: 3,
          code: 'CLRA',
          name: 'Clara Pharma',
          subscribed: false,
          lots: null,
          amountHeld: null,
          subscriptionId: null,
          error: 'INSUFFICIENT_FUNDS',
          reason: 'Your available cash is not enough',
        },
      ],
      subscribedCount: 1,
      totalHeld: '6172.80',
    };
    const { sent } = serve({ [SUBSCRIBE_ALL]: () => ok(result) });
    const user = userEvent.setup();
    renderApp('/shares/new');

    await user.click(await screen.findByRole('button', { name: 'One-click subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-click subscription' });
    expect(within(dialog).getByText('Available cash: €10,000.00')).toBeInTheDocument();
    const summary = within(dialog).getByRole('list', { name: 'What will be held' });
    // 5 lots × 100 × 12.3456 = 6172.80; Clara's lot (8000.00) does not fit in the 3827.20 left; Bergbahn is subscribed already.
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nordwind Energie (NWND)5 lots · €6,172.80', 'Clara Pharma (CLRA)Not enough cash for one lot']);
    expect(within(dialog).getByText('Total held').nextElementSibling).toHaveTextContent('€6,172.80');

    await user.click(within(dialog).getByRole('button', { name: 'Subscribe to all' }));
    expect(within(dialog).getByText('Please enter your trading password')).toBeInTheDocument();
    expect(sentTo(sent, SUBSCRIBE_ALL)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Trading password'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe to all' }));

    const outcome = await screen.findByRole('dialog', { name: 'One-click result' });
    expect(within(outcome).getByText('Subscribed: 1 · held: €6,172.80')).toBeInTheDocument();
    const lines = within(outcome).getByRole('list', { name: 'Result per issue' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Nordwind Energie (NWND)Subscribed: 5 lots, €6,172.80 held',
      'Clara Pharma (CLRA)Not subscribed: Your available cash is not enough',
    ]);
    const [request] = sentTo(sent, SUBSCRIBE_ALL);
    expect(request!.body).toEqual({ tradingPassword: '123456' });
    expect(request!.headers['idempotency-key']).toMatch(UUID);
    expect(request!.headers.token).toBe('token-1');
    await user.click(within(outcome).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('one-click: a wrong trading password is shown, localized, at the password field', async () => {
    logIn();
    const { sent } = serve({
      [SUBSCRIBE_ALL]: () => failure(422, 'TRADING_PASSWORD_WRONG', 'Das Handelspasswort ist falsch'),
    });
    const user = userEvent.setup();
    renderApp('/shares/new');

    await user.click(await screen.findByRole('button', { name: 'One-click subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-click subscription' });
    await user.type(within(dialog).getByLabelText('Trading password'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe to all' }));

    const field = within(dialog).getByLabelText('Trading password');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/Das Handelspasswort ist falsch/);
    expect(field).toHaveValue('');
    expect(sentTo(sent, SUBSCRIBE_ALL)).toHaveLength(1);
  });

  it('leads to setting a trading password first when there is none', async () => {
    logIn(sampleUser);
    serve({}, sampleUser);
    renderApp('/shares/new');
    expect(await screen.findByText('Set a trading password to subscribe to new shares.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /trading password/i })).toHaveAttribute('href', '/payPwd');
  });
});
