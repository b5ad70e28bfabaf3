import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { sampleSupport, sampleUser } from '../../../test/render-app';
import { HomeRoute } from './home-route';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('home', () => {
  it('leaves the market and what follows unrendered while they are far below the first screen', async () => {
    useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
    mockFetch({ 'GET /api/user/info': () => ok(sampleUser), 'GET /api/stock/kefu': () => ok(sampleSupport) });
    // Everything laid out far below the screen (jsdom has no layout): the welcome still shows.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 5_000, 390, 2_000));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <HomeRoute marketSection={<p>Market section</p>} newSharesSection={<p>New shares section</p>} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText(`Hello, ${sampleUser.nickname}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Market section')).toBeNull();
    expect(screen.queryByText('New shares section')).toBeNull();
    expect(screen.queryByRole('link', { name: /Contact customer service/ })).toBeNull();
  });
});
