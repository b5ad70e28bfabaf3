import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { sampleDraw, sampleIssue, sampleSubscription } from '../../../test/ipo-samples';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const valueOf = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('issue detail (/shares/new-detail)', () => {
  it('shows every term, the demand, the way to subscribe while open, and the published hash', async () => {
    logIn();
    mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/ipo/1': () => ok(sampleIssue({ pe: null })),
      'GET /api/ipo/1/draw': () => ok({ ...sampleDraw, status: 'open', seed: null, drawnAt: null, entries: [] }),
    });
    renderApp('/shares/new-detail?id=1');

    expect(await screen.findByRole('heading', { name: 'Nordwind Energie NWND' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(valueOf(main, 'Application code')).toHaveTextContent('780123');
    expect(valueOf(main, 'Sector')).toHaveTextContent('Utilities');
    expect(valueOf(main, 'Issue price')).toHaveTextContent('12.3456');
    expect(valueOf(main, 'Shares issued')).toHaveTextContent('10,000,000');
    expect(valueOf(main, 'Shares offered to the public')).toHaveTextContent('4,000,000');
    expect(valueOf(main, 'Total shares after the issue')).toHaveTextContent('40,000,000');
    expect(valueOf(main, 'Shares per lot')).toHaveTextContent('100');
    expect(valueOf(main, 'Max. lots per investor')).toHaveTextContent('5');
    expect(valueOf(main, 'Max. amount per investor')).toHaveTextContent('€6,172.80');
    expect(valueOf(main, 'P/E ratio')).toHaveTextContent('Not stated');
    expect(valueOf(main, 'Industry P/E ratio')).toHaveTextContent('22.10');
    expect(valueOf(main, 'Allocation')).toHaveTextContent(/^2026-11-28 \d\d:00:00$/);
    expect(valueOf(main, 'Listing')).toHaveTextContent(/^2026-12-02 \d\d:00:00$/);
    expect(valueOf(main, 'Applicants')).toHaveTextContent('1,204');
    expect(valueOf(main, 'Lots applied for')).toHaveTextContent('9,650');
    expect(valueOf(main, 'Seed hash (SHA-256)')).toHaveTextContent(sampleIssue().seedHash!);
    await waitFor(() => expect(valueOf(main, 'Seed')).toHaveTextContent('Published at the draw'));
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/apply?id=1');
    expect(screen.queryByText('Your allotment')).toBeNull();
  });

  it('after the draw: the seed, and the investor’s allotment with what was paid and returned', async () => {
    logIn();
    const mine = sampleSubscription({
      id: 31,
      issueId: 1,
      status: 'allotted',
      lots: 5,
      quantity: 500,
      issuePrice: '12.3456',
      amountHeld: '6172.80',
      lotsAllotted: 2,
      // 2 × 100 × 12.3456 = 2469.12 captured; 6172.80 − 2469.12 = 3703.68 released.
      amountCaptured: '2469.12',
      amountReleased: '3703.68',
      allocatedAt: '2026-11-28T08:00:01.000Z',
    });
    mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/ipo/1': () => ok(sampleIssue({ status: 'allocated', mySubscription: mine })),
      'GET /api/ipo/1/draw': () => ok(sampleDraw),
    });
    renderApp('/shares/new-detail?id=1');

    const card = (await screen.findByRole('heading', { name: 'Your allotment' })).closest('.adm-card') as HTMLElement;
    expect(within(card).getByText('Allotted')).toBeInTheDocument();
    expect(valueOf(card, 'Lots applied for')).toHaveTextContent('5');
    expect(valueOf(card, 'Lots allotted')).toHaveTextContent('2');
    expect(valueOf(card, 'Amount held')).toHaveTextContent('€6,172.80');
    expect(valueOf(card, 'Paid for allotted shares')).toHaveTextContent('€2,469.12');
    expect(valueOf(card, 'Returned to your cash')).toHaveTextContent('€3,703.68');
    const main = screen.getByRole('main');
    await waitFor(() => expect(valueOf(main, 'Seed')).toHaveTextContent(sampleDraw.seed!));
    expect(valueOf(main, 'Algorithm')).toHaveTextContent('sha256-ctr-fisher-yates/1');
    expect(valueOf(main, 'Outcome')).toHaveTextContent('Oversubscribed: the lots were drawn');
    expect(screen.queryByRole('link', { name: 'Subscribe' })).toBeNull();
  });

  it('before the window opens: no draw yet, nothing asked of the draw, no way to subscribe', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/ipo/1': () => ok(sampleIssue({ status: 'upcoming', seedHash: null })),
    });
    renderApp('/shares/new-detail?id=1');

    expect(await screen.findByRole('heading', { name: 'Nordwind Energie NWND' })).toBeInTheDocument();
    expect(screen.getByText('Upcoming')).toBeInTheDocument();
    expect(valueOf(screen.getByRole('main'), 'Seed hash (SHA-256)')).toHaveTextContent(
      'Published when subscription opens',
    );
    expect(screen.queryByRole('link', { name: 'Subscribe' })).toBeNull();
    expect(sent.some((request) => request.url.includes('/draw'))).toBe(false);
  });
});
