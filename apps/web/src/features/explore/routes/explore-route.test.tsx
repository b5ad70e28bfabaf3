import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SectorSummary } from '@bourse/shared/schemas/market';
import { queryClient } from '../../../lib/query-client';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { bayer, moutai, sampleOverview, sap } from '../../../test/market-samples';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { ExploreRoute } from './explore-route';

const sampleSectors: SectorSummary[] = [
  { sector: 'technology', count: 3, changePct: '1.20', advancers: 2, decliners: 1, leader: sap },
  { sector: 'healthcare', count: 1, changePct: '-3.30', advancers: 0, decliners: 1, leader: bayer },
];

describe('market overview for visitors (/explore)', () => {
  it('opens without login: movers and sectors link to the detail, the sign-up call to action is shown', async () => {
    useSessionStore.getState().setConfig(sampleConfig);
    mockFetch({
      'GET /api/market/overview': () => ok(sampleOverview),
      'GET /api/market/sectors': () => ok(sampleSectors),
    });
    renderApp('/explore');
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore the market' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    const gainers = await screen.findByRole('list', { name: 'Top gainers' });
    const sapRow = within(gainers).getByRole('link', { name: /SAP/ });
    expect(sapRow).toHaveAttribute('href', '/detail?code=SAP');
    expect(sapRow).toHaveTextContent('+1.39 %');
    const losers = screen.getByRole('list', { name: 'Top losers' });
    expect(
      within(losers)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/detail?code=BAYN', `/detail?code=${moutai.code}`]);
    expect(within(losers).getAllByRole('link')[0]).toHaveTextContent('−3.30 %');

    expect(await screen.findByText('Technology')).toBeInTheDocument();
    expect(screen.getByText('3 stocks · 2 up · 1 down')).toBeInTheDocument();
    expect(screen.getByText('+1.20 %')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leader: Bayer −3.30 %' })).toHaveAttribute('href', '/detail?code=BAYN');
  });

  it('logged in: no call to action; the news section composed in is shown; no sectors yet is said', async () => {
    useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
    useSessionStore.getState().setConfig(sampleConfig);
    mockFetch({
      'GET /api/market/overview': () => ok({ ...sampleOverview, gainers: [], losers: [] }),
      'GET /api/market/sectors': () => ok([]),
    });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <ExploreRoute newsSection={<section aria-label="Latest news">news</section>} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('region', { name: 'Latest news' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open an account' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('No stocks listed yet.')).toHaveLength(3));
  });
});
