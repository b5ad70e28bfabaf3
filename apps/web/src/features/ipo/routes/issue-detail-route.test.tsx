import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { sampleIssue, sampleSubscription } from '../../../test/ipo-samples';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const valueOf = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

const DRAWN_SEED = '5e1d9c7b3a2f4e6d8c0b9a7f5e3d1c2b4a6f8e0d9c7b5a3f1e2d4c6b8a0f9e7d';

describe('issue detail (/shares/new-detail)', () => {
  it('shows every term, the demand, the way to subscribe while open, and the published hash', async () => {
    logIn();
    mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/ipo/1': () => ok(sampleIssue({ pe: null })),
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
      'GET /api/ipo/1': () =>
        ok(
          sampleIssue({
            status: 'allocated',
            mySubscription: mine,
            seed: DRAWN_SEED,
            drawnAt: '2026-11-28T08:00:01.000Z',
            publicLots: 40_000,
            appliedLots: 96_500,
          }),
        ),
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
    await waitFor(() => expect(valueOf(main, 'Seed')).toHaveTextContent(DRAWN_SEED));
    expect(valueOf(main, 'Algorithm')).toHaveTextContent('bourse-draw-v1');
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

  it('never asks for the whole published list: the seed and outcome come with the issue', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/ipo/1': () =>
        ok(sampleIssue({ status: 'allocated', seed: DRAWN_SEED, drawnAt: '2026-11-28T08:00:01.000Z' })),
    });
    renderApp('/shares/new-detail?id=1');
    const main = await screen.findByRole('main');
    await waitFor(() => expect(valueOf(main, 'Seed')).toHaveTextContent(DRAWN_SEED));
    // 9,650 lots applied for 40,000 public lots: everyone was served.
    expect(valueOf(main, 'Outcome')).not.toHaveTextContent('Oversubscribed');
    expect(sent.some((request) => request.url.includes('/draw'))).toBe(false);
  });
});
