import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../lib/i18n';
import { useSessionStore } from '../lib/session-store';
import { installFakeStream } from '../test/fake-stream';
import { mockFetch, ok } from '../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../test/render-app';
import { dteHolding, openLot } from '../test/trading-samples';
import { sampleAssets } from '../test/wallet-samples';

/**
 * Issue 16: the German labels a German investor read wrong — a count of instruments labelled as a
 * count of shares, the investor's own orders called the exchange's "Orderbuch", and two menu entries
 * for one thing.
 */
function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: { ...sampleUser, hasTradingPassword: true } });
  useSessionStore.getState().setConfig(sampleConfig);
}

const figure = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
  applyLanguage('de');
});
afterEach(() => stream.close());

describe('German labels (issue 16)', () => {
  it('counts the instruments held as "Gehaltene Werte" and keeps "Gehaltene Aktien" for a number of shares', async () => {
    logIn();
    // One instrument, twenty shares of it.
    mockFetch({
      'GET /api/trade/holdings': () => ok([dteHolding]),
      'GET /api/trade/positions': () => ok([openLot]),
    });
    renderApp('/ucenter/holding');

    const summary = await screen.findByRole('region', { name: 'Marktwert des Bestands' });
    expect(figure(summary, 'Gehaltene Werte')).toHaveTextContent(/^1$/);
    expect(within(summary).queryByText('Gehaltene Aktien')).not.toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: /Deutsche Telekom/ });
    expect(figure(row, 'Gehaltene Aktien')).toHaveTextContent('20');
  });

  it('has one entry for the orders in the personal centre and on the holdings, named "Meine Orders", never "Orderbuch"', async () => {
    logIn();
    mockFetch({
      'GET /api/user/assets': () => ok(sampleAssets),
      'GET /api/user/info': () => ok({ ...sampleUser, hasTradingPassword: true }),
      'GET /api/trade/holdings': () => ok([]),
      'GET /api/trade/positions': () => ok([]),
    });
    const centre = renderApp('/personCenter');
    const trading = await screen.findByRole('list', { name: 'Handel' });
    const orderLinks = within(trading)
      .getAllByRole('link')
      .filter((link) => /^\/(transaction|shares\/creatOrder)/.test(link.getAttribute('href') ?? ''));
    expect(orderLinks.map((link) => link.textContent)).toEqual(['Meine Orders']);
    expect(document.body).not.toHaveTextContent('Orderbuch');
    centre.unmount();

    renderApp('/ucenter/holding');
    await screen.findByRole('heading', { level: 1, name: 'Mein Bestand' });
    const links = screen
      .getAllByRole('link')
      .filter((link) => /^\/(transaction|shares\/creatOrder)/.test(link.getAttribute('href') ?? ''));
    expect(links.map((link) => link.textContent)).toEqual(['Meine Orders']);
    expect(document.body).not.toHaveTextContent('Orderbuch');
  });

  it('titles the orders "Meine Orders", with every order under "Alle Orders", also from the old address', async () => {
    logIn();
    mockFetch({ 'GET /api/trade/orders': () => ok([]) });
    renderApp('/shares/creatOrder');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Orders' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Alle Orders' })).toHaveAttribute('aria-selected', 'true');
    expect(document.body).not.toHaveTextContent('Orderbuch');
  });
});
