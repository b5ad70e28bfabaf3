import { idParams } from '@bourse/shared/schemas/common';
import {
  supportAssignBody,
  supportAttachment,
  supportCannedBody,
  supportCannedList,
  supportCannedReply,
  supportConversationDetail,
  supportConversationsPage,
  supportConversationsQuery,
  supportMessage,
  supportMessageBody,
  supportUnread,
} from '@bourse/shared/schemas/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { nullData, ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import { sendPrivateImage } from '../../platform/storage.ts';
import {
  perCaller,
  readImagePart,
  SUPPORT_MESSAGE_LIMIT,
  SUPPORT_TYPING_LIMIT,
  SUPPORT_UPLOAD_LIMIT,
} from './support.routes.ts';
import * as support from './support.service.ts';

const roles = ['support', 'admin'] as const;
const tags = ['admin'];
const BASE = '/api/admin/support/conversations';

/** An operator's image for a conversation's investor: inside the multipart scope (app.ts). */
export async function registerSupportAdminUploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${BASE}/:id/attachments`,
    {
      config: { auth: 'operator', roles, rateLimit: perCaller(SUPPORT_UPLOAD_LIMIT, 'support-upload') },
      schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: okResponse(supportAttachment) },
    },
    async (request) => {
      const userId = await support.conversationInvestor(ctx, request.params.id);
      const bytes = await readImagePart(request);
      return ok(await support.saveAttachment(ctx, { userId, bytes, operatorId: operatorOf(request).operatorId }));
    },
  );
}

/** The console's support inbox and canned replies (support, admin); every change audited. */
export async function registerSupportAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: { auth: 'operator', roles },
      schema: { tags, querystring: supportConversationsQuery, response: okResponse(supportConversationsPage) },
    },
    async (request) => ok(await support.listConversations(ctx, operatorOf(request).operatorId, request.query)),
  );

  r.get(
    `${BASE}/:id`,
    {
      config: { auth: 'operator', roles },
      schema: { tags, params: idParams, response: okResponse(supportConversationDetail) },
    },
    async (request) => ok(await support.getConversation(ctx, request.params.id)),
  );

  r.post(
    `${BASE}/:id/assign`,
    {
      config: { auth: 'operator', roles },
      schema: {
        tags,
        params: idParams,
        body: supportAssignBody.nullish(),
        response: okResponse(supportConversationDetail),
      },
    },
    async (request) =>
      ok(
        await support.assignConversation(ctx, request, { id: request.params.id, operatorId: request.body?.operatorId }),
      ),
  );

  r.post(
    `${BASE}/:id/messages`,
    {
      config: { auth: 'operator', roles, rateLimit: perCaller(SUPPORT_MESSAGE_LIMIT, 'support-message') },
      schema: { tags, params: idParams, body: supportMessageBody, response: okResponse(supportMessage) },
    },
    async (request) =>
      ok(await support.postOperatorMessage(ctx, request, { id: request.params.id, body: request.body })),
  );

  r.post(
    `${BASE}/:id/close`,
    {
      config: { auth: 'operator', roles },
      schema: { tags, params: idParams, response: okResponse(supportConversationDetail) },
    },
    async (request) => ok(await support.closeConversation(ctx, request, request.params.id)),
  );

  r.post(
    `${BASE}/:id/read`,
    { config: { auth: 'operator', roles }, schema: { tags, params: idParams, response: okResponse(supportUnread) } },
    async (request) => ok(await support.markOperatorRead(ctx, request.params.id)),
  );

  r.post(
    `${BASE}/:id/typing`,
    {
      config: { auth: 'operator', roles, rateLimit: perCaller(SUPPORT_TYPING_LIMIT, 'support-typing') },
      schema: { tags, params: idParams, response: okResponse(nullData) },
    },
    async (request) => {
      await support.operatorTyping(ctx, request, request.params.id);
      return ok(null);
    },
  );

  r.get(
    '/api/admin/support/attachments/:id',
    { config: { auth: 'operator', roles }, schema: { tags, params: idParams, produces: ['image/jpeg', 'image/webp'] } },
    async (request, reply) => sendPrivateImage(reply, await support.readAttachment(ctx, request.params.id, null)),
  );

  r.get(
    '/api/admin/support/canned',
    { config: { auth: 'operator', roles }, schema: { tags, response: okResponse(supportCannedList) } },
    async () => ok(await support.listCanned(ctx)),
  );

  r.post(
    '/api/admin/support/canned',
    {
      config: { auth: 'operator', roles },
      schema: { tags, body: supportCannedBody, response: okResponse(supportCannedReply) },
    },
    async (request) => ok(await support.createCanned(ctx, request, request.body)),
  );

  r.put(
    '/api/admin/support/canned/:id',
    {
      config: { auth: 'operator', roles },
      schema: { tags, params: idParams, body: supportCannedBody, response: okResponse(supportCannedReply) },
    },
    async (request) => ok(await support.updateCanned(ctx, request, request.params.id, request.body)),
  );

  r.delete(
    '/api/admin/support/canned/:id',
    { config: { auth: 'operator', roles }, schema: { tags, params: idParams, response: okResponse(nullData) } },
    async (request) => {
      await support.deleteCanned(ctx, request, request.params.id);
      return ok(null);
    },
  );
}
