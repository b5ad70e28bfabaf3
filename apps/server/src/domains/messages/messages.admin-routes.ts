import { idParams, pageQuery } from '@bourse/shared/schemas/common';
import {
  MESSAGE_ROLES,
  announcementBody,
  announcementPage,
  audienceBody,
  audienceSize,
  messagePage,
  messagesQuery,
} from '@bourse/shared/schemas/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import {
  audienceSizeOf,
  checkAnnouncement,
  listAnnouncements,
  messagesOfUser,
  publishAnnouncement,
} from './messages.service.ts';

/**
 * The console's announcements (list, audience preview, publish — audited with its audience and
 * size) and an investor's messages, rendered in the operator's language. Roles: admin, support.
 */
export async function registerMessageAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'operator', roles: MESSAGE_ROLES } as const;
  const tags = ['admin'];

  r.get(
    '/api/admin/announcements',
    { config, schema: { tags, querystring: pageQuery, response: okResponse(announcementPage) } },
    async (request) => ok(await listAnnouncements(ctx.database.db, request.query, request.lang)),
  );

  r.post(
    '/api/admin/announcements/audience',
    { config, schema: { tags, body: audienceBody, response: okResponse(audienceSize) } },
    async (request) => ok(await audienceSizeOf(ctx.database.db, request.body.audience)),
  );

  r.post(
    '/api/admin/announcements',
    {
      config,
      schema: {
        tags,
        body: announcementBody,
        response: okResponse(z.object({ id: z.number().int(), recipients: z.number().int() })),
      },
    },
    async (request) => {
      checkAnnouncement(request.body);
      const published = await auditedChange<{ id: number; recipients: number }>(
        ctx,
        request,
        {
          action: 'announcement.publish',
          target: (result) => `announcement:${result.id}`,
          details: (result) => ({ audience: request.body.audience, recipients: result.recipients }),
        },
        (trx, nowMs) =>
          publishAnnouncement(ctx, trx, { body: request.body, operatorId: operatorOf(request).operatorId, nowMs }),
      );
      return ok(published);
    },
  );

  r.get(
    '/api/admin/users/:id/messages',
    { config, schema: { tags, params: idParams, querystring: messagesQuery, response: okResponse(messagePage) } },
    async (request) => ok(await messagesOfUser(ctx.database.db, request.params.id, request.query, request.lang)),
  );
}
