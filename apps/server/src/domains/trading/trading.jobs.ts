import type { Order, Position } from '@bourse/shared/schemas/trading';
import type { AppContext } from '../../platform/context.ts';
import { sqlRunner } from '../../platform/db/sql-runner.ts';
import type { Job } from '../../platform/jobs.ts';
import type { MoneyCommands } from '../../platform/money-command.ts';
import { closeRestingOrder } from './fill-units.ts';
import { notifyInvestor } from '../users/users.service.ts';
import { describeInTransaction } from './order-wire.ts';
import * as repo from './trading.repository.ts';

/** What trading's scheduled work needs of the running engine. */
export interface TradingJobDeps {
  money: MoneyCommands;
  /** Tells the investor's open screens what changed, after the commit. */
  announce: (change: { userId: number; order: Order; positions: readonly Position[] }) => void;
}

/**
 * Day orders whose trading day has ended: expired, their cash or shares released, the investor
 * told (`notify.orderExpired`), each in a money command of its own (a second run finds them closed
 * and does nothing).
 */
export async function expireDayOrders(ctx: AppContext, deps: TradingJobDeps, dueAtMs: number): Promise<void> {
  const ids = await repo.expiringOrderIds(ctx.database.db, dueAtMs);
  await Promise.all(
    ids.map(async (orderId) => {
      await deps.money.executeUnkeyed(async (trx, events) => {
        const order = await repo.lockOrder(sqlRunner(trx, ctx.database.dialect), orderId);
        if (!order || order.status !== 'new') return null;
        await closeRestingOrder(ctx, trx, { order, status: 'expired', reason: null, nowMs: ctx.clock.nowMs() });
        const expired = await describeInTransaction(ctx, trx, {
          orderId,
          positionIds: order.positionId === null ? [] : [order.positionId],
        });
        // Nothing of a resting order has filled: all its shares are unfilled.
        await notifyInvestor(ctx, trx, order.userId, 'notify.orderExpired', {
          code: expired.order.code,
          side: order.side,
          quantity: order.quantity,
        });
        events.add(() => deps.announce(expired));
        return expired;
      });
    }),
  );
}

/** Trading's scheduled work, registered with the job runner (platform/jobs.ts) when the engine starts. */
export function tradingJobs(ctx: AppContext, deps: TradingJobDeps): Job[] {
  return [
    {
      name: 'trading.expire-day-orders',
      nextDueAt: () => repo.nextExpiry(ctx.database.db),
      run: (dueAtMs) => expireDayOrders(ctx, deps, dueAtMs),
    },
  ];
}
