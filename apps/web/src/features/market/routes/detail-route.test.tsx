import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeColorConvention } from '../../../lib/color-convention';
import { useSessionStore } from '../../../lib/session-store';
import { charts } from '../../../test/fake-lightweight-charts';
import { installFakeStream } from '../../../test/fake-stream';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { hsiDetail, sampleCandles, sapDetail, sapQuote, xetraAlwaysOpen } from '../../../test/market-samples';
import { en } from '@bourse/shared/i18n/en';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';

vi.mock('lightweight-charts', async () =>
  (await import('../../../test/fake-lightweight-charts')).fakeLightweightCharts(),
);

const DAY_MS = 86_400_000;
const dailyCandles = sampleCandles(3, '2026-11-19T00:00:00.000Z', DAY_MS);
const weeklyCandles = sampleCandles(2, '2026-11-09T00:00:00.000Z', 7 * DAY_MS);
const minuteCandles = sampleCandles(4, '2026-11-23T08:57:00.000Z', 60_000);

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const intervalOf = (request: SentRequest) => new URL(request.url, 'http://localhost').searchParams.get('interval');

function serve(overrides: Record<string, (request: SentRequest) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/market/instruments/SAP': () => ok(sapDetail),
    'GET /api/market/instruments/SAP/candles': (request) =>
      ok({ '1d': dailyCandles, '1w': weeklyCandles, '1m': minuteCandles }[intervalOf(request) ?? ''] ?? []),
    ...overrides,
  });
}

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  charts.length = 0;
  stream = installFakeStream();
});
afterEach(() => stream.close());

const chartFigure = () => screen.getByRole('figure');

describe('stock detail (/detail?code=, /stockInfo/:code)', () => {
  it('shows the quote live, the key figures and the way to trade, without a login', async () => {
    serve();
    renderApp('/detail?code=SAP');

    expect(await screen.findByRole('heading', { level: 1, name: 'SAP' })).toBeInTheDocument();
    expect(screen.getByText('182.50')).toHaveClass('market-up');
    expect(screen.getByText('+2.50')).toHaveClass('market-up');
    expect(screen.getByText('+1.39%')).toBeInTheDocument();
    expect(screen.getByText('Market open')).toBeInTheDocument();

    const figures = screen.getByRole('heading', { name: 'Key figures' }).closest('section')!;
    const value = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    expect(value('Open')).toBe('181.00');
    expect(value('Previous close')).toBe('180.00');
    expect(value('High')).toBe('183.00');
    expect(value('Low')).toBe('180.50');
    expect(value('Volume')).toBe('1,250,000');
    expect(value('Bid')).toBe('182.40');
    expect(value('Ask')).toBe('182.60');
    expect(value('P/E ratio')).toBe('45.20');
    expect(value('Industry P/E')).toBe('31.5');
    expect(value('Market value')).toBe('€224.1bn');
    expect(value('Shares outstanding')).toBe('1.2bn');
    expect(value('Shares per lot')).toBe('1');
    expect(value('Sector')).toBe('Technology');
    expect(value('Status')).toBe('Listed');
    // No price limits on this market: the rows are left out rather than shown empty.
    expect(within(figures).queryByText('Limit up')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trade' })).toHaveAttribute('href', '/trade?code=SAP');

    // A tick from the stream moves the header and the figures it changes.
    await waitFor(() => expect(stream.subscribed()).toContain('quotes:SAP'));
    stream.quote({ ...sapQuote, time: '2026-11-23T09:00:01.000Z' }, true);
    stream.quote({
      code: 'SAP',
      last: '179.90',
      change: '-0.10',
      changePct: '-0.06',
      low: '179.90',
      time: '2026-11-23T09:00:02.000Z',
    });
    expect(await screen.findByText('179.90', { selector: '.quote-header-last' })).toHaveClass('market-down');
    expect(screen.getByText('-0.10')).toHaveClass('market-down');
    expect(screen.getByText('-0.06%')).toBeInTheDocument();
    expect(value('Low')).toBe('179.90');
  });

  it('opens on the daily chart and switches to week, intraday and back, each with its own summary', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/detail?code=SAP');

    expect(await screen.findByRole('tab', { name: 'Day' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(charts).toHaveLength(1));
    const chart = charts[0]!;
    await waitFor(() => expect(chart.candles().data).toHaveLength(3));
    expect(chart.candles().data[0]).toEqual({
      time: Date.parse('2026-11-19T00:00:00.000Z') / 1000,
      open: 180,
      high: 180.5,
      low: 179.5,
      close: 180.01,
    });
    expect(chart.volumes().data).toHaveLength(3);
    expect(chart.fits).toBeGreaterThan(0);
    expect(chart.container.querySelector('canvas')).not.toBeNull();
    expect(chartFigure()).toHaveAccessibleName(
      'Daily candlestick chart of SAP: 3 candles from 19 November 2026 to 21 November 2026; last close 180.03, low 179.50, high 180.52',
    );
    // Touch: horizontal drag and pinch are the chart's, a vertical drag scrolls the page.
    expect(chart.options.handleScroll).toMatchObject({ horzTouchDrag: true, vertTouchDrag: false });
    expect(chart.options.handleScale).toMatchObject({ pinch: true });
    expect(performance.getEntriesByName('chart-render').at(-1)).toMatchObject({
      detail: { interval: '1d', candles: 3 },
    });

    await user.click(screen.getByRole('tab', { name: 'Week' }));
    await waitFor(() => expect(chart.candles().data).toHaveLength(2));
    expect(screen.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
    expect(chartFigure()).toHaveAccessibleName(/^Weekly candlestick chart of SAP: 2 candles from 9 November 2026/);

    // The arrow keys move between the tabs too: Intraday is first.
    screen.getByRole('tab', { name: 'Week' }).focus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Intraday' })).toHaveFocus();
    await waitFor(() => expect(chart.candles().data).toHaveLength(4));
    expect(chartFigure()).toHaveAccessibleName(/^1-minute candlestick chart of SAP: 4 candles/);
    expect(chart.appliedOptions.at(-1)).toEqual({ timeScale: { timeVisible: true, secondsVisible: false } });

    await user.click(screen.getByRole('tab', { name: 'Day' }));
    await waitFor(() => expect(chart.candles().data).toHaveLength(3));
    // One chart all along; the daily candles came from the cache.
    expect(charts).toHaveLength(1);
    expect(sent.filter((request) => request.url.includes('/candles')).map(intervalOf)).toEqual(['1d', '1w', '1m']);
  });

  it('opens a long history on its latest candles at a readable width, the rest a drag away', async () => {
    const threeYears = sampleCandles(1_097, '2023-11-23T00:00:00.000Z', DAY_MS);
    serve({ 'GET /api/market/instruments/SAP/candles': () => ok(threeYears) });
    renderApp('/detail?code=SAP');
    await waitFor(() => expect(charts[0]?.candles().data).toHaveLength(1_097));
    const chart = charts[0]!;
    // 300 px of plot at 4 px per candle: the last 75 of them.
    expect(chart.visibleRanges).toEqual([{ from: 1_022, to: 1_096 }]);
    expect(chartFigure()).toHaveAccessibleName(/^Daily candlestick chart of SAP: 1,097 candles from 23 November 2023/);
  });

  it('extends the forming minute candle with live quotes on the intraday chart', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/detail?code=SAP');
    await user.click(await screen.findByRole('tab', { name: 'Intraday' }));
    await waitFor(() => expect(charts[0]?.candles().data).toHaveLength(4));
    const chart = charts[0]!;
    await waitFor(() => expect(stream.subscribed()).toContain('quotes:SAP'));

    // The last candle starts 09:00. The detail's quote (09:00:00) and the stream's snapshot
    // (09:00:30) extend it; an update at 09:01:05 opens the next minute.
    stream.quote({ ...sapQuote, last: '180.10', volume: 1_250_400, time: '2026-11-23T09:00:30.000Z' }, true);
    stream.quote({ code: 'SAP', last: '181.00', volume: 1_250_500, time: '2026-11-23T09:01:05.000Z' });
    await waitFor(() => expect(chart.candles().updates).toHaveLength(3));
    const minute = Date.parse('2026-11-23T09:00:00.000Z') / 1000;
    expect(chart.candles().updates).toEqual([
      { time: minute, open: 180.03, high: 182.5, low: 179.53, close: 182.5 },
      { time: minute, open: 180.03, high: 182.5, low: 179.53, close: 180.1 },
      { time: minute + 60, open: 181, high: 181, low: 181, close: 181 },
    ]);
    // Volume: nothing known before the first quote, then the shares traded since the previous one.
    expect(chart.volumes().updates.map((bar) => (bar as { value: number }).value)).toEqual([1003, 1403, 100]);
  });

  it('says "Failed to fetch candlestick data" when the candles do not come, and tries again', async () => {
    let fail = true;
    serve({
      'GET /api/market/instruments/SAP/candles': () =>
        fail ? failure(500, 'INTERNAL', 'Internal error') : ok(dailyCandles),
    });
    const user = userEvent.setup();
    renderApp('/detail?code=SAP');

    expect(await screen.findByText('Failed to fetch candlestick data', {}, { timeout: 4000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(charts[0]?.candles().data).toHaveLength(3));
    expect(screen.queryByText('Failed to fetch candlestick data')).not.toBeInTheDocument();
  });

  it('adds and removes the favorite with the star when logged in', async () => {
    logIn();
    const { sent } = serve({
      'POST /api/market/favorites': () => ok([sapDetail]),
      'DELETE /api/market/favorites/SAP': () => ok(null),
    });
    const user = userEvent.setup();
    renderApp('/stockInfo/SAP');

    await user.click(await screen.findByRole('button', { name: 'Add to favorites' }));
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toBeInTheDocument();
    expect(await screen.findByText('Added to favorites')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ code: 'SAP' });

    await user.click(screen.getByRole('button', { name: 'Remove from favorites' }));
    expect(await screen.findByRole('button', { name: 'Add to favorites' })).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'DELETE' && request.url === '/api/market/favorites/SAP')).toBe(
      true,
    );
  });

  it('sends an anonymous visitor to the login from the star', async () => {
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/detail?code=SAP');

    await user.click(await screen.findByRole('button', { name: 'Add to favorites' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
  });

  it('needs a login under /stockInfo (not one of the open routes)', async () => {
    serve();
    renderApp('/stockInfo/SAP');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('says when there is no such stock, asking the server only about well-formed codes', async () => {
    const { sent } = serve({
      'GET /api/market/instruments/XYZ': () => failure(404, 'INSTRUMENT_NOT_FOUND', 'No instrument with this code'),
    });
    const { unmount } = renderApp('/detail?code=xyz');
    expect(await screen.findByText('No stock with the code XYZ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search stocks' })).toHaveAttribute('href', '/search');
    unmount();

    renderApp('/detail?code=%3Cscript%3E');
    expect(await screen.findByText('No stock with the code <SCRIPT>')).toBeInTheDocument();
    // XYZ was asked about (the instrument, and its candles alongside); the malformed code never.
    expect(sent.map((request) => request.url.split('?')[0]).sort()).toEqual([
      '/api/market/instruments/XYZ',
      '/api/market/instruments/XYZ/candles',
    ]);
  });

  it('offers no trade button while trading is suspended', async () => {
    serve({
      'GET /api/market/instruments/SAP': () =>
        ok({
          ...sapDetail,
          status: 'suspended',
          tradingEnabled: false,
          quote: { ...sapQuote, limitUp: '200.75', limitDown: '164.25' },
        }),
    });
    renderApp('/detail?code=SAP');
    expect(await screen.findByText('Trading in this stock is suspended')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Trade' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Suspended').length).toBeGreaterThan(0);
    expect(screen.getByText('Limit up').nextElementSibling).toHaveTextContent('200.75');
    expect(screen.getByText('Limit down').nextElementSibling).toHaveTextContent('164.25');
  });
});

describe('the chart and the colour convention', () => {
  it('draws rising candles in the convention’s rise colour and redraws when it changes', async () => {
    serve();
    renderApp('/detail?code=SAP');
    await waitFor(() => expect(charts).toHaveLength(1));
    const chart = charts[0]!;
    await waitFor(() => expect(chart.candles().data).toHaveLength(3));
    // English: green up, red down.
    expect(chart.candles().options).toMatchObject({ upColor: '#0a7a45', downColor: '#cf1322', wickUpColor: '#0a7a45' });
    const rising = (chart.volumes().data as Array<{ color: string }>)[0]!;
    expect(rising.color).toBe('rgba(10, 122, 69, 0.45)');

    await act(() => changeColorConvention('red-up'));

    await waitFor(() =>
      expect(chart.candles().appliedOptions.at(-1)).toMatchObject({
        upColor: '#cf1322',
        downColor: '#0a7a45',
        borderUpColor: '#cf1322',
        wickDownColor: '#0a7a45',
      }),
    );
    expect((chart.volumes().data as Array<{ color: string }>)[0]!.color).toBe('rgba(207, 19, 34, 0.45)');
    expect(chart.volumes().data).toHaveLength(3);
    expect(screen.getByText('+2.50')).toHaveClass('market-up');
    expect(document.documentElement.dataset['colorConvention']).toBe('red-up');
  });
});

describe('indices and exchanges on the detail screen', () => {
  it('shows an index without a trade button and without share figures, with its exchange closed', async () => {
    serve({ 'GET /api/market/instruments/HSI': () => ok(hsiDetail) });
    renderApp('/detail?code=HSI');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hang Seng Index' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Trade' })).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent(en.exchange.indexNote);
    const figures = screen.getByRole('heading', { name: 'Key figures' }).closest('section')!;
    const labels = within(figures)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(labels).toEqual(['Open', 'Previous close', 'High', 'Low']);
    for (const hidden of ['Volume', 'Turnover', 'Market value', 'Shares per lot', 'P/E ratio', 'Bid']) {
      expect(within(figures).queryByText(hidden)).toBeNull();
    }

    // The badge is the exchange's: Hong Kong is closed at 17:00 local.
    expect(screen.getAllByText('HKEX closed').length).toBeGreaterThan(0);
    const exchange = screen.getByRole('heading', { name: 'Exchange' }).closest('section')!;
    expect(within(exchange).getByText('Hong Kong Exchanges (HKEX)')).toBeInTheDocument();
    // Two sessions (lunch break), on the investor's clock.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const shown = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(
        Date.parse(iso),
      );
    expect(
      within(exchange).getByText(`${shown('2026-11-23T01:30:00Z')}–${shown('2026-11-23T04:00:00Z')}`),
    ).toBeInTheDocument();
    expect(
      within(exchange).getByText(`${shown('2026-11-23T05:00:00Z')}–${shown('2026-11-23T08:00:00Z')}`),
    ).toBeInTheDocument();
    expect(within(exchange).getByText(/^Opens /)).toBeInTheDocument();
  });

  it('a share keeps its trade button and names its exchange in the badge', async () => {
    serve({
      'GET /api/market/instruments/SAP': () => ok({ ...sapDetail, exchange: 'XETRA', exchangeInfo: xetraAlwaysOpen }),
    });
    renderApp('/detail?code=SAP');
    expect(await screen.findByRole('link', { name: 'Trade' })).toBeInTheDocument();
    expect(screen.getAllByText('XETRA open').length).toBeGreaterThan(0);
    expect(screen.getByText(en.exchange.alwaysOpen)).toBeInTheDocument();
    const figures = screen.getByRole('heading', { name: 'Key figures' }).closest('section')!;
    expect(within(figures).getByText('Market value')).toBeInTheDocument();
  });
});
