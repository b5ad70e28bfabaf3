import type { InstrumentListItem, Quote } from '@bourse/shared/schemas/market';
import { useLiveQuote } from '../../lib/stream';

/** A list row's figures brought up to date by a live quote. */
export function withQuote(item: InstrumentListItem, quote: Quote | undefined): InstrumentListItem {
  if (!quote) return item;
  return {
    ...item,
    last: quote.last,
    change: quote.change,
    changePct: quote.changePct,
    volume: quote.volume,
    turnover: quote.turnover,
    // The stream names the exchange too: a row stored before lists carried it gets it here.
    exchange: quote.exchange ?? item.exchange,
  };
}

/**
 * An instrument's list figures, following the quote stream while `live` (the row is on screen).
 * Rows off screen or in a hidden tab do not subscribe, which keeps a long list within the stream's
 * topic limit per connection.
 */
export function useLiveItem(item: InstrumentListItem, live: boolean): InstrumentListItem {
  return withQuote(item, useLiveQuote(live ? item.code : null));
}
