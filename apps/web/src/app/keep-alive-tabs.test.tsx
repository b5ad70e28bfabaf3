import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../test/fetch-mock';
import { renderApp, sampleConfig, sampleSupport, sampleUser } from '../test/render-app';
import { useSessionStore } from '../lib/session-store';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

describe('tab pages', () => {
  it('shows the home tab with greeting, account and customer service', async () => {
    logIn();
    mockFetch({ 'GET /api/user/info': () => ok(sampleUser), 'GET /api/stock/kefu': () => ok(sampleSupport) });
    renderApp('/home');

    expect(await screen.findByRole('heading', { level: 2, name: 'Hello, Ada' })).toBeInTheDocument();
    // Rendered as soon as it is found near the screen (ui/render-when-near.tsx; jsdom has no layout: at once).
    const account = (await screen.findByRole('heading', { level: 2, name: 'Your account' })).closest(
      '.adm-card',
    ) as HTMLElement;
    expect(within(account).getByText('+4915123456789')).toBeInTheDocument();
    expect(within(account).getByText('Verified')).toBeInTheDocument();
    expect(within(account).getByText('1,250')).toBeInTheDocument();
    expect(await screen.findByText('Opening hours: Mon–Fri 08:00–20:00')).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute('href', sampleSupport.url);
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps a tab alive (same DOM, no refetch, scroll position) when the user switches tabs', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/stock/kefu': () => ok(sampleSupport),
    });
    const user = userEvent.setup();
    renderApp('/home');

    const greeting = await screen.findByRole('heading', { level: 2, name: 'Hello, Ada' });
    const homePane = greeting.closest('.tab-pane') as HTMLElement;
    // A keyboard reaches the scrolling pane even while its screen shows only its loading state.
    expect(homePane.tabIndex).toBe(0);
    homePane.scrollTop = 240;
    fireEvent.scroll(homePane);
    const kefuRequests = () => sent.filter((request) => request.url === '/api/stock/kefu').length;
    expect(kefuRequests()).toBe(1);

    await user.click(screen.getByRole('link', { name: 'Me' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Me' })).toBeInTheDocument();
    expect(homePane).not.toBeVisible();
    expect(greeting).toBeInTheDocument();

    homePane.scrollTop = 0; // what a hidden element's scroll position becomes in a browser
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(homePane).toBeVisible());
    expect(screen.getByRole('heading', { level: 2, name: 'Hello, Ada' })).toBe(greeting);
    expect(homePane.scrollTop).toBe(240);
    expect(kefuRequests()).toBe(1);
  });

  it('opens a tab without setting its scroll position (a forced layout in the first commit)', async () => {
    logIn();
    mockFetch({ 'GET /api/user/info': () => ok(sampleUser), 'GET /api/stock/kefu': () => ok(sampleSupport) });
    const scrollTopSet = vi.spyOn(Element.prototype, 'scrollTop', 'set');
    try {
      renderApp('/home');
      await screen.findByRole('heading', { level: 2, name: 'Hello, Ada' });
      const panes = scrollTopSet.mock.contexts.filter((element) => (element as Element).classList.contains('tab-pane'));
      expect(panes).toHaveLength(0);
    } finally {
      scrollTopSet.mockRestore();
    }
  });

  it('keeps the tabs alive while another screen is open', async () => {
    logIn();
    mockFetch({ 'GET /api/user/info': () => ok(sampleUser) });
    const user = userEvent.setup();
    renderApp('/my');

    const name = await screen.findByRole('heading', { level: 2, name: 'Ada' });
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(name).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada' })).toBe(name);
  });

  it('lists the Me links, the customer-service link from the configuration and the logout', async () => {
    logIn();
    mockFetch({ 'GET /api/user/info': () => ok(sampleUser) });
    renderApp('/my');

    expect(await screen.findByRole('heading', { level: 2, name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByText('Member level').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Credit points').nextElementSibling).toHaveTextContent('1,250');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/changePassword');
    expect(screen.getByRole('link', { name: /Language/ })).toHaveAttribute('href', '/setting/language');
    expect(screen.getByRole('link', { name: 'User agreement' })).toHaveAttribute('href', '/agreement');
    expect(screen.getByRole('link', { name: 'Customer service' })).toHaveAttribute('href', sampleConfig.kf_url);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
