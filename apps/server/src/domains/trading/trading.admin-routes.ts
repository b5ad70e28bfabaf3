import { INVESTOR_MONEY_ROLES } from '@bourse/shared/schemas/admin';
import { adminOrdersPage, adminOrdersQuery, adminPositionsQuery, position } from '@bourse/shared/schemas/trading';
import { idParams } from '@bourse/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { userContact } from '../users/users.service.ts';
import { listUserPositions, searchOrdersForConsole } from './trading.service.ts';

const tags = ['admin'];

/**
 * The console's view of trading: the order and fill search across investors, and one investor's
 * lots. Reads only, for the roles that deal with investors' money (amounts, positions); support sees
 * contact and conversation data only (DESIGN §4). Fee settings live in /api/admin/settings, trading
 * on/off per instrument in /api/admin/instruments.
 */
export async function registerTradingAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/orders',
    {
      config: { auth: 'operator', roles: INVESTOR_MONEY_ROLES },
      schema: { tags, querystring: adminOrdersQuery, response: okResponse(adminOrdersPage) },
    },
    async (request) => {
      const query = request.query;
      const fromMs = query.from === undefined ? undefined : Date.parse(query.from);
      const toMs = query.to === undefined ? undefined : Date.parse(query.to);
      if (fromMs !== undefined && toMs !== undefined && fromMs > toMs) {
        throw new AppError('VALIDATION_FAILED', { detail: 'from, to' });
      }
      const { items, total } = await searchOrdersForConsole(
        ctx,
        {
          userId: query.userId,
          code: query.code,
          status: query.status,
          side: query.side,
          filledOnly: query.fills === 'true',
          fromMs,
          toMs,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        },
        request.lang,
      );
      return ok({
        items,
        total,
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  );

  r.get(
    '/api/admin/users/:id/positions',
    {
      config: { auth: 'operator', roles: INVESTOR_MONEY_ROLES },
      schema: {
        tags,
        params: idParams,
        querystring: adminPositionsQuery,
        response: okResponse(z.array(position)),
      },
    },
    async (request) => {
      if (!(await userContact(ctx.database.db, request.params.id))) throw new AppError('NOT_FOUND');
      return ok(await listUserPositions(ctx, request.params.id, request.query.status));
    },
  );
}
