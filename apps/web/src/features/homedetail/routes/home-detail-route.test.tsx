import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Assets } from '@bourse/shared/schemas/wallet';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleSupport, sampleUser } from '../../../test/render-app';
import { sampleAssets } from '../../../test/wallet-samples';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

/** The row of a figure: its label, value and explanation. */
const row = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement as HTMLElement;
};

describe('account in detail (/homedetail)', () => {
  it('shows every figure with its explanation, the unsettled part derived from available and withdrawable', async () => {
    logIn();
    mockFetch({
      'GET /api/user/assets': () =>
        ok({ ...sampleAssets, available: '1000.00', withdrawable: '750.00', floatingPnl: '-12.50' } satisfies Assets),
    });
    renderApp('/homedetail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account in detail' })).toBeInTheDocument();
    expect(await screen.findByText('Total assets', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getAllByRole('term')).toHaveLength(13);
    expect(within(row('Unsettled')).getByText(/250\.00/)).toBeInTheDocument();
    expect(row('Unsettled')).toHaveTextContent('Sale proceeds that settle on the next business day.');
    expect(within(row('Withdrawable')).getByText(/750\.00/)).toBeInTheDocument();
    expect(row('Floating profit/loss').querySelector('.money-text-loss')).not.toBeNull();
    expect(row('Loan outstanding')).toHaveTextContent('Principal and interest you owe on loans.');
  });

  it('is opened from the account card on home', async () => {
    logIn();
    mockFetch({
      'GET /api/user/assets': () => ok(sampleAssets),
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/stock/kefu': () => ok(sampleSupport),
    });
    const user = userEvent.setup();
    renderApp('/home');
    await user.click(await screen.findByRole('link', { name: 'Account in detail' }, { timeout: 5_000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account in detail' })).toBeInTheDocument();
  });
});
