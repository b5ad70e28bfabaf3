import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { profileBody, tradingPasswordBody, userInfo } from '@bourse/shared/schemas/auth';
import { avatarParams, avatarResult } from '@bourse/shared/schemas/privacy';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { changeAvatar, readAvatar } from './avatar.service.ts';
import { setTradingPassword } from './trading-password.service.ts';
import { getUserInfo, updateProfile } from './users.service.ts';

const tags = ['user'];

export async function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/info',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(userInfo) } },
    async (request) => ok(await getUserInfo(ctx, userOf(request).userId)),
  );

  r.post(
    '/api/user/profile',
    { config: { auth: 'user' }, schema: { tags, body: profileBody, response: okResponse(userInfo) } },
    async (request) => ok(await updateProfile(ctx, userOf(request).userId, request.body)),
  );

  r.get(
    '/api/user/avatars/:file',
    {
      // Public: an <img> sends no token. The name is 128 random bits, known only to who was shown it.
      config: { auth: 'public' },
      schema: { tags, params: avatarParams, produces: ['image/jpeg', 'image/webp'] },
    },
    async (request, reply) => {
      const image = await readAvatar(ctx, request.params.file);
      // A stored name is never reused for other bytes, so the file may be cached for good.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .type(image.contentType)
        .send(image.bytes);
    },
  );

  r.post(
    '/api/user/tradingPassword',
    {
      config: { auth: 'user', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { tags, body: tradingPasswordBody, response: okResponse(z.null()) },
    },
    async (request) => {
      await setTradingPassword(ctx, userOf(request).userId, request.body);
      return ok(null);
    },
  );
}

/** The one file part `avatar` of a multipart body, nothing else (415 when the body is not multipart). */
async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let avatar: Buffer | undefined;
  for await (const part of request.parts() as AsyncIterable<MultipartFile | MultipartValue>) {
    if (part.type !== 'file' || part.fieldname !== 'avatar')
      throw new AppError('UNKNOWN_FIELD', { field: part.fieldname });
    if (avatar) throw new AppError('VALIDATION_FAILED', { detail: 'avatar' });
    avatar = await part.toBuffer();
  }
  if (!avatar || avatar.length === 0) throw new AppError('VALIDATION_FAILED', { detail: 'avatar' });
  return avatar;
}

/** The avatar upload: registered inside the scope that parses multipart bodies (app.ts). */
export async function registerAvatarUploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/user/editAvatar',
    {
      config: {
        auth: 'user',
        // Re-encoding a picture is costly: a few per user and minute, counted after authentication.
        rateLimit: {
          max: 10,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `avatar:${request.principal?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart: avatar (JPEG, PNG or WebP, ≤ 5 MiB); stored as a 256×256 square',
        response: okResponse(avatarResult),
      },
    },
    async (request) => ok(await changeAvatar(ctx, userOf(request).userId, await readAvatarUpload(request))),
  );
}
