import {
  kycAdminImageParams,
  kycQueuePage,
  kycQueueQuery,
  kycResubmitBody,
  kycSubmission,
  kycUserParams,
  type KycSubmission,
} from '@bourse/shared/schemas/kyc';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { auditedChange } from '../../platform/audit.ts';
import { sendPrivateImage } from '../../platform/storage.ts';
import * as kyc from './kyc.service.ts';

const tags = ['admin', 'kyc'];

/**
 * Identity documents are for compliance only (DESIGN §4, "Operator powers are bounded"): an
 * administrator without the compliance role sees neither the queue nor the images.
 */
const KYC_ROLES = ['compliance'] as const;

export async function registerKycAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/kyc',
    {
      config: { auth: 'operator', roles: KYC_ROLES },
      schema: { tags, querystring: kycQueueQuery, response: okResponse(kycQueuePage) },
    },
    async (request) => ok(await kyc.listSubmissions(ctx.database.db, request.query)),
  );

  r.get(
    '/api/admin/kyc/:userId/images/:side',
    {
      config: { auth: 'operator', roles: KYC_ROLES },
      schema: { tags, params: kycAdminImageParams, produces: ['image/jpeg', 'image/webp'] },
    },
    async (request, reply) =>
      sendPrivateImage(reply, await kyc.readSubmissionImage(ctx, request.params.userId, request.params.side)),
  );

  r.post(
    '/api/admin/kyc/:userId/approve',
    {
      config: { auth: 'operator', roles: KYC_ROLES },
      schema: { tags, params: kycUserParams, response: okResponse(kycSubmission) },
    },
    async (request) => {
      const { userId } = request.params;
      const operatorId = operatorOf(request).operatorId;
      const view = await auditedChange<KycSubmission>(
        ctx,
        request,
        { action: 'kyc.approve', target: `user:${userId}`, details: (view) => ({ submissionId: view.id }) },
        async (trx, nowMs) => {
          await kyc.approveSubmission(trx, { userId, operatorId, nowMs });
          await kyc.notifyDecision(ctx, trx, { userId, status: 'approved' });
          return kyc.findSubmissionView(trx, userId);
        },
      );
      return ok(view);
    },
  );

  r.post(
    '/api/admin/kyc/:userId/resubmit',
    {
      config: { auth: 'operator', roles: KYC_ROLES },
      schema: { tags, params: kycUserParams, body: kycResubmitBody, response: okResponse(kycSubmission) },
    },
    async (request) => {
      const { userId } = request.params;
      const { reason } = request.body;
      const operatorId = operatorOf(request).operatorId;
      const view = await auditedChange<KycSubmission>(
        ctx,
        request,
        // The reason goes to the audit log too: it is what the investor is told.
        { action: 'kyc.resubmit', target: `user:${userId}`, details: (view) => ({ submissionId: view.id, reason }) },
        async (trx, nowMs) => {
          await kyc.requestResubmission(trx, { userId, operatorId, nowMs, reason });
          await kyc.notifyDecision(ctx, trx, { userId, status: 'resubmit', reason });
          return kyc.findSubmissionView(trx, userId);
        },
      );
      return ok(view);
    },
  );
}
