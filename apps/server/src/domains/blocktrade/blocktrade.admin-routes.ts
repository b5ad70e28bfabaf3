import {
  adminBlockOffer,
  adminBlockOrder,
  adminBlockOrdersQuery,
  blockOffer,
  blockOfferBody,
  blockOfferPatch,
  blockOrder,
} from '@bourse/shared/schemas/blocktrade';
import { idParams, page, pageQuery, rejectBody } from '@bourse/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { moneyCommands } from '../../platform/money-command.ts';
import {
  cancelOffer,
  createOffer,
  decideOrder,
  editOffer,
  listOffersForConsole,
  listOrdersForConsole,
} from './blocktrade.service.ts';

/**
 * The console's block trades (admin, finance): offers (list, create, edit, cancel) and the approval
 * queue; every change audited.
 */
export async function registerBlockTradeAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const money = moneyCommands(ctx);
  const roles = ['admin', 'finance'] as const;
  const tags = ['admin'];

  r.post(
    '/api/admin/blocktrade/offers',
    {
      config: { auth: 'operator', roles },
      schema: { tags, body: blockOfferBody, response: okResponse(blockOffer) },
    },
    async (request) =>
      ok(
        await ctx.database.transaction((trx) =>
          createOffer(ctx, trx, { operator: operatorOf(request), ip: request.ip ?? null, body: request.body }),
        ),
      ),
  );

  r.get(
    '/api/admin/blocktrade/offers',
    {
      config: { auth: 'operator', roles },
      schema: { tags, querystring: pageQuery, response: okResponse(page(adminBlockOffer)) },
    },
    async (request) => ok(await listOffersForConsole(ctx, request.query)),
  );

  r.put(
    '/api/admin/blocktrade/offers/:id',
    {
      config: { auth: 'operator', roles },
      schema: { tags, params: idParams, body: blockOfferPatch, response: okResponse(adminBlockOffer) },
    },
    async (request) =>
      ok(
        await ctx.database.transaction((trx) =>
          editOffer(ctx, trx, {
            offerId: request.params.id,
            patch: request.body,
            operator: operatorOf(request),
            ip: request.ip ?? null,
          }),
        ),
      ),
  );

  r.post(
    '/api/admin/blocktrade/offers/:id/cancel',
    {
      config: { auth: 'operator', roles },
      schema: { tags, params: idParams, body: rejectBody, response: okResponse(adminBlockOffer) },
    },
    async (request) =>
      // Money moves (every pending order's hold voided) without an Idempotency-Key: the offer's
      // status makes a second cancellation a refusal.
      ok(
        await money.executeUnkeyed((trx) =>
          cancelOffer(ctx, trx, {
            offerId: request.params.id,
            reason: request.body.reason,
            operator: operatorOf(request),
            ip: request.ip ?? null,
          }),
        ),
      ),
  );

  r.get(
    '/api/admin/blocktrade/orders',
    {
      config: { auth: 'operator', roles },
      schema: { tags, querystring: adminBlockOrdersQuery, response: okResponse(page(adminBlockOrder)) },
    },
    async (request) => ok(await listOrdersForConsole(ctx, request.query)),
  );

  for (const decision of ['approve', 'reject'] as const) {
    r.post(
      `/api/admin/blocktrade/orders/:id/${decision}`,
      {
        config: { auth: 'operator', roles },
        schema: {
          tags,
          params: idParams,
          ...(decision === 'reject' ? { body: rejectBody } : {}),
          response: okResponse(blockOrder),
        },
      },
      async (request) => {
        const reason = decision === 'reject' ? (request.body as { reason: string }).reason : undefined;
        // No Idempotency-Key: the order's status makes a second decision a refusal.
        const decided = await money.executeUnkeyed((trx) =>
          decideOrder(ctx, trx, {
            orderId: request.params.id,
            decision,
            reason,
            operator: operatorOf(request),
            ip: request.ip ?? null,
          }),
        );
        return ok(decided);
      },
    );
  }
}
