import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENDER_AHEAD_PX } from '../ui/render-when-near';
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

/** An element's place for the position checks of ui/use-in-view.ts (a test DOM has no layout). */
function rectAt(top: number): DOMRect {
  const rect = { top, bottom: top + 300, left: 0, right: 390, width: 390, height: 300, x: 0, y: top };
  return { ...rect, toJSON: () => rect };
}

describe('new shares and block trades from home and the personal screens', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

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

  it('the personal centre asks for them only when the investor scrolls near them, below its first screenful', async () => {
    logIn();
    const { sent } = serve();
    // Every element below the first screenful and the distance rendered ahead.
    const position = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(rectAt(window.innerHeight + RENDER_AHEAD_PX + 200));
    renderApp('/personCenter');

    expect(await screen.findByText('Total assets')).toBeInTheDocument();
    // Long enough for the position check and for the other sections' requests.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(sent.map((r) => r.url.split('?')[0])).not.toContain('/api/ipo');
    expect(sent.map((r) => r.url.split('?')[0])).not.toContain('/api/blocktrade/orders');
    expect(screen.queryByRole('list', { name: 'Block trades' })).toBeNull();

    position.mockReturnValue(rectAt(window.innerHeight + RENDER_AHEAD_PX - 10));
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(await screen.findByRole('link', { name: /^Open for subscription\s*Issues: 2$/ })).toBeInTheDocument();
    await waitFor(() => expect(sent.map((r) => r.url.split('?')[0])).toContain('/api/blocktrade/orders'));
  });
});
