import { idParams, page, rejectBody } from '@bourse/shared/schemas/common';
import {
  adminPayment,
  adminPaymentsQuery,
  adminWithdrawal,
  adminWithdrawalsQuery,
  decidedWithdrawal,
} from '@bourse/shared/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { moneyCommands } from '../../platform/money-command.ts';
import {
  decideWithdrawalAudited,
  listPaymentsForConsole,
  listWithdrawalsForConsole,
  type WalletDeps,
} from './wallet.service.ts';

/** The console's wallet pages: the withdrawal queue and the payments list (finance), each decision audited. */
export async function registerWalletAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: WalletDeps = { ctx, ledger: ctx.ledger, provider: ctx.payments };
  const money = moneyCommands(ctx);

  const finance = ['admin', 'finance'] as const;
  r.get(
    '/api/admin/withdrawals',
    {
      config: { auth: 'operator', roles: finance },
      schema: { tags: ['admin'], querystring: adminWithdrawalsQuery, response: okResponse(page(adminWithdrawal)) },
    },
    async (request) => ok(await listWithdrawalsForConsole(ctx.database.db, request.query)),
  );

  for (const decision of ['pay', 'reject'] as const) {
    r.post(
      `/api/admin/withdrawals/:id/${decision}`,
      {
        config: { auth: 'operator', roles: finance },
        schema: {
          tags: ['admin'],
          params: idParams,
          ...(decision === 'reject' ? { body: rejectBody } : {}),
          response: okResponse(decidedWithdrawal),
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        const reason = decision === 'reject' ? (request.body as { reason: string }).reason : undefined;
        // An operator's decision has no Idempotency-Key: the status check makes a second one a refusal.
        const decided = await money.executeUnkeyed((trx) =>
          decideWithdrawalAudited(trx, deps, {
            withdrawalId: request.params.id,
            operator,
            decision,
            reason,
            ip: request.ip ?? null,
          }),
        );
        return ok(decided);
      },
    );
  }

  r.get(
    '/api/admin/payments',
    {
      config: { auth: 'operator', roles: finance },
      schema: { tags: ['admin'], querystring: adminPaymentsQuery, response: okResponse(page(adminPayment)) },
    },
    async (request) => ok(await listPaymentsForConsole(ctx.database.db, request.query)),
  );
}
