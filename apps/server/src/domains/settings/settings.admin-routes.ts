import { page } from '@bourse/shared/schemas/common';
import {
  rejectSettingsChangeBody,
  settingsChange,
  settingsChangesQuery,
  type SettingsChange,
} from '@bourse/shared/schemas/settings-admin';
import { idParams } from '@bourse/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { decideSettingsChange, listSettingsChanges } from './settings-changes.service.ts';

const tags = ['admin'];

/**
 * The second pair of eyes on settings: the queue of changes that loosen a money control, and their
 * approval or rejection by another operator (the same roles that edit the settings), each audited.
 */
export async function registerSettingsAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const roles = ['admin', 'finance'] as const;

  r.get(
    '/api/admin/settings/changes',
    {
      config: { auth: 'operator', roles },
      schema: { tags, querystring: settingsChangesQuery, response: okResponse(page(settingsChange)) },
    },
    async (request) => ok(await listSettingsChanges(ctx.database.db, request.query)),
  );

  for (const decision of ['approve', 'reject'] as const) {
    r.post(
      `/api/admin/settings/changes/:id/${decision}`,
      {
        config: { auth: 'operator', roles },
        schema: {
          tags,
          params: idParams,
          ...(decision === 'reject' ? { body: rejectSettingsChangeBody.nullish() } : {}),
          response: okResponse(settingsChange),
        },
      },
      async (request) => {
        const reason =
          decision === 'reject' ? (request.body as { reason?: string } | null | undefined)?.reason : undefined;
        const decided = await auditedChange<SettingsChange>(
          ctx,
          request,
          {
            action: `settings.change.${decision}`,
            target: String(request.params.id),
            details: (change: SettingsChange) => ({
              changes: Object.fromEntries(change.changes.map((c) => [c.key, { from: c.from, to: c.to }])),
              proposedBy: change.proposedBy,
              ...(reason ? { reason } : {}),
            }),
          },
          (trx, nowMs) =>
            decideSettingsChange(trx, {
              id: request.params.id,
              operatorId: operatorOf(request).operatorId,
              decision,
              reason,
              nowMs,
              dialect: ctx.database.dialect,
            }),
        );
        return ok(decided);
      },
    );
  }
}
