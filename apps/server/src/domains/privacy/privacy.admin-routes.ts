import { idParams, page, rejectBody } from '@bourse/shared/schemas/common';
import { adminClosure, adminClosuresQuery, type AdminClosure } from '@bourse/shared/schemas/privacy';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { announceSessionsRevoked } from '../stream/stream.service.ts';
import { decideClosure, listClosuresForConsole } from './privacy.service.ts';

/**
 * The console's account closures (admin, compliance): the queue of requests and the decided ones;
 * completing (conditions checked again, the account closed, its sessions revoked) or rejecting with
 * a reason, each audited in the same transaction.
 */
export async function registerPrivacyAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const roles = ['admin', 'compliance'] as const;
  const tags = ['admin'];

  r.get(
    '/api/admin/closures',
    {
      config: { auth: 'operator', roles },
      schema: { tags, querystring: adminClosuresQuery, response: okResponse(page(adminClosure)) },
    },
    async (request) => ok(await listClosuresForConsole(ctx, request.query)),
  );

  for (const decision of ['complete', 'reject'] as const) {
    r.post(
      `/api/admin/closures/:id/${decision}`,
      {
        config: { auth: 'operator', roles },
        schema: {
          tags,
          params: idParams,
          ...(decision === 'reject' ? { body: rejectBody } : {}),
          response: okResponse(adminClosure),
        },
      },
      async (request) => {
        const reason = decision === 'reject' ? (request.body as { reason: string }).reason : undefined;
        const closure = await auditedChange<AdminClosure>(
          ctx,
          request,
          {
            action: `closure.${decision}`,
            target: String(request.params.id),
            details: (result) => ({ userId: result.userId, ...(reason ? { reason } : {}) }),
          },
          (trx, nowMs) =>
            decideClosure(ctx, trx, {
              id: request.params.id,
              decision,
              reason,
              operatorId: operatorOf(request).operatorId,
              nowMs,
            }),
        );
        // After the commit: the closed account's stream sockets lose their private topics at once.
        if (decision === 'complete') announceSessionsRevoked(ctx, closure.userId);
        return ok(closure);
      },
    );
  }
}
