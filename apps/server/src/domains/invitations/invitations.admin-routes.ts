import { createInvitationBody, invitation, invitationCodeParams, type Invitation } from '@bourse/shared/schemas/admin';
import { page, pageQuery } from '@bourse/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { createInvitation, disableInvitation, listInvitations } from './invitations.service.ts';

const tags = ['admin'];

/** The console's invitation codes (admin and support): the list, a new code, disabling one; each change audited. */
export async function registerInvitationAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const invitationRoles = ['admin', 'support'] as const;

  r.get(
    '/api/admin/invitations',
    {
      config: { auth: 'operator', roles: invitationRoles },
      schema: { tags, querystring: pageQuery, response: okResponse(page(invitation)) },
    },
    async (request) => ok(await listInvitations(ctx.database.db, request.query)),
  );

  r.post(
    '/api/admin/invitations',
    {
      config: { auth: 'operator', roles: invitationRoles },
      schema: { tags, body: createInvitationBody, response: okResponse(invitation) },
    },
    async (request) => {
      const body = request.body;
      const operator = operatorOf(request);
      const created = await auditedChange<Invitation>(
        ctx,
        request,
        {
          action: 'invitation.create',
          target: (inv) => inv.code,
          details: { note: body.note ?? null, maxUses: body.maxUses ?? null },
        },
        (trx, nowMs) => createInvitation(trx, { ...body, operatorId: operator.operatorId, nowMs }),
      );
      return ok(created);
    },
  );

  r.post(
    '/api/admin/invitations/:code/disable',
    {
      config: { auth: 'operator', roles: invitationRoles },
      schema: { tags, params: invitationCodeParams, response: okResponse(invitation) },
    },
    async (request) =>
      ok(
        await auditedChange(
          ctx,
          request,
          { action: 'invitation.disable', target: request.params.code, details: null },
          (trx, nowMs) => disableInvitation(trx, request.params.code, nowMs),
        ),
      ),
  );
}
