import { idParams } from '@bourse/shared/schemas/common';
import { messagePage, messagesQuery, unreadCount } from '@bourse/shared/schemas/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { listMessages, readAllMessages, readMessage, unreadOf } from './messages.service.ts';

const tags = ['messages'];

/** The investor's message centre: a page of messages in the request's language, the badge's count, reading. */
export async function registerMessageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/messages',
    { config: { auth: 'user' }, schema: { tags, querystring: messagesQuery, response: okResponse(messagePage) } },
    async (request) => ok(await listMessages(ctx.database.db, userOf(request).userId, request.query, request.lang)),
  );

  r.get(
    '/api/messages/unread',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(unreadCount) } },
    async (request) => ok(await unreadOf(ctx.database.db, userOf(request).userId)),
  );

  r.post(
    '/api/messages/read-all',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(unreadCount) } },
    async (request) => ok(await readAllMessages(ctx.database.db, userOf(request).userId, ctx.clock.nowMs())),
  );

  r.post(
    '/api/messages/:id/read',
    { config: { auth: 'user' }, schema: { tags, params: idParams, response: okResponse(unreadCount) } },
    async (request) =>
      ok(await readMessage(ctx.database.db, userOf(request).userId, request.params.id, ctx.clock.nowMs())),
  );
}
