import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { mockFetch, ok } from '../test/fetch-mock';
import { openIssues, sampleBlockOrder, sampleSubscription } from '../test/ipo-samples';
import { renderApp, sampleConfig, sampleSupport, sampleUser } from '../test/render-app';
import { sampleAssets } from '../test/wallet-samples';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

function serve() {
  return mockFetch({
    'GET /api/user/info': () => ok(sampleUser),
    'GET /api/stock/kefu': () => ok(sampleSupport),
    'GET /api/user/assets': () => ok(sampleAssets),
    'GET /api/ipo': () => ok(openIssues),
    // Two applications wait for their draw: 1000.00 + 6172.80 held.
    'GET /api/ipo/subscriptions': () =>
      ok([sampleSubscription(), sampleSubscription({ id: 31, issueId: 1, amountHeld: '6172.80' })]),
    'GET /api/blocktrade/orders': () => ok([sampleBlockOrder()]),
  });
}

describe('new shares and block trades from home and the personal screens', () => {
  it('home shows how many issues are open to subscribe and the holds waiting for their draw', async () => {
    logIn();
    const { sent } = serve();
    renderApp('/home');

    const card = (await screen.findByRole('heading', { level: 2, name: 'New shares' })).closest(
      '.adm-card',
    ) as HTMLElement;
    const menu = within(card).getByRole('list', { name: 'New shares' });
    // Three open issues, one of them subscribed already.
    expect(await within(menu).findByRole('link', { name: /^Open for subscription\s*Issues: 2$/ })).toHaveAttribute(
      'href',
      '/shares/new',
    );
    expect(
      await within(menu).findByRole('link', { name: /^Waiting for the draw\s*2 · €7,172.80 held$/ }),
    ).toHaveAttribute('href', '/ucenter/shengou?status=subscribed');
    expect(sent.find((r) => r.url.startsWith('/api/ipo?'))!.url).toContain('status=open');
    expect(sent.find((r) => r.url.startsWith('/api/ipo/subscriptions'))!.url).toContain('status=subscribed');
  });

  it('the personal centre shows the same, and the block orders waiting for approval', async () => {
    logIn();
    serve();
    renderApp('/personCenter');

    expect(await screen.findByRole('link', { name: /^Open for subscription\s*Issues: 2$/ })).toBeInTheDocument();
    const blocks = screen.getByRole('list', { name: 'Block trades' });
    expect(within(blocks).getByRole('link', { name: /^Open offers/ })).toHaveAttribute('href', '/shares/dzjy');
    expect(
      await within(blocks).findByRole('link', { name: /^Waiting for approval\s*1 · €24,100.00 held$/ }),
    ).toHaveAttribute('href', '/shares/dzjy-record?status=pending');
  });
});
