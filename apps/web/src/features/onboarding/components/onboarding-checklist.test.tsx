import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OnboardingResponse } from '@bourse/shared/schemas/onboarding';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const sentTo = (sent: SentRequest[], route: string) =>
  sent.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

const checklist = (overrides: Partial<OnboardingResponse> = {}): OnboardingResponse => ({
  steps: [
    { key: 'identity', done: false, status: 'in_review' },
    { key: 'tradingPassword', done: true },
    { key: 'card', done: false },
    { key: 'deposit', done: false },
    { key: 'firstTrade', done: false },
    { key: 'firstSubscription', done: true },
  ],
  dismissed: false,
  complete: false,
  ...overrides,
});

const findCard = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'Your first steps' }, { timeout: 5000 })).closest(
    '.onboarding-card',
  ) as HTMLElement;

describe('the getting-started checklist on home', () => {
  it('comes first on home and shows each step’s state, the identity review’s status, and its link', async () => {
    logIn();
    mockFetch({ 'GET /api/user/onboarding': () => ok(checklist()) });
    renderApp('/');
    const card = await findCard();
    const home = card.closest('.home-content')!;
    expect(home.firstElementChild).toBe(card);
    expect(within(card).getByText('2 of 6 done')).toBeInTheDocument();

    const links = within(card).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['1Verify your identityIn review', '/realNameAuthentication'],
      ['✓Set your trading passwordDone', '/payPwd'],
      ['3Add a bank cardTo do', '/ucenter/bank'],
      ['4Deposit moneyTo do', '/fastpayment'],
      ['5Buy your first shareTo do', '/market'],
      ['✓Subscribe to your first new issueDone', '/shares/new'],
    ]);
    expect(card.querySelector('[data-step="tradingPassword"]')).toHaveAttribute('data-done', 'true');
    expect(card.querySelector('[data-step="card"]')).toHaveAttribute('data-done', 'false');
  });

  it('is put away only after confirming, and stays away', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/user/onboarding': () => ok(checklist()),
      'POST /api/user/onboarding/dismiss': () => ok(checklist({ dismissed: true })),
    });
    const user = userEvent.setup();
    renderApp('/');
    const card = await findCard();

    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide the checklist?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(sent, 'POST /api/user/onboarding/dismiss')).toHaveLength(0);
    expect(card).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    const again = await screen.findByRole('dialog', { name: 'Hide the checklist?' });
    await user.click(within(again).getByRole('button', { name: 'Hide' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Your first steps' })).not.toBeInTheDocument(),
    );
    expect(sentTo(sent, 'POST /api/user/onboarding/dismiss')).toHaveLength(1);
    expect(sentTo(sent, 'POST /api/user/onboarding/dismiss')[0]!.body).toEqual({});
  });

  it('is not shown once every step is done, nor after it was put away', async () => {
    for (const state of [checklist({ complete: true }), checklist({ dismissed: true })]) {
      logIn();
      const { sent } = mockFetch({ 'GET /api/user/onboarding': () => ok(state) });
      const { unmount } = renderApp('/');
      await waitFor(() => expect(sentTo(sent, 'GET /api/user/onboarding')).toHaveLength(1));
      await screen.findAllByRole('heading', { level: 2 });
      expect(screen.queryByRole('heading', { level: 2, name: 'Your first steps' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('offers a retry when the list cannot be loaded', async () => {
    logIn();
    let calls = 0;
    mockFetch({
      'GET /api/user/onboarding': () => {
        calls += 1;
        return calls === 1 ? failure(500, 'INTERNAL', 'boom') : ok(checklist());
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    // The checklist's place, first on home, holds the error with its retry.
    const error = await waitFor(
      () => {
        const first = document.querySelector('.home-content')?.firstElementChild;
        expect(first).toHaveClass('query-error');
        return first as HTMLElement;
      },
      { timeout: 5000 },
    );
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await findCard()).toBeInTheDocument();
  });
});
