import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Products } from '@bourse/shared/schemas/products';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig } from '../../../test/render-app';

const sampleProducts: Products = {
  shares: {
    commissionRate: '0.0025',
    commissionMin: '5.00',
    transactionFeeRate: '0.0001',
    stampDutyRate: '0.0010',
    tPlusOne: true,
  },
  fund: { rate: '2.75', effectiveDate: '2026-11-23' },
  loans: {
    rate: '6.50',
    termsDays: [30, 90],
    limits: [
      { level: 1, limit: '5000.00' },
      { level: 2, limit: '10000.00' },
    ],
  },
  wallet: { minDeposit: '100.00', maxDeposit: '50000.00', minWithdrawal: '50.00' },
};

/** The card of one product, found by its heading. */
const card = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('li') as HTMLElement;
const condition = (product: HTMLElement, label: string) =>
  within(product).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('products (/shop)', () => {
  it('opens without login and shows each product with the conditions the server gives, linking to its screen', async () => {
    useSessionStore.getState().setConfig(sampleConfig);
    mockFetch({ 'GET /api/products': () => ok(sampleProducts) });
    const user = userEvent.setup();
    renderApp('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Shares' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Shares',
      'New shares',
      'Block trades',
      'Money-market fund',
      'Loans',
    ]);
    const shares = card('Shares');
    expect(condition(shares, 'Commission')).toMatch(/^0\.25 %, at least .*5\.00/);
    expect(condition(shares, 'Stamp duty (sales)')).toBe('0.10 %');
    expect(condition(shares, 'Selling shares you bought')).toBe('from the next business day (T+1)');
    expect(condition(card('Money-market fund'), 'Annual rate today')).toBe('2.75 %');
    const loans = card('Loans');
    expect(condition(loans, 'Annual rate')).toBe('6.50 %');
    expect(condition(loans, 'Terms')).toBe('30, 90 days');
    expect(condition(loans, 'Limit at level 2')).toMatch(/10,000\.00/);
    expect(screen.getByRole('link', { name: 'Open: Money-market fund' })).toHaveAttribute('href', '/trade/money');
    expect(screen.getByRole('link', { name: 'Open: Block trades' })).toHaveAttribute('href', '/shares/dzjy');
    await user.click(screen.getByRole('link', { name: 'Open: Loans' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });
});
