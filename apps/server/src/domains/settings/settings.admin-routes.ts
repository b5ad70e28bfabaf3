import {
  feeSettings,
  feeSettingsAfterUpdate,
  feeSettingsUpdate,
  rejectSettingsChangeBody,
  settingsChange,
  settingsChangesQuery,
  type SettingsChange,
} from '@bourse/shared/schemas/settings-admin';
import { idParams, page } from '@bourse/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { decideSettingsChange, listSettingsChanges, updateSettings } from './settings-changes.service.ts';
import { getSettings, type SettingKey } from './settings.service.ts';

const tags = ['admin'];

/**
 * The fee and limit settings (admin and finance) and the second pair of eyes on them: the queue of
 * changes that loosen a money control, and their approval or rejection by another operator (the
 * same roles that edit the settings). Every change is audited with what it was before.
 */
export async function registerSettingsAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const roles = ['admin', 'finance'] as const;

  r.get(
    '/api/admin/settings',
    { config: { auth: 'operator', roles }, schema: { tags, response: okResponse(feeSettings) } },
    async () => ok(await getSettings(ctx.database.db)),
  );

  // A change that loosens a money control is held for a second operator (settings-changes.service.ts);
  // the answer carries the settings as now stored and that pending change, if any.
  r.put(
    '/api/admin/settings',
    {
      config: { auth: 'operator', roles },
      schema: { tags, body: feeSettingsUpdate, response: okResponse(feeSettingsAfterUpdate) },
    },
    async (request) => {
      const values = Object.entries(request.body).filter(([, v]) => v !== undefined) as Array<[SettingKey, string]>;
      const operator = operatorOf(request);
      const nowMs = ctx.clock.nowMs();
      const result = await ctx.database.transaction((trx) =>
        updateSettings(trx, { operator, ip: request.ip ?? null, values, nowMs }),
      );
      return ok(result);
    },
  );

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
