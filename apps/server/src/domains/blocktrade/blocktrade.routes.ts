import { blockOffer, blockOrder, blockOrderBody, blockOrdersQuery } from '@bourse/shared/schemas/blocktrade';
import { idParams, page } from '@bourse/shared/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okAnswer, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { moneyCommands } from '../../platform/money-command.ts';
import { keyedRequest, refusalOf, sendMoneyAnswer } from '../../platform/money-route.ts';
import { blockTradeJobs } from './blocktrade.jobs.ts';
import { getOwnOrder, listOpenOffers, listOwnOrders, placeOrder } from './blocktrade.service.ts';

const tags = ['blocktrade'];

/** The investor's block trades: open offers, ordering (a money command), records. */
export async function registerBlockTradeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const money = moneyCommands(ctx);
  const orderAnswer = okAnswer(blockOrder);
  // Closing offers whose window ended runs with the other scheduled work, for as long as the app does.
  const unregister = blockTradeJobs(ctx).map((job) => ctx.jobs.register(job));
  app.addHook('onClose', async () => {
    for (const stop of unregister) stop();
  });

  r.get(
    '/api/blocktrade/offers',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(z.array(blockOffer)) } },
    async () => ok(await listOpenOffers(ctx)),
  );

  r.post(
    '/api/blocktrade/offers/:id/orders',
    {
      config: {
        auth: 'user',
        // Per investor, like the other money writes (investors behind one address do not throttle each other).
        rateLimit: {
          max: ctx.config.MONEY_WRITES_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preValidation',
          keyGenerator: (request: FastifyRequest) => `blocktrade:${request.principal?.userId ?? request.ip}`,
        },
      },
      schema: { tags, params: idParams, body: blockOrderBody, response: okResponse(blockOrder) },
    },
    async (request, reply) =>
      sendMoneyAnswer(
        reply,
        await money.execute({
          ...placeOrder(ctx, { userId: userOf(request).userId, offerId: request.params.id, ...request.body }),
          request: keyedRequest(request),
          answer: orderAnswer,
          refusal: refusalOf(request),
        }),
      ),
  );

  r.get(
    '/api/blocktrade/orders',
    {
      config: { auth: 'user' },
      schema: { tags, querystring: blockOrdersQuery, response: okResponse(page(blockOrder)) },
    },
    async (request) => ok(await listOwnOrders(ctx, { userId: userOf(request).userId, ...request.query })),
  );

  r.get(
    '/api/blocktrade/orders/:id',
    { config: { auth: 'user' }, schema: { tags, params: idParams, response: okResponse(blockOrder) } },
    async (request) => ok(await getOwnOrder(ctx, userOf(request).userId, request.params.id)),
  );
}
