import type { InstrumentListItem, Quote } from '@bourse/shared/schemas/market';
import { describe, expect, it } from 'vitest';
import { withQuote } from './use-live-item';

const row: InstrumentListItem = {
  code: '0700',
  name: 'Tencent',
  pinyin: null,
  sector: 'Tech',
  board: 'main',
  status: 'listed',
  lotSize: 100,
  currency: 'EUR',
  last: '300.00',
  change: '0.00',
  changePct: '0.00',
  volume: 0,
  turnover: '0.00',
};
const quote: Quote = {
  code: '0700',
  last: '303.00',
  bid: '302.90',
  ask: '303.10',
  open: '300.00',
  high: '304.00',
  low: '299.00',
  prevClose: '300.00',
  change: '3.00',
  changePct: '1.00',
  volume: 1200,
  turnover: '363600.00',
  limitUp: null,
  limitDown: null,
  exchange: 'HKEX',
  marketOpen: true,
  time: '2026-11-23T02:00:00.000Z',
};

describe('a list row following the stream', () => {
  it('takes the live figures and the exchange the stream names (a row stored without one gets it)', () => {
    expect(withQuote(row, quote)).toMatchObject({ last: '303.00', changePct: '1.00', volume: 1200, exchange: 'HKEX' });
  });

  it('keeps its own exchange when the quote does not name one', () => {
    const { exchange: _omitted, ...older } = quote;
    expect(withQuote({ ...row, exchange: 'HKEX' }, older).exchange).toBe('HKEX');
    expect(withQuote(row, undefined)).toBe(row);
  });
});
