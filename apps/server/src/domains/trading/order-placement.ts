import type { Language } from '@bourse/shared/languages';
import type { Order, Position } from '@bourse/shared/schemas/trading';
import type { Clock } from '../../platform/clock.ts';
import type { Trx } from '../../platform/db/database.ts';
import { runKeyedUnit, type MoneyKey, type UnitOutcome } from '../../platform/money-command.ts';
import { Ledger } from '../../platform/ledger/ledger.ts';
import type { LiveQuote } from '../../platform/market-data-provider.ts';
import type { Notifier } from '../../platform/notifier.ts';
import { describeInTransaction, orderAnswer } from './order-wire.ts';
import { placeOrderInTransaction } from './fill-units.ts';
import type { CheckedOrder, TradingContext } from './order-rules.ts';

/**
 * An order taken by the main thread, ready to be written: plain data, so that it can cross to the
 * order writer thread. The market as the main thread saw it when it took the order travels with it.
 */
export interface PlaceOrderCommand {
  userId: number;
  order: CheckedOrder;
  /** The Idempotency-Key claim of the request (its answer is stored in the order's transaction). */
  key: MoneyKey;
  nowMs: number;
  lang: Language;
  market: { open: boolean; quote: LiveQuote | undefined };
}

export interface OrderChange {
  userId: number;
  order: Order;
  positions: Position[];
}

export type PlaceOrderOutcome = UnitOutcome<OrderChange>;

/**
 * The market and the clock of one command: what the main thread saw when it took the order. Its
 * notifier is the base's unless one is given (the order writer thread's, at the command's instant).
 */
export function commandContext(
  base: TradingContext,
  command: PlaceOrderCommand,
  notifier: Notifier = base.notifier,
): TradingContext {
  const clock: Clock = { mode: base.clock.mode, nowMs: () => command.nowMs, now: () => new Date(command.nowMs) };
  const { open, quote } = command.market;
  return {
    config: base.config,
    database: base.database,
    calendar: base.calendar,
    exchanges: base.exchanges,
    clock,
    ledger: new Ledger(base.database.dialect, base.ledger.currency, clock),
    notifier,
    market: {
      isOpen: () => open,
      quote: (code) => (quote && quote.code === code ? quote : undefined),
    },
  };
}

/**
 * One order in one transaction (docs/adr/0006 and 0007): the money-command pipeline's keyed unit
 * (`runKeyedUnit`: the Idempotency-Key claimed, the answer stored) around the order placed (fill,
 * journal entry, lot — or a hold for a resting limit order) and described. The same function runs
 * on the order writer thread and, without it, in the main thread.
 */
export function placeOrderUnit(
  base: TradingContext,
  trx: Trx,
  command: PlaceOrderCommand,
  notifier?: Notifier,
): Promise<PlaceOrderOutcome> {
  const ctx = commandContext(base, command, notifier);
  return runKeyedUnit(
    trx,
    ctx.database.dialect,
    command.key,
    { nowMs: command.nowMs, duplicateWindowMs: ctx.config.DUPLICATE_SUBMIT_WINDOW_MS },
    (inner) => placeAndDescribe(ctx, inner, command),
    orderAnswer,
  );
}

async function placeAndDescribe(ctx: TradingContext, trx: Trx, command: PlaceOrderCommand): Promise<OrderChange> {
  const placed = await placeOrderInTransaction(ctx, trx, {
    userId: command.userId,
    order: command.order,
    requestKey: command.key.key,
    nowMs: command.nowMs,
  });
  return describeInTransaction(ctx, trx, {
    orderId: placed.orderId,
    positionIds: placed.positionIds,
    written: placed.written,
    instrument: placed.instrument,
    lang: command.lang,
  });
}
