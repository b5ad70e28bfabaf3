import type { Candle, ExchangeInfo, InstrumentDetail, InstrumentListItem, Quote } from '@bourse/shared/schemas/market';

/** Answers of the market endpoints as the server would give them. */
export function listItem(
  overrides: Partial<InstrumentListItem> & Pick<InstrumentListItem, 'code' | 'name'>,
): InstrumentListItem {
  return {
    pinyin: null,
    sector: 'technology',
    board: 'main',
    status: 'listed',
    lotSize: 1,
    currency: 'EUR',
    last: '100.00',
    change: '0.00',
    changePct: '0.00',
    volume: 1_000,
    turnover: '100000.00',
    ...overrides,
  };
}

export const sap = listItem({
  code: 'SAP',
  name: 'SAP',
  last: '182.50',
  change: '2.50',
  changePct: '1.39',
  volume: 1_250_000,
  turnover: '228125000.00',
});
export const moutai = listItem({
  code: '600519',
  name: 'Kweichow Moutai',
  pinyin: 'gzmt',
  sector: 'consumer',
  lotSize: 100,
  last: '1450.00',
  change: '-12.34',
  changePct: '-0.84',
  volume: 3_400_000,
  turnover: '4930000000.00',
});
export const bayer = listItem({
  code: 'BAYN',
  name: 'Bayer',
  sector: 'healthcare',
  last: '27.85',
  change: '-0.95',
  changePct: '-3.30',
  volume: 5_600_000,
});
export const dax = listItem({
  code: 'DAX',
  name: 'DAX',
  sector: 'index',
  board: 'index',
  last: '19250.40',
  change: '120.15',
  changePct: '0.63',
  volume: 0,
  turnover: '0.00',
});

export const sampleOverview = {
  indices: [dax],
  gainers: [sap],
  losers: [bayer, moutai],
  active: [moutai, sap],
  marketOpen: true,
};

export const sapQuote: Quote = {
  code: 'SAP',
  last: '182.50',
  bid: '182.40',
  ask: '182.60',
  open: '181.00',
  high: '183.00',
  low: '180.50',
  prevClose: '180.00',
  change: '2.50',
  changePct: '1.39',
  volume: 1_250_000,
  turnover: '228125000.00',
  limitUp: null,
  limitDown: null,
  marketOpen: true,
  time: '2026-11-23T09:00:00.000Z',
};

export const sapDetail: InstrumentDetail = {
  ...sap,
  names: {},
  pe: '45.20',
  industryPe: '31.5',
  sharesOutstanding: 1_228_000_000,
  marketValue: '224110000000.00',
  tradingEnabled: true,
  isFavorite: false,
  quote: sapQuote,
};

/** `count` consecutive candles from `startIso`, `stepMs` apart, rising by a cent each. */
export function sampleCandles(count: number, startIso: string, stepMs: number): Candle[] {
  const start = Date.parse(startIso);
  return Array.from({ length: count }, (_, index) => {
    const cents = 18_000 + index;
    const price = (offset: number) =>
      `${Math.floor((cents + offset) / 100)}.${String((cents + offset) % 100).padStart(2, '0')}`;
    return {
      t: new Date(start + index * stepMs).toISOString(),
      o: price(0),
      h: price(50),
      l: price(-50),
      c: price(1),
      v: 1_000 + index,
    };
  });
}

/** Xetra in the 24/7 demo: open, never closing. */
export const xetraAlwaysOpen: ExchangeInfo = {
  code: 'XETRA',
  name: 'Xetra',
  timeZone: 'Europe/Berlin',
  sessions: [{ open: '09:00', close: '17:30' }],
  alwaysOpen: true,
  open: true,
  nextOpen: null,
  nextClose: null,
};

/** Hong Kong with its hours, closed at the samples' time (17:00 there), opening the next morning. */
export const hkexClosed: ExchangeInfo = {
  code: 'HKEX',
  name: 'Hong Kong Exchanges',
  timeZone: 'Asia/Hong_Kong',
  sessions: [
    { open: '09:30', close: '12:00' },
    { open: '13:00', close: '16:00' },
  ],
  alwaysOpen: false,
  open: false,
  nextOpen: '2026-11-24T01:30:00.000Z',
  nextClose: '2026-11-24T04:00:00.000Z',
};

/** The Hang Seng index: points, no shares, on HKEX. */
export const hsiDetail: InstrumentDetail = {
  ...listItem({ code: 'HSI', name: 'Hang Seng Index', sector: 'index', board: 'index', lotSize: 1 }),
  names: {},
  pe: null,
  industryPe: null,
  sharesOutstanding: 0,
  marketValue: '0.00',
  tradingEnabled: true,
  isFavorite: false,
  quote: { ...sapQuote, code: 'HSI', volume: 0, turnover: '0.00', marketOpen: false },
  exchange: 'HKEX',
  exchangeInfo: hkexClosed,
};
