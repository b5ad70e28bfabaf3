import { idParams } from '@bourse/shared/schemas/common';
import {
  costBreakdown,
  historyPage,
  historyQuery,
  holding,
  order,
  ordersQuery,
  placeOrderBody,
  position,
  tradeQuoteBody,
} from '@bourse/shared/schemas/trading';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { moneyCommands } from '../../platform/money-command.ts';
import { keyedRequest, refusalOf, sendMoneyAnswer } from '../../platform/money-route.ts';
import { verifyTradingPasswordForSession } from '../users/trading-password.service.ts';
import { periodStart } from '../../platform/periods.ts';
import { tradingEngine } from './trading-engine.ts';
import { checkOrderInput, type CheckedOrder, quoteOrder } from './order-rules.ts';
import { getPosition, listHistory, listHoldings, listOpenPositions, listOrders } from './trading.service.ts';
import { registerTradingPortfolio } from './trading-portfolio.ts';

const tags = ['trading'];
const HISTORY_PAGE_SIZE = 20;

export async function registerTradingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const engine = tradingEngine(ctx);
  const money = moneyCommands(ctx);
  engine.logger = (message, details) => app.log.error(details, message);
  engine.start();
  // The port opens once the order writer thread (started by the engine outside tests) takes orders.
  app.addHook('onReady', () => engine.orders.whenReady());
  registerTradingPortfolio(ctx);
  app.addHook('onClose', async () => engine.stop());

  r.post(
    '/api/trade/quote',
    { config: { auth: 'user' }, schema: { tags, body: tradeQuoteBody, response: okResponse(costBreakdown) } },
    async (request) => ok(await quoteOrder(ctx, userOf(request).userId, request.body)),
  );

  r.post(
    '/api/trade/orders',
    {
      config: {
        auth: 'user',
        rateLimit: {
          max: ctx.config.TRADE_ORDERS_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `orders:${request.principal?.userId ?? request.ip}`,
        },
      },
      schema: { tags, body: placeOrderBody, response: okResponse(order) },
    },
    async (request, reply) => {
      const principal = userOf(request);
      const { tradingPassword, ...fields } = request.body;
      let checked: CheckedOrder | undefined;
      // The key is claimed and the answer stored inside the order's own transaction, on the order
      // writer thread when there is one: one commit per order, no look-up before it.
      const outcome = await money.executeOnThread({
        request: keyedRequest(request),
        refusal: refusalOf(request),
        check: async () => {
          checked = checkOrderInput(fields);
          await verifyTradingPasswordForSession(ctx, principal, tradingPassword);
        },
        write: (key, nowMs) =>
          engine.orders.place({ userId: principal.userId, order: checked!, key, nowMs, lang: request.lang }),
        afterCommit: (change) => engine.announce(change),
      });
      return sendMoneyAnswer(reply, outcome);
    },
  );

  r.get(
    '/api/trade/orders',
    {
      config: { auth: 'user' },
      schema: { tags, querystring: ordersQuery, response: okResponse(z.array(order)) },
    },
    async (request) => ok(await listOrders(ctx, userOf(request).userId, request.query, request.lang)),
  );

  r.post(
    '/api/trade/orders/:id/cancel',
    { config: { auth: 'user' }, schema: { tags, params: idParams, response: okResponse(order) } },
    async (request) => {
      const change = await engine.cancel({
        userId: userOf(request).userId,
        orderId: request.params.id,
        lang: request.lang,
      });
      return ok(change.order);
    },
  );

  r.get(
    '/api/trade/positions',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(z.array(position)) } },
    async (request) => ok(await listOpenPositions(ctx, userOf(request).userId)),
  );

  r.get(
    '/api/trade/positions/:id',
    { config: { auth: 'user' }, schema: { tags, params: idParams, response: okResponse(position) } },
    async (request) => ok(await getPosition(ctx, userOf(request).userId, request.params.id)),
  );

  r.get(
    '/api/trade/holdings',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(z.array(holding)) } },
    async (request) => ok(await listHoldings(ctx, userOf(request).userId)),
  );

  r.get(
    '/api/trade/history',
    { config: { auth: 'user' }, schema: { tags, querystring: historyQuery, response: okResponse(historyPage) } },
    async (request) =>
      ok(
        await listHistory(ctx, userOf(request).userId, {
          sinceMs: periodStart(request.query.period, ctx.clock.now()),
          page: request.query.page,
          pageSize: HISTORY_PAGE_SIZE,
        }),
      ),
  );
}
