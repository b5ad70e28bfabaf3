import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Assets } from '@bourse/shared/schemas/wallet';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleSupport, sampleUser } from '../../../test/render-app';
import { sampleAssets } from '../../../test/wallet-samples';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: { ...sampleUser, hasTradingPassword: true } });
  useSessionStore.getState().setConfig(sampleConfig);
}

/** The value shown for a label in a description list. */
const figure = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('personal centre (/personCenter)', () => {
  it('shows every figure of the account, formatted, with credit points and member level', async () => {
    logIn();
    mockFetch({
      'GET /api/user/assets': () =>
        ok({ ...sampleAssets, fundPending: '25.00', loanOutstanding: '100.00', netAssets: '4900.00' } satisfies Assets),
      'GET /api/user/info': () => ok({ ...sampleUser, hasTradingPassword: true }),
    });
    renderApp('/personCenter');

    expect(await screen.findByRole('heading', { level: 1, name: 'Personal centre' })).toBeInTheDocument();
    const overview = await screen.findByRole('region', { name: 'Total assets' });
    expect(within(overview).getByText('€5,000.00')).toBeInTheDocument();
    expect(figure(overview, 'Cash')).toHaveTextContent('€1,500.00');
    expect(figure(overview, 'Available')).toHaveTextContent('€1,250.00');
    expect(figure(overview, 'Withdrawable')).toHaveTextContent('€1,200.50');
    expect(figure(overview, 'Frozen')).toHaveTextContent('€250.00');
    expect(figure(overview, 'Market value')).toHaveTextContent('€3,000.00');
    expect(within(figure(overview, 'Floating profit/loss')).getByText('-€42.10')).toHaveClass('money-text-loss');
    expect(figure(overview, 'Balance product')).toHaveTextContent('€500.00');
    expect(figure(overview, 'Balance product (settling)')).toHaveTextContent('€25.00');
    expect(figure(overview, 'Loan outstanding')).toHaveTextContent('€100.00');
    // The total is gross; the loan is shown against it.
    expect(figure(overview, 'Net assets')).toHaveTextContent('€4,900.00');
    expect(figure(overview, 'Credit points')).toHaveTextContent('1,250');
    expect(figure(overview, 'Member level')).toHaveTextContent('3');
  });

  it('leads to every money screen', async () => {
    logIn();
    mockFetch({
      'GET /api/user/assets': () => ok(sampleAssets),
      'GET /api/user/info': () => ok({ ...sampleUser, hasTradingPassword: false }),
    });
    renderApp('/personCenter');

    await screen.findByRole('region', { name: 'Total assets' });
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/bankIn');
    expect(screen.getByRole('link', { name: 'Bank-securities transfer' })).toHaveAttribute('href', '/ucenter/transfer');
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdraw');
    expect(screen.getByRole('link', { name: 'My bank cards' })).toHaveAttribute('href', '/ucenter/bank-list');
    expect(screen.getByRole('link', { name: 'Finance records' })).toHaveAttribute('href', '/bankRecord');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Trading password\s*Not set/ })).toHaveAttribute('href', '/payPwd'),
    );
  });
});

describe('Me tab', () => {
  it('shows the money at a glance and fetches it again each time the tab is shown', async () => {
    logIn();
    let assetsCalls = 0;
    mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/stock/kefu': () => ok(sampleSupport),
      'GET /api/user/assets': () => {
        assetsCalls += 1;
        return ok(assetsCalls === 1 ? sampleAssets : { ...sampleAssets, totalAssets: '5100.00' });
      },
    });
    const user = userEvent.setup();
    renderApp('/my');

    const overview = await screen.findByRole('region', { name: 'Total assets' });
    expect(within(overview).getByText('€5,000.00')).toBeInTheDocument();
    expect(figure(overview, 'Withdrawable')).toHaveTextContent('€1,200.50');
    expect(within(overview).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/bankIn');
    expect(within(overview).getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdraw');
    expect(within(overview).getByRole('link', { name: 'Personal centre' })).toHaveAttribute('href', '/personCenter');
    expect(screen.getByRole('link', { name: 'Finance records' })).toHaveAttribute('href', '/bankRecord');
    expect(assetsCalls).toBe(1);

    await user.click(screen.getByRole('link', { name: 'Home' }));
    await user.click(await screen.findByRole('link', { name: 'Me' }));

    await waitFor(() => expect(assetsCalls).toBe(2));
    expect(await within(overview).findByText('€5,100.00')).toBeInTheDocument();
  });
});
