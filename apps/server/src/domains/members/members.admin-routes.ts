import { INVESTOR_MONEY_ROLES } from '@bourse/shared/schemas/admin';
import { idParams } from '@bourse/shared/schemas/common';
import {
  adminMemberStanding,
  adminMemberTier,
  creditPointRule,
  creditPointRulePatch,
  memberTiersBody,
  ruleCodeParams,
} from '@bourse/shared/schemas/members';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { listRules, listTiersForConsole, standingForConsole, updateRule, updateTiers } from './members.service.ts';

/**
 * The console's point rules and level tiers (read: admin, finance, compliance; change: admin,
 * finance; every change audited in its transaction), and an investor's points and level history.
 */
export async function registerMemberAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = ['admin', 'finance', 'compliance'] as const;
  const editors = ['admin', 'finance'] as const;
  const tags = ['admin'];

  r.get(
    '/api/admin/members/rules',
    { config: { auth: 'operator', roles: readers }, schema: { tags, response: okResponse(z.array(creditPointRule)) } },
    async () => ok(await listRules(ctx.database.db)),
  );

  r.put(
    '/api/admin/members/rules/:code',
    {
      config: { auth: 'operator', roles: editors },
      schema: { tags, params: ruleCodeParams, body: creditPointRulePatch, response: okResponse(creditPointRule) },
    },
    async (request) =>
      ok(
        await ctx.database.transaction((trx) =>
          updateRule(trx, {
            code: request.params.code,
            patch: request.body,
            operator: operatorOf(request),
            ip: request.ip ?? null,
            nowMs: ctx.clock.nowMs(),
          }),
        ),
      ),
  );

  r.get(
    '/api/admin/members/tiers',
    { config: { auth: 'operator', roles: readers }, schema: { tags, response: okResponse(z.array(adminMemberTier)) } },
    async () => ok(await listTiersForConsole(ctx.database.db)),
  );

  r.put(
    '/api/admin/members/tiers',
    {
      config: { auth: 'operator', roles: editors },
      schema: { tags, body: memberTiersBody, response: okResponse(z.array(adminMemberTier)) },
    },
    async (request) =>
      ok(
        await ctx.database.transaction((trx) =>
          updateTiers(trx, {
            body: request.body,
            operator: operatorOf(request),
            ip: request.ip ?? null,
            nowMs: ctx.clock.nowMs(),
          }),
        ),
      ),
  );

  r.get(
    '/api/admin/members/users/:id',
    {
      config: { auth: 'operator', roles: INVESTOR_MONEY_ROLES },
      schema: { tags, params: idParams, response: okResponse(adminMemberStanding) },
    },
    async (request) => ok(await standingForConsole(ctx.database.db, request.params.id)),
  );
}
