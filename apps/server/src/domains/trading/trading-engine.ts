import type { Language } from '@bourse/shared/languages';
import type { Order, Position } from '@bourse/shared/schemas/trading';
import type { OrderChange } from './order-placement.ts';
import type { AppContext } from '../../platform/context.ts';
import type { WriteQueue } from '../../platform/db/write-queue.ts';
import { moneyCommands, type MoneyCommands } from '../../platform/money-command.ts';
import { publishUserEvent } from '../stream/stream.service.ts';
import { Matcher } from './matching.ts';
import { OrderWriter } from './order-writer.ts';
import { expireDayOrders, tradingJobs } from './trading.jobs.ts';
import { cancelOrderInTransaction } from './fill-units.ts';
import { describeInTransaction } from './order-wire.ts';

/**
 * The running parts of trading for one app context: the order write queue (group commit on
 * SQLite), the matcher of resting limit orders, the expiry of day orders as a scheduled job, and
 * the investor's live events after each commit.
 */
export class TradingEngine {
  /** The money-command pipeline: cancellations, fills and expiries are its unkeyed commands. */
  readonly money: MoneyCommands;
  readonly writer: WriteQueue;
  /** Order placement: on the order writer thread (SQLite file) or through `writer`. */
  readonly orders: OrderWriter;
  readonly matcher: Matcher;
  private stopJobs: Array<() => void> | null = null;

  constructor(private readonly ctx: AppContext) {
    // The money-command pipeline's queue: orders, fills and wallet writes share one group commit.
    this.money = moneyCommands(ctx);
    this.writer = this.money.queue;
    this.orders = new OrderWriter(ctx, this.writer, (error) => this.log('order writer thread failed', { err: error }));
    this.matcher = new Matcher(ctx, this);
  }

  start(): void {
    this.matcher.start();
    // Tests start hundreds of apps, most without an order: there the thread starts with the first.
    if (this.ctx.config.NODE_ENV !== 'test') this.orders.start();
    this.stopJobs ??= tradingJobs(this.ctx, this).map((job) => this.ctx.jobs.register(job));
  }

  /** Stops matching and expiry, and waits for the orders in flight to be written. */
  async stop(): Promise<void> {
    this.matcher.stop();
    for (const stop of this.stopJobs ?? []) stop();
    this.stopJobs = null;
    await this.orders.close();
  }

  /** Day orders whose trading day has ended: expired, their cash or shares released (trading.jobs.ts). */
  expireDayOrders(dueAtMs: number): Promise<void> {
    return expireDayOrders(this.ctx, this, dueAtMs);
  }

  /** The investor cancels a resting order: its hold voided or its shares released, announced after the commit. */
  cancel(input: { userId: number; orderId: number; lang: Language }): Promise<OrderChange> {
    return this.money.executeUnkeyed(async (trx, events) => {
      const cancelled = await cancelOrderInTransaction(this.ctx, trx, {
        userId: input.userId,
        orderId: input.orderId,
        nowMs: this.ctx.clock.nowMs(),
      });
      const change = await describeInTransaction(this.ctx, trx, {
        orderId: cancelled.id,
        positionIds: cancelled.positionId === null ? [] : [cancelled.positionId],
        lang: input.lang,
      });
      events.add(() => this.announce(change));
      return change;
    });
  }

  /**
   * Tells the investor's open screens what changed, after the commit: the order, the lots it
   * touched, and that the balances moved.
   */
  announce(change: { userId: number; order: Order; positions: readonly Position[] }): void {
    publishUserEvent(this.ctx, change.userId, 'order', change.order);
    for (const position of change.positions) publishUserEvent(this.ctx, change.userId, 'position', position);
    publishUserEvent(this.ctx, change.userId, 'assets', null);
  }

  log(message: string, details: Record<string, unknown>): void {
    this.logger?.(message, details);
  }

  /** Where background failures are reported (the app's logger, once the routes are registered). */
  logger: ((message: string, details: Record<string, unknown>) => void) | null = null;
}

const engines = new WeakMap<AppContext, TradingEngine>();

/** The trading engine of a context, created on first use. */
export function tradingEngine(ctx: AppContext): TradingEngine {
  let engine = engines.get(ctx);
  if (!engine) {
    engine = new TradingEngine(ctx);
    engines.set(ctx, engine);
  }
  return engine;
}
