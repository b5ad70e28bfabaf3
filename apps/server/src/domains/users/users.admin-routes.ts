import { seesInvestorMoney } from '@bourse/shared/schemas/admin';
import { adminUser, adminUserPage, adminUsersQuery } from '@bourse/shared/schemas/admin-users';
import { idParams, page, rejectBody } from '@bourse/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { announceSessionsRevoked } from '../stream/stream.service.ts';
import { freezeOrUnfreeze, userPageForConsole } from './users-console.service.ts';
import { searchUsers } from './users.service.ts';

const tags = ['admin'];

/**
 * The console's user pages. Looking an investor up is open to every role that serves investors,
 * their money (balances, entries, cards, sessions) only to INVESTOR_MONEY_ROLES; freezing is for
 * admin and compliance, each change audited.
 */
export async function registerUserAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const everyone = ['admin', 'finance', 'compliance', 'support'] as const;

  r.get(
    '/api/admin/users',
    {
      config: { auth: 'operator', roles: everyone },
      schema: {
        tags,
        querystring: adminUsersQuery,
        response: okResponse(page(adminUser)),
      },
    },
    async (request) => ok(await searchUsers(ctx.database.db, request.query)),
  );

  r.get(
    '/api/admin/users/:id',
    {
      config: { auth: 'operator', roles: everyone },
      // The full page for the roles that see investors' money, the contact part for support.
      schema: { tags, params: idParams, response: okResponse(adminUserPage) },
    },
    async (request) =>
      ok(
        await userPageForConsole(ctx.database.db, request.params.id, {
          withMoney: seesInvestorMoney(operatorOf(request).roles),
        }),
      ),
  );

  for (const action of ['freeze', 'unfreeze'] as const) {
    r.post(
      `/api/admin/users/:id/${action}`,
      {
        config: { auth: 'operator', roles: ['admin', 'compliance'] },
        schema: { tags, params: idParams, body: rejectBody, response: okResponse(adminUser) },
      },
      async (request) => {
        const changed = await auditedChange(
          ctx,
          request,
          { action: `user.${action}`, target: String(request.params.id), details: { reason: request.body.reason } },
          (trx, nowMs) => freezeOrUnfreeze(trx, { userId: request.params.id, action, nowMs }),
        );
        // After the commit: the frozen account's stream sockets lose their private topics at once.
        if (action === 'freeze') announceSessionsRevoked(ctx, request.params.id);
        return ok(changed);
      },
    );
  }
}
