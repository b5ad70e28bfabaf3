import type { AppContext } from '../../platform/context.ts';
import type { LiveQuote } from '../../platform/market-data-provider.ts';
import type { TradingEngine } from './trading-engine.ts';
import { openLimitOrders, type OrderRow } from './trading.repository.ts';
import { describeInTransaction } from './order-wire.ts';
import { fillRestingOrder } from './fill-units.ts';

/** Whether a quote lets a resting limit order fill: a buy when the ask is at or below its limit, a sell when the bid is at or above. */
export function crosses(order: Pick<OrderRow, 'side' | 'limitPriceTicks'>, quote: LiveQuote): boolean {
  if (order.limitPriceTicks === null) return false;
  return order.side === 'buy' ? quote.askTicks <= order.limitPriceTicks : quote.bidTicks >= order.limitPriceTicks;
}

/**
 * Matches resting limit orders against the simulated market: after each batch of price changes it
 * looks up the open orders of the instruments that moved and fills, oldest first, those the new
 * quote crosses — each in its own transaction (savepoint), at the limit price or better: a buy at
 * the ask, a sell at the bid. Rounds never overlap; quotes arriving during a round are matched in
 * the next one, against their latest price.
 */
export class Matcher {
  private readonly latest = new Map<number, LiveQuote>();
  private scheduled = false;
  private round: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly engine: TradingEngine,
  ) {}

  start(): void {
    this.unsubscribe ??= this.ctx.market.onQuotes((changed) => this.onQuotes(changed));
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Resolves when every round started so far has finished (tests wait on it after a tick). */
  idle(): Promise<void> {
    return this.round;
  }

  onQuotes(changed: readonly LiveQuote[]): void {
    for (const quote of changed) this.latest.set(quote.instrumentId, quote);
    if (this.scheduled) return;
    this.scheduled = true;
    this.round = this.round.then(() => this.matchRound());
  }

  private async matchRound(): Promise<void> {
    this.scheduled = false;
    const quotes = new Map(this.latest);
    this.latest.clear();
    try {
      const orders = await openLimitOrders(this.ctx.database.db, [...quotes.keys()]);
      const crossing = orders.filter((order) => {
        const quote = quotes.get(order.instrumentId);
        return quote !== undefined && crosses(order, quote);
      });
      const fills = crossing.map((order) => {
        const quote = quotes.get(order.instrumentId) as LiveQuote;
        return this.engine.money
          .executeUnkeyed(async (trx, events) => {
            const result = await fillRestingOrder(this.ctx, trx, {
              orderId: order.id,
              quote,
              nowMs: this.ctx.clock.nowMs(),
            });
            if (!result) return;
            const change = await describeInTransaction(this.ctx, trx, {
              orderId: order.id,
              positionIds: result.positionIds,
              instrument: result.instrument,
            });
            events.add(() => this.engine.announce(change));
          })
          .catch((error: unknown) => this.engine.log('limit order fill failed', { orderId: order.id, error }));
      });
      await Promise.all(fills);
    } catch (error) {
      this.engine.log('matching round failed', { error });
    }
  }
}
