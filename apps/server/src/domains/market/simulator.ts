import { randomBytes } from 'node:crypto';
import type { BusinessCalendar } from '../../platform/calendar.ts';
import { dateKey } from '../../platform/calendar.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DatabaseHandle, Db } from '../../platform/db/database.ts';
import { invariant } from '../../platform/errors.ts';
import type { LiveBars, LiveQuote, MarketDataProvider } from '../../platform/market-data-provider.ts';
import { hashSeed, SeededRandom } from './random.ts';
import { parseAmount } from '@bourse/shared/money';
import { mulDivHalfUp } from '@bourse/shared/fees';
import { parsePrice, tickSizeTicks, TICKS_PER_MINOR } from '@bourse/shared/price';
import type { Quote } from '@bourse/shared/schemas/market';
import type { RealtimeHub } from '../../platform/realtime-hub.ts';
import type { ExchangeCalendars } from '../../platform/exchange-calendars.ts';
import {
  hasDailyBars,
  insertBars,
  latestBars,
  listExchanges,
  simulatedInstruments,
  upsertBars,
} from './market.repository.ts';
import { quoteTopic } from './quote-topic.ts';

/** The hub notice on which instances hear that the instruments changed on another one. */
export const INSTRUMENTS_CHANGED_NOTICE = 'market-instruments-changed';

export interface SimulatorOptions {
  seed: number;
  tickMs: number;
  spreadBp: number;
  /** 0 = no limit band. */
  limitBandPct: number;
  backfillDays: number;
  backfillIntradayDays: number;
  /**
   * Scale-out: the hub (Redis) on which the simulating instance publishes its quotes. With it this
   * simulator starts as a follower of those quotes — it neither ticks, back-fills nor writes bars —
   * until `lead()` makes it the source (the market lease decides: bootstrap.ts), and `follow()`
   * makes it follow again.
   */
  follow?: RealtimeHub | undefined;
  /**
   * Checked before each tick while leading: false once the lease that made this instance the source
   * may have run out, so two instances never simulate at once.
   */
  stillLeading?: (() => boolean) | undefined;
  /** Each exchange's calendar, loaded with the instruments; without it every instrument follows the base calendar. */
  exchanges?: ExchangeCalendars | undefined;
}

interface SimInstrument {
  id: number;
  code: string;
  lotSize: number;
  status: string;
  source: string;
  startPriceTicks: number;
  driftBp: number;
  volatilityBp: number;
  simSeed: number;
  sharesOutstanding: number;
  /** The exchange's code: its calendar says when orders in the instrument may trade. */
  exchange: string;
}

interface OpenBar {
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

interface SimState {
  instrument: SimInstrument;
  random: SeededRandom;
  /** The exact simulated price in ticks; the quoted last is it rounded to the tick size. */
  price: number;
  quote: LiveQuote;
  minute: OpenBar | null;
  day: OpenBar | null;
  lastStepMs: number;
  /** Typical shares traded per day, the scale of simulated volume. */
  dailyVolume: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The price grid: cents from 1.00 up, tenths of a cent below (shared: texts write prices on it). */
const tickSize = tickSizeTicks;

function roundToGrid(priceTicks: number): number {
  const step = tickSize(priceTicks);
  return Math.max(step, Math.round(priceTicks / step) * step);
}

/**
 * The seeded exchange simulator: each listed instrument follows geometric Brownian motion with its
 * own drift and volatility, quoted with a bid/ask spread, within the daily limit band when one is
 * configured, and only while the business calendar says the market is open. It stores 1-minute and
 * daily bars as they complete and, on first sight of an instrument, back-fills its history so charts
 * are full at once. The same seed and tick times give the same path.
 */
export class MarketSimulator implements MarketDataProvider {
  private readonly states = new Map<number, SimState>();
  private readonly byCode = new Map<string, SimState>();
  private readonly listeners = new Set<(changed: readonly LiveQuote[]) => void>();
  private timer: NodeJS.Timeout | null = null;
  /** Bar writes are serialized: a tick never waits for the previous minute's write, but they stay in order. */
  private writing: Promise<void> = Promise.resolve();
  private readonly yearMs: number;

  private readonly db: Db;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly options: SimulatorOptions,
  ) {
    this.db = database.db;
    this.leading = !options.follow;
    this.stopNotices =
      options.follow?.onNotice(INSTRUMENTS_CHANGED_NOTICE, (origin) => {
        if (origin !== this.origin) void this.reload().catch(() => undefined);
      }) ?? null;
    // Volatility is annual: over a year of trading time (continuous in 24/7 mode, 252 sessions otherwise).
    this.yearMs = calendar.alwaysOpen ? 365.25 * DAY_MS : 252 * this.sessionMs();
  }

  quote(code: string): LiveQuote | undefined {
    return this.byCode.get(code)?.quote;
  }

  quotes(): LiveQuote[] {
    return [...this.states.values()].map((s) => s.quote);
  }

  liveBars(instrumentId: number): LiveBars {
    const state = this.states.get(instrumentId);
    return { minute: state?.minute ? { ...state.minute } : null, day: state?.day ? { ...state.day } : null };
  }

  exchangeOf(code: string): string | undefined {
    return this.byCode.get(code)?.instrument.exchange;
  }

  isOpen(atMs: number, code?: string): boolean {
    const exchange = code === undefined ? undefined : this.exchangeOf(code);
    const exchanges = this.options.exchanges;
    return exchange && exchanges ? exchanges.isOpen(exchange, atMs) : this.calendar.isOpen(atMs);
  }

  onQuotes(listener: (changed: readonly LiveQuote[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether this instance simulates; without a hub to follow, always. */
  private leading: boolean;

  /** A follower republishes nothing: the simulating instance is the one source of prices. */
  get role(): 'source' | 'follower' {
    return this.leading ? 'source' : 'follower';
  }

  async start(options: { timer?: boolean } = {}): Promise<void> {
    await this.reload();
    // The timer runs on every instance; a follower's ticks do nothing until it leads.
    if (options.timer && !this.timer) {
      this.timer = setInterval(() => void this.tick().catch(() => undefined), this.options.tickMs);
      this.timer.unref();
    }
  }

  /**
   * Becomes the source of prices (the market lease was taken): stops following, carries on from the
   * last quotes heard (the previous source's), back-fills instruments that have no history yet.
   */
  async lead(): Promise<void> {
    if (this.leading) return;
    this.leading = true;
    for (const unsubscribe of this.following.values()) unsubscribe();
    this.following.clear();
    for (const state of this.states.values()) state.lastStepMs = Math.max(state.lastStepMs, state.quote.timeMs);
    await this.reload();
  }

  /** Stops simulating and follows the quotes of whichever instance leads now (the lease was lost). */
  async followSource(): Promise<void> {
    if (!this.leading || !this.options.follow) return;
    this.leading = false;
    this.flushOpenBars(Number.MAX_SAFE_INTEGER);
    await this.writing;
    for (const state of this.states.values()) this.followQuotes(state.instrument.code);
  }

  private readonly following = new Map<string, () => void>();

  async stop(): Promise<void> {
    this.stopNotices?.();
    this.stopNotices = null;
    for (const unsubscribe of this.following.values()) unsubscribe();
    this.following.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.flushOpenBars(Number.MAX_SAFE_INTEGER);
    await this.writing;
  }

  historyVersion = 0;

  /**
   * Reloads the instruments after a change here (created, edited, listed, history imported) and,
   * scaled out, tells every other instance to reload too: the leader then simulates (and back-fills)
   * an instrument created on a follower, and every instance's candle caches move to the new version.
   */
  async refreshInstruments(): Promise<void> {
    await this.reload();
    this.options.follow?.notify(INSTRUMENTS_CHANGED_NOTICE, this.origin);
  }

  /** This instance's name on the instruments-changed notice, so it does not reload twice. */
  private readonly origin = randomBytes(8).toString('hex');
  private stopNotices: (() => void) | null = null;

  private async reload(): Promise<void> {
    this.historyVersion++;
    if (this.options.exchanges) this.options.exchanges.load(await listExchanges(this.db));
    const rows = await simulatedInstruments(this.db);
    for (const row of rows) {
      const instrument: SimInstrument = { ...row, id: Number(row.id) };
      const existing = this.states.get(instrument.id);
      // An imported instrument's figures come only from its stored bars, which an import may have
      // just extended or corrected: it is restored again. A simulated one keeps its live state.
      if (existing && instrument.source === 'simulated') {
        existing.instrument = instrument;
        continue;
      }
      // New issues have no price until they list; they appear here once an operator lists them.
      if (instrument.status === 'ipo') continue;
      if (instrument.source === 'simulated' && this.leading) await this.backfill(instrument);
      const state = await this.restore(instrument);
      if (state) {
        this.states.set(instrument.id, state);
        this.byCode.set(instrument.code, state);
        this.followQuotes(instrument.code);
      }
    }
  }

  /**
   * Moves every simulated, listed instrument to `nowMs`, then tells the listeners. Completed minute
   * bars (and the day's bar) are written in the background; the returned promise waits for them.
   */
  async tick(nowMs: number = this.clock.nowMs()): Promise<readonly LiveQuote[]> {
    if (!this.leading) return [];
    if (this.options.stillLeading && !this.options.stillLeading()) return [];
    const changed: LiveQuote[] = [];
    const open = this.calendar.isOpen(nowMs);
    const tradingDate = this.calendar.tradingDate(nowMs);
    for (const state of this.states.values()) {
      const { instrument } = state;
      if (instrument.source !== 'simulated' || instrument.status !== 'listed') continue;
      if (!open) {
        state.lastStepMs = nowMs;
        continue;
      }
      if (state.quote.tradingDate !== tradingDate) {
        this.startDay(state, tradingDate);
        // Only the time since the open counts: nothing traded overnight.
        state.lastStepMs = Math.max(state.lastStepMs, this.calendar.sessionStart(nowMs));
      }
      const dtMs = nowMs - state.lastStepMs;
      if (dtMs <= 0) continue;
      state.lastStepMs = nowMs;
      state.price = this.step(state, state.price, dtMs / this.yearMs);
      state.price = this.clampToBand(state, state.price);
      const last = roundToGrid(state.price);
      const volume = this.volumeFor(state, dtMs);
      this.applyTrade(state, { atMs: nowMs, last, volume });
      changed.push(state.quote);
    }
    this.flushOpenBars(Math.floor(nowMs / MINUTE_MS) * MINUTE_MS);
    if (changed.length > 0) for (const listener of this.listeners) listener(changed);
    await this.writing;
    return changed;
  }

  /**
   * Prints a trade at a chosen price now, as if the market had moved there: the quote (with its
   * usual spread) and the day's figures follow, and listeners hear of it like any tick. For tests
   * and scripted demos that need a known price (a limit order that must cross); never used by the
   * running simulator itself.
   */
  async printTrade(code: string, lastTicks: number): Promise<LiveQuote> {
    const state = this.byCode.get(code);
    invariant(state, `no live instrument ${code}`);
    invariant(Number.isSafeInteger(lastTicks) && lastTicks > 0, 'a trade prints at a positive price');
    const nowMs = this.clock.nowMs();
    const tradingDate = this.calendar.tradingDate(nowMs);
    if (state.quote.tradingDate !== tradingDate) this.startDay(state, tradingDate);
    state.price = lastTicks;
    state.lastStepMs = Math.max(state.lastStepMs, nowMs);
    this.applyTrade(state, { atMs: nowMs, last: lastTicks, volume: 0 });
    for (const listener of this.listeners) listener([state.quote]);
    await this.writing;
    return state.quote;
  }

  private followQuotes(code: string) {
    const hub = this.options.follow;
    if (!hub || this.leading || this.following.has(code)) return;
    this.following.set(
      code,
      hub.subscribe(quoteTopic(code), (message) => this.applyRemote(code, message)),
    );
  }

  /**
   * Applies a quote update published by the simulating instance (only the fields that changed) to
   * this follower's state, keeps its forming bars in step, and tells the listeners.
   */
  private applyRemote(code: string, message: string) {
    const state = this.byCode.get(code);
    if (!state) return;
    let parsed: { type?: unknown; data?: Partial<Quote> };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.type !== 'quote' || !parsed.data) return;
    const data = parsed.data;
    const price = (text: string | null | undefined, fallback: number | null) =>
      text === undefined ? fallback : text === null ? null : (parsePrice(text) ?? fallback);
    const q = state.quote;
    const timeMs = data.time ? Date.parse(data.time) : q.timeMs;
    const tradingDate = this.calendar.tradingDate(timeMs);
    if (tradingDate !== q.tradingDate) state.day = null;
    const volume = data.volume ?? q.volume;
    const traded = Math.max(0, volume - (tradingDate === q.tradingDate ? q.volume : 0));
    state.quote = {
      ...q,
      lastTicks: price(data.last, q.lastTicks) ?? q.lastTicks,
      bidTicks: price(data.bid, q.bidTicks) ?? q.bidTicks,
      askTicks: price(data.ask, q.askTicks) ?? q.askTicks,
      openTicks: price(data.open, q.openTicks) ?? q.openTicks,
      highTicks: price(data.high, q.highTicks) ?? q.highTicks,
      lowTicks: price(data.low, q.lowTicks) ?? q.lowTicks,
      prevCloseTicks: price(data.prevClose, q.prevCloseTicks) ?? q.prevCloseTicks,
      volume,
      turnoverMinor: data.turnover === undefined ? q.turnoverMinor : (parseAmount(data.turnover) ?? q.turnoverMinor),
      limitUpTicks: price(data.limitUp, q.limitUpTicks),
      limitDownTicks: price(data.limitDown, q.limitDownTicks),
      tradingDate,
      timeMs,
    };
    const last = state.quote.lastTicks;
    state.minute = extend(state.minute, Math.floor(timeMs / MINUTE_MS) * MINUTE_MS, last, traded);
    state.day = extend(state.day, dateKey(tradingDate), last, traded);
    state.price = last;
    for (const listener of this.listeners) listener([state.quote]);
  }

  private startDay(state: SimState, tradingDate: string) {
    // The new day's reference is yesterday's last price; its bar opens with the first trade.
    if (state.day) this.queueDay(state.instrument.id, state.day);
    state.day = null;
    const prevClose = state.quote.lastTicks;
    const band = this.band(prevClose);
    state.quote = {
      ...state.quote,
      prevCloseTicks: prevClose,
      openTicks: prevClose,
      highTicks: prevClose,
      lowTicks: prevClose,
      volume: 0,
      turnoverMinor: 0,
      limitUpTicks: band?.up ?? null,
      limitDownTicks: band?.down ?? null,
      tradingDate,
    };
  }

  private applyTrade(state: SimState, trade: { atMs: number; last: number; volume: number }) {
    const { last, volume, atMs } = trade;
    const spread = Math.max(tickSize(last), Math.round((last * this.options.spreadBp) / 20_000));
    const step = tickSize(last);
    const bid = Math.max(step, Math.floor((last - spread) / step) * step);
    const ask = Math.max(bid + step, Math.ceil((last + spread) / step) * step);
    const firstOfDay = state.day === null;
    const q = state.quote;
    state.quote = {
      ...q,
      lastTicks: last,
      bidTicks: bid,
      askTicks: ask,
      openTicks: firstOfDay ? last : q.openTicks,
      highTicks: firstOfDay ? last : Math.max(q.highTicks, last),
      lowTicks: firstOfDay ? last : Math.min(q.lowTicks, last),
      volume: q.volume + volume,
      // Shares × ten-thousandths / 100 = minor units.
      turnoverMinor: q.turnoverMinor + mulDivHalfUp(volume, last, TICKS_PER_MINOR),
      timeMs: atMs,
    };
    const minuteT = Math.floor(atMs / MINUTE_MS) * MINUTE_MS;
    if (state.minute && state.minute.t !== minuteT) {
      this.queueMinute(state.instrument.id, state.minute);
      state.minute = null;
    }
    state.minute = extend(state.minute, minuteT, last, volume);
    state.day = extend(state.day, dateKey(state.quote.tradingDate), last, volume);
  }

  /** Queues the completed minute bars (those before `minuteT`) and the current day bars for writing. */
  private flushOpenBars(minuteT: number) {
    for (const state of this.states.values()) {
      if (state.minute && state.minute.t < minuteT) {
        this.queueMinute(state.instrument.id, state.minute);
        state.minute = null;
        if (state.day) this.queueDay(state.instrument.id, state.day);
      }
    }
  }

  private pendingMinutes: { instrumentId: number; bar: OpenBar }[] = [];
  private pendingDays = new Map<string, { instrumentId: number; bar: OpenBar }>();

  private queueMinute(instrumentId: number, bar: OpenBar) {
    this.pendingMinutes.push({ instrumentId, bar: { ...bar } });
    this.scheduleWrite();
  }

  private queueDay(instrumentId: number, bar: OpenBar) {
    this.pendingDays.set(`${instrumentId}:${bar.t}`, { instrumentId, bar: { ...bar } });
    this.scheduleWrite();
  }

  private scheduleWrite() {
    // A failed write is reported to whoever awaits it, and the next one still runs.
    this.writing = this.writing.catch(() => undefined).then(() => this.writePending());
  }

  private async writePending(): Promise<void> {
    const minutes = this.pendingMinutes;
    const days = [...this.pendingDays.values()];
    this.pendingMinutes = [];
    this.pendingDays = new Map();
    if (minutes.length === 0 && days.length === 0) return;
    const row = (r: { instrumentId: number; bar: OpenBar }) => ({ instrumentId: r.instrumentId, ...r.bar });
    // A bar still forming keeps its open; high, low, close and volume grow.
    await upsertBars(this.db, 'minuteBars', minutes.map(row), 'extend');
    await upsertBars(this.db, 'dailyBars', days.map(row), 'extend');
  }

  /** One geometric Brownian motion step of `dtYears`. */
  private step(state: SimState, price: number, dtYears: number): number {
    const mu = state.instrument.driftBp / 10_000;
    const sigma = state.instrument.volatilityBp / 10_000;
    return price * Math.exp((mu - (sigma * sigma) / 2) * dtYears + sigma * Math.sqrt(dtYears) * state.random.normal());
  }

  private band(prevClose: number): { up: number; down: number } | null {
    const pct = this.options.limitBandPct;
    if (pct <= 0) return null;
    const step = tickSize(prevClose);
    return {
      up: Math.floor((prevClose * (100 + pct)) / 100 / step) * step,
      down: Math.max(step, Math.ceil((prevClose * (100 - pct)) / 100 / step) * step),
    };
  }

  private clampToBand(state: SimState, price: number): number {
    const { limitUpTicks: up, limitDownTicks: down } = state.quote;
    if (up !== null && price > up) return up;
    if (down !== null && price < down) return down;
    return price;
  }

  private volumeFor(state: SimState, dtMs: number): number {
    if (state.dailyVolume === 0) return 0;
    const lots =
      (state.dailyVolume * (dtMs / this.tradingMsPerDay()) * (0.3 + 1.4 * state.random.next())) /
      state.instrument.lotSize;
    return Math.round(lots) * state.instrument.lotSize;
  }

  private tradingMsPerDay(): number {
    return this.calendar.alwaysOpen ? DAY_MS : this.sessionMs();
  }

  private sessionMs(): number {
    const [open = '09:00', close = '17:30'] = this.calendar.options.hours.split('-');
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    return (minutes(close) - minutes(open)) * MINUTE_MS;
  }

  private randomFor(instrument: SimInstrument): SeededRandom {
    return new SeededRandom(hashSeed(`${this.options.seed}:${instrument.code}:${instrument.simSeed}`));
  }

  private dailyVolumeOf(instrument: SimInstrument): number {
    // About 0.3 % of the shares change hands on a typical day.
    return Math.round(instrument.sharesOutstanding * 0.003);
  }

  /** Rebuilds the live state of an instrument from its stored bars. */
  private async restore(instrument: SimInstrument): Promise<SimState | null> {
    const [lastMinute] = await latestBars(this.db, 'minuteBars', instrument.id, 1);
    const lastDays = await latestBars(this.db, 'dailyBars', instrument.id, 2);
    const nowMs = this.clock.nowMs();
    const tradingDate = this.calendar.tradingDate(nowMs);
    const todayKey = dateKey(tradingDate);
    const [latestDay, previousDay] = lastDays;
    if (!latestDay && !lastMinute && instrument.source !== 'simulated') return null;
    const last =
      lastMinute && (!latestDay || lastMinute.t >= latestDay.t)
        ? lastMinute.close
        : (latestDay?.close ?? instrument.startPriceTicks);
    const today = latestDay && latestDay.t === todayKey ? latestDay : null;
    const prevClose = today ? (previousDay?.close ?? today.open) : (latestDay?.close ?? last);
    const band = this.band(prevClose);
    const step = tickSize(last);
    const quote: LiveQuote = {
      instrumentId: instrument.id,
      code: instrument.code,
      lastTicks: last,
      bidTicks: Math.max(step, last - step),
      askTicks: last + step,
      openTicks: today?.open ?? prevClose,
      highTicks: today?.high ?? prevClose,
      lowTicks: today?.low ?? prevClose,
      prevCloseTicks: prevClose,
      volume: today?.volume ?? 0,
      turnoverMinor: today ? mulDivHalfUp(today.volume, today.close, TICKS_PER_MINOR) : 0,
      limitUpTicks: band?.up ?? null,
      limitDownTicks: band?.down ?? null,
      tradingDate,
      timeMs: lastMinute?.t ?? latestDay?.t ?? nowMs,
    };
    return {
      instrument,
      random: this.randomFor(instrument),
      price: last,
      quote,
      minute: null,
      day: today
        ? { t: today.t, open: today.open, high: today.high, low: today.low, close: today.close, volume: today.volume }
        : null,
      lastStepMs: nowMs,
      dailyVolume: this.dailyVolumeOf(instrument),
    };
  }

  /**
   * Generates history for an instrument that has none: `backfillDays` of daily bars, the last
   * `backfillIntradayDays` of them built from 1-minute bars. The path is drawn forwards and then
   * scaled so that it ends exactly at the instrument's start price.
   */
  private async backfill(instrument: SimInstrument): Promise<void> {
    if (this.options.backfillDays === 0 || (await hasDailyBars(this.db, instrument.id))) return;

    const random = new SeededRandom(hashSeed(`${this.options.seed}:${instrument.code}:${instrument.simSeed}:history`));
    const mu = instrument.driftBp / 10_000;
    const sigma = instrument.volatilityBp / 10_000;
    const logStep = (dtYears: number) =>
      (mu - (sigma * sigma) / 2) * dtYears + sigma * Math.sqrt(dtYears) * random.normal();
    const nowMs = this.clock.nowMs();
    const currentMinute = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
    const intradayStart =
      currentMinute - Math.min(this.options.backfillIntradayDays, this.options.backfillDays) * DAY_MS;
    const firstIntradayDate = this.calendar.tradingDate(intradayStart);
    const today = this.calendar.tradingDate(nowMs);
    const dailyVolume = this.dailyVolumeOf(instrument);
    const lot = instrument.lotSize;
    const roundLots = (shares: number) => Math.round(shares / lot) * lot;

    // Daily-only days, oldest first; weekends and holidays have no bars unless the market is 24/7.
    const days: string[] = [];
    for (let t = dateKey(today) - this.options.backfillDays * DAY_MS; t < dateKey(firstIntradayDate); t += DAY_MS) {
      const date = new Date(t).toISOString().slice(0, 10);
      if (this.calendar.alwaysOpen || this.calendar.isBusinessDay(date)) days.push(date);
    }
    const SUB_DAY = 8;
    const SUB_MINUTE = 4;
    const dayDt = this.calendar.alwaysOpen ? 1 / 365.25 : 1 / 252;
    const dayReturns = new Float64Array(days.length * SUB_DAY);
    for (let i = 0; i < dayReturns.length; i++) dayReturns[i] = logStep(dayDt / SUB_DAY);
    const minutes: number[] = [];
    for (let t = intradayStart; t < currentMinute; t += MINUTE_MS) if (this.calendar.isOpen(t)) minutes.push(t);
    const minuteReturns = new Float64Array(minutes.length * SUB_MINUTE);
    for (let i = 0; i < minuteReturns.length; i++) minuteReturns[i] = logStep(MINUTE_MS / this.yearMs / SUB_MINUTE);

    let total = 0;
    for (const r of dayReturns) total += r;
    for (const r of minuteReturns) total += r;
    let logPrice = Math.log(instrument.startPriceTicks) - total;
    const priceNow = () => roundToGrid(Math.exp(logPrice));

    const dailyRows: BarRow[] = [];
    let k = 0;
    for (const date of days) {
      const open = priceNow();
      let high = open;
      let low = open;
      for (let s = 0; s < SUB_DAY; s++) {
        logPrice += dayReturns[k++] ?? 0;
        const p = priceNow();
        high = Math.max(high, p);
        low = Math.min(low, p);
      }
      const close = priceNow();
      const volume = roundLots(dailyVolume * (0.5 + random.next()));
      dailyRows.push({ instrumentId: instrument.id, t: dateKey(date), open, high, low, close, volume });
    }

    const minuteRows: BarRow[] = [];
    const intradayDays = new Map<number, OpenBar>();
    const minutesPerDay = this.tradingMsPerDay() / MINUTE_MS;
    k = 0;
    for (const t of minutes) {
      const open = priceNow();
      let high = open;
      let low = open;
      for (let s = 0; s < SUB_MINUTE; s++) {
        logPrice += minuteReturns[k++] ?? 0;
        const p = priceNow();
        high = Math.max(high, p);
        low = Math.min(low, p);
      }
      const close = priceNow();
      const volume = roundLots((dailyVolume / minutesPerDay) * (0.3 + 1.4 * random.next()));
      minuteRows.push({ instrumentId: instrument.id, t, open, high, low, close, volume });
      const dayT = dateKey(this.calendar.tradingDate(t));
      const day = intradayDays.get(dayT);
      if (!day) intradayDays.set(dayT, { t: dayT, open, high, low, close, volume });
      else {
        day.high = Math.max(day.high, high);
        day.low = Math.min(day.low, low);
        day.close = close;
        day.volume += volume;
      }
    }
    for (const day of intradayDays.values()) dailyRows.push({ instrumentId: instrument.id, ...day });
    invariant(
      dailyRows.length === 0 ||
        Math.abs(priceNow() - instrument.startPriceTicks) <= tickSize(instrument.startPriceTicks),
      'the back-filled path ends at the start price',
    );
    await this.database.transaction(async (trx) => {
      await insertBars(trx, 'dailyBars', dailyRows);
      await insertBars(trx, 'minuteBars', minuteRows);
    });
  }
}

type BarRow = {
  instrumentId: number;
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};

function extend(bar: OpenBar | null, t: number, price: number, volume: number): OpenBar {
  if (!bar || bar.t !== t) return { t, open: price, high: price, low: price, close: price, volume };
  return {
    t,
    open: bar.open,
    high: Math.max(bar.high, price),
    low: Math.min(bar.low, price),
    close: price,
    volume: bar.volume + volume,
  };
}
