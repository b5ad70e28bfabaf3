import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { sampleConfig, sampleSupport, sampleUser } from '../../../test/render-app';
import { SupportCard } from './support-card';

const sentTo = (sent: SentRequest[], route: string) =>
  sent.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig({ ...sampleConfig, kf_url: '#/customerService' });
}

const history = (unread: number) => ({ messages: [], hasMore: false, unread, conversation: null });

describe('the home support card', () => {
  it('opens the chat from the home card with the unread count when customer service is built in', async () => {
    logIn();
    mockFetch({ 'GET /api/support/messages': () => ok(history(2)) });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SupportCard support={{ ...sampleSupport, url: '#/customerService' }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const link = await screen.findByRole('link', { name: /Contact customer service/ });
    expect(link).toHaveAttribute('href', '/customerService');
    expect(await within(link).findByLabelText('2 unread replies')).toBeInTheDocument();
  });

  it('keeps an external customer-service address as an external link, with no chat request', async () => {
    logIn();
    const { sent } = mockFetch({});
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SupportCard support={sampleSupport} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute('href', sampleSupport.url);
    expect(sentTo(sent, 'GET /api/support/messages')).toHaveLength(0);
  });
});
