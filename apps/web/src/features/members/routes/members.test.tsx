import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditPointEvent } from '@bourse/shared/schemas/members';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleStanding } from '../../../test/member-samples';
import { sampleAssets } from '../../../test/wallet-samples';
import { progressPercent } from '../components/level-progress';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: { ...sampleUser, hasTradingPassword: true } });
  useSessionStore.getState().setConfig(sampleConfig);
}

const event = (id: number, rule: CreditPointEvent['rule'], points: number, balanceAfter: number): CreditPointEvent => ({
  id,
  rule,
  points,
  balanceAfter,
  createdAt: '2026-11-25T09:30:00.000Z',
});

function servePersonCentre(answer: () => Response) {
  return mockFetch({
    'GET /api/user/assets': () => ok(sampleAssets),
    'GET /api/user/info': () => ok({ ...sampleUser, hasTradingPassword: true }),
    'GET /api/members/standing': answer,
  });
}

describe('credit points and member level in the personal centre (/personCenter)', () => {
  it('shows points, level, what they mean, the progress to the next level and every tier', async () => {
    logIn();
    servePersonCentre(() => ok(sampleStanding(2, '20000.00')));
    renderApp('/personCenter');

    const section = await screen.findByRole('region', { name: 'Credit points and member level' });
    const points = await within(section).findByText('Credit points', { selector: 'dt' });
    expect(points.nextElementSibling).toHaveTextContent('200');
    expect(within(section).getByText('Member level', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Level 2 · Silver',
    );
    expect(within(section).getByText(/for verifying your identity, for your first deposit/)).toBeInTheDocument();
    expect(within(section).getByText(/follows your total assets/)).toBeInTheDocument();
    // From 10,000.00 (level 2) to 50,000.00 (level 3) with 20,000.00: a quarter of the way.
    const bar = within(section).getByRole('progressbar', { name: 'Progress to Gold' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(within(section).getByText('€30,000.00 more in total assets takes you to Gold.')).toBeInTheDocument();
    const tiers = within(within(section).getByRole('list', { name: 'Levels' })).getAllByRole('listitem');
    expect(tiers.map((tier) => tier.textContent)).toEqual([
      'Level 1 · BasicTotal assets from €0.00',
      'Level 2 · SilverTotal assets from €10,000.00Your level',
      'Level 3 · GoldTotal assets from €50,000.00',
      'Level 4 · PlatinumTotal assets from €200,000.00',
      'Level 5 · DiamondTotal assets from €1,000,000.00',
    ]);
    expect(tiers[1]).toHaveAttribute('aria-current', 'true');
    expect(within(section).getByText(/Last reviewed on/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Points history' })).toHaveAttribute('href', '/ucenter/points');
  });

  it('says when the next level is already reached, and at the top that there is none', async () => {
    logIn();
    servePersonCentre(() => ok(sampleStanding(1, '12000.00')));
    renderApp('/personCenter');
    expect(
      await screen.findByText('Your total assets already reach Silver: your level rises at the end of the day.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress to Silver' })).toHaveAttribute('aria-valuenow', '100');
  });

  it('at the top level shows no progress bar', async () => {
    logIn();
    servePersonCentre(() => ok(sampleStanding(5, '2500000.00', { reviewedOn: null })));
    renderApp('/personCenter');
    expect(await screen.findByText('You have reached the highest level.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Your level is reviewed at the end of the day.')).toBeInTheDocument();
  });

  it('offers a retry when the standing cannot be loaded', async () => {
    logIn();
    let calls = 0;
    servePersonCentre(() => {
      calls += 1;
      return calls === 1 ? failure(404, 'NOT_FOUND', 'gone') : ok(sampleStanding(2, '20000.00'));
    });
    const user = userEvent.setup();
    renderApp('/personCenter');
    const section = await screen.findByRole('region', { name: 'Credit points and member level' });
    const alert = await within(section).findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findAllByText('Level 2 · Silver')).toHaveLength(2);
  });

  it('computes the progress in whole percent from the minor units', () => {
    expect(progressPercent(sampleStanding(2, '10000.00'))).toBe(0);
    expect(progressPercent(sampleStanding(2, '49999.99'))).toBe(99);
    expect(progressPercent(sampleStanding(1, '-50.00'))).toBe(0);
    expect(progressPercent(sampleStanding(5, '1000000.00'))).toBe(100);
  });
});

describe('points history (/ucenter/points)', () => {
  it('lists each change with its reason, sign, time and balance, newest first', async () => {
    logIn();
    mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/members/points': () =>
        ok({
          items: [
            event(3, 'loan_repaid_late', -100, 100),
            event(2, 'first_deposit', 100, 200),
            event(1, 'identity_verified', 100, 100),
          ],
          total: 3,
          page: 1,
          pageSize: 20,
        }),
    });
    renderApp('/ucenter/points');
    expect(await screen.findByRole('heading', { level: 1, name: 'Points history' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Points history' });
    const late = within(list).getByRole('listitem', { name: 'Loan repaid late' });
    expect(within(late).getByText('-100')).toHaveClass('point-event-loss');
    expect(within(late).getByText('Balance: 100')).toBeInTheDocument();
    const deposit = within(list).getByRole('listitem', { name: 'First deposit' });
    expect(within(deposit).getByText('+100')).toHaveClass('point-event-gain');
    expect(within(list).getByRole('listitem', { name: 'Identity verified' })).toBeInTheDocument();
    expect(await screen.findByText('No more data')).toBeInTheDocument();
  });

  it('says so when the points never changed', async () => {
    logIn();
    mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/members/points': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
    });
    renderApp('/ucenter/points');
    expect(await screen.findByText('No credit points yet. You earn points as you trade.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the market' })).toHaveAttribute('href', '/market');
    expect(screen.queryByRole('list', { name: 'Points history' })).not.toBeInTheDocument();
  });

  it('offers a retry when the history cannot be loaded', async () => {
    logIn();
    let calls = 0;
    mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/members/points': () => {
        calls += 1;
        return calls === 1
          ? failure(404, 'NOT_FOUND', 'gone')
          : ok({ items: [event(1, 'identity_verified', 100, 100)], total: 1, page: 1, pageSize: 20 });
      },
    });
    const user = userEvent.setup();
    renderApp('/ucenter/points');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Identity verified' })).toBeInTheDocument();
  });
});
