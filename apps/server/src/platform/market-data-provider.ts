/**
 * Where live prices come from. The demo and the tests use the seeded simulator; a vendor feed
 * adapter implements the same interface. Prices are integer ten-thousandths, amounts minor units.
 */
export interface LiveQuote {
  instrumentId: number;
  code: string;
  lastTicks: number;
  bidTicks: number;
  askTicks: number;
  openTicks: number;
  highTicks: number;
  lowTicks: number;
  prevCloseTicks: number;
  /** Shares traded in the current trading day. */
  volume: number;
  turnoverMinor: number;
  limitUpTicks: number | null;
  limitDownTicks: number | null;
  /** The trading date (`YYYY-MM-DD`, exchange zone) these day figures belong to. */
  tradingDate: string;
  timeMs: number;
}

/** The bar being formed right now (not yet stored), so charts can show the live minute and day. */
export interface LiveBars {
  minute: { t: number; open: number; high: number; low: number; close: number; volume: number } | null;
  day: { t: number; open: number; high: number; low: number; close: number; volume: number } | null;
}

export interface MarketDataProvider {
  /**
   * `source`: this instance produces the prices (and its quote feed publishes them); `follower`: it
   * mirrors prices another instance publishes through the hub.
   */
  readonly role: 'source' | 'follower';
  /** The latest quote, or undefined for an unknown code or an instrument without prices. */
  quote(code: string): LiveQuote | undefined;
  quotes(): LiveQuote[];
  /** Bars in progress for an instrument (empty when the provider does not form bars). */
  liveBars(instrumentId: number): LiveBars;
  /**
   * Whether the market is open at this instant (the business calendar decides); with an instrument
   * code, whether that instrument's exchange is (its own hours and zone, unless all trade 24/7).
   */
  isOpen(atMs: number, code?: string): boolean;
  /** The exchange an instrument is listed on (its code in `exchanges`), or undefined for an unknown code. */
  exchangeOf(code: string): string | undefined;
  /** Called after each batch of price changes with the quotes that changed. */
  onQuotes(listener: (changed: readonly LiveQuote[]) => void): () => void;
  /** Loads instruments and history; with `timer`, ticks on its own until stop(). */
  start(options?: { timer?: boolean }): Promise<void>;
  /** Picks up instruments created or edited since start (console, importer). */
  refreshInstruments(): Promise<void>;
  /**
   * Grows whenever stored history may have changed other than by ticking (an import, a new
   * instrument): caches of bars key on it. Call refreshInstruments() after writing bars.
   */
  readonly historyVersion: number;
  stop(): Promise<void>;
}
