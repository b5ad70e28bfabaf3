import { idParams, page, rejectBody } from '@bourse/shared/schemas/common';
import { adminLoan, adminLoansQuery, loan } from '@bourse/shared/schemas/loans';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { moneyCommands } from '../../platform/money-command.ts';
import { decideLoan, listLoansForConsole } from './loans.service.ts';

/**
 * The console's loans (admin, finance): the queue of applications (oldest first) and the loan book,
 * each with its investor; passing (the principal paid into cash) and rejecting, audited, two different
 * operators at or above the four-eyes threshold.
 */
export async function registerLoanAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const money = moneyCommands(ctx);
  const roles = ['admin', 'finance'] as const;
  const tags = ['admin'];

  r.get(
    '/api/admin/loans',
    {
      config: { auth: 'operator', roles },
      schema: { tags, querystring: adminLoansQuery, response: okResponse(page(adminLoan)) },
    },
    async (request) => ok(await listLoansForConsole(ctx, request.query)),
  );

  for (const decision of ['pass', 'reject'] as const) {
    r.post(
      `/api/admin/loans/:id/${decision}`,
      {
        config: { auth: 'operator', roles },
        schema: {
          tags,
          params: idParams,
          ...(decision === 'reject' ? { body: rejectBody } : {}),
          response: okResponse(loan),
        },
      },
      async (request) => {
        const reason = decision === 'reject' ? (request.body as { reason: string }).reason : undefined;
        // No Idempotency-Key: the application's status makes a second decision a refusal.
        return ok(
          await money.executeUnkeyed((trx) =>
            decideLoan(ctx, trx, {
              loanId: request.params.id,
              decision,
              reason,
              operator: operatorOf(request),
              ip: request.ip ?? null,
            }),
          ),
        );
      },
    );
  }
}
