import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  supportAttachment,
  supportAttachmentParams,
  supportHistory,
  supportHistoryQuery,
  supportMessage,
  supportMessageBody,
  supportUnread,
} from '@bourse/shared/schemas/support';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { nullData, ok, okResponse } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { sendPrivateImage } from '../../platform/storage.ts';
import * as support from './support.service.ts';

const tags = ['support'];

/** Chat flooding: at most this many messages per window per investor (or operator), then 429. */
export const SUPPORT_MESSAGE_LIMIT = { max: 10, timeWindow: 10_000 };
/** Typing events are sent while a key is pressed; a client sends one every few seconds. */
export const SUPPORT_TYPING_LIMIT = { max: 20, timeWindow: 10_000 };
/** Image uploads: each is decoded and re-encoded, the costliest part of the chat. */
export const SUPPORT_UPLOAD_LIMIT = { max: 10, timeWindow: 60_000 };

/** A per-route rate limit counted per signed-in investor or operator (after authentication). */
export function perCaller(limit: { max: number; timeWindow: number }, name: string) {
  return {
    ...limit,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      `${name}:${request.principal ? `u${request.principal.userId}` : request.operator ? `o${request.operator.operatorId}` : request.ip}`,
  };
}

/** The single image part `image` of a multipart upload (413 beyond the plugin's size limit). */
export async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let image: Buffer | undefined;
  for await (const part of request.parts() as AsyncIterable<MultipartFile | MultipartValue>) {
    if (part.type !== 'file' || part.fieldname !== 'image')
      throw new AppError('UNKNOWN_FIELD', { field: part.fieldname });
    if (image) throw new AppError('VALIDATION_FAILED', { detail: 'image' });
    image = await part.toBuffer();
  }
  if (!image || image.length === 0) throw new AppError('VALIDATION_FAILED', { detail: 'image' });
  return image;
}

/** The investor's image upload: registered inside the scope that parses multipart bodies (app.ts). */
export async function registerSupportUploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/support/attachments',
    {
      config: { auth: 'user', rateLimit: perCaller(SUPPORT_UPLOAD_LIMIT, 'support-upload') },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart: image (JPEG, PNG or WebP, ≤ 8 MiB; re-encoded, metadata dropped)',
        response: okResponse(supportAttachment),
      },
    },
    async (request) => {
      const bytes = await readImagePart(request);
      return ok(await support.saveAttachment(ctx, { userId: userOf(request).userId, bytes, operatorId: null }));
    },
  );
}

/** The investor's chat with customer service (docs/architecture.md, "Customer service"). */
export async function registerSupportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/support/messages',
    {
      config: { auth: 'user' },
      schema: { tags, querystring: supportHistoryQuery, response: okResponse(supportHistory) },
    },
    async (request) => ok(await support.getHistory(ctx, userOf(request).userId, request.query)),
  );

  r.post(
    '/api/support/messages',
    {
      config: { auth: 'user', rateLimit: perCaller(SUPPORT_MESSAGE_LIMIT, 'support-message') },
      schema: { tags, body: supportMessageBody, response: okResponse(supportMessage) },
    },
    async (request) => ok(await support.postInvestorMessage(ctx, userOf(request).userId, request.body)),
  );

  r.get(
    '/api/support/attachments/:id',
    {
      config: { auth: 'user' },
      schema: { tags, params: supportAttachmentParams, produces: ['image/jpeg', 'image/webp'] },
    },
    async (request, reply) =>
      sendPrivateImage(reply, await support.readAttachment(ctx, request.params.id, userOf(request).userId)),
  );

  r.post(
    '/api/support/read',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(supportUnread) } },
    async (request) => ok(await support.markInvestorRead(ctx, userOf(request).userId)),
  );

  r.post(
    '/api/support/typing',
    {
      config: { auth: 'user', rateLimit: perCaller(SUPPORT_TYPING_LIMIT, 'support-typing') },
      schema: { tags, response: okResponse(nullData) },
    },
    async (request) => {
      await support.investorTyping(ctx, userOf(request).userId);
      return ok(null);
    },
  );
}
