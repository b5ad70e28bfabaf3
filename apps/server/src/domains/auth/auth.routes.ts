import {
  changePasswordBody,
  encryptedBody,
  forgotPasswordBody,
  forgotPasswordCodeBody,
  loginPayload,
  loginResponse,
  publicKeyResponse,
  registerPayload,
  registerResponse,
} from '@bourse/shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { requestMeta, userOf } from '../../platform/fastify-types.ts';
import { openEnvelope } from '../../platform/jwe.ts';
import { toUserInfo } from '../users/users.service.ts';
import * as auth from './auth.service.ts';

const tags = ['auth'];

export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const envelopeDeps = {
    keys: ctx.keys,
    nonces: ctx.nonces,
    clock: ctx.clock,
    maxAgeSeconds: ctx.config.JWE_MAX_AGE_SECONDS,
  };
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

  r.get(
    '/api/user/publicKey',
    { config: { auth: 'public' }, schema: { tags, response: okResponse(publicKeyResponse) } },
    async () =>
      ok({
        kid: ctx.keys.kid,
        alg: 'RSA-OAEP-256' as const,
        enc: 'A256GCM' as const,
        jwk: {
          kty: 'RSA' as const,
          n: String(ctx.keys.publicJwk.n),
          e: String(ctx.keys.publicJwk.e),
          kid: ctx.keys.kid,
        },
        pem: ctx.keys.publicPem,
      }),
  );

  r.post(
    '/api/user/register',
    {
      config: { auth: 'public', ...perIp(ctx.config.LOGIN_RATE_PER_IP_PER_MINUTE) },
      schema: { tags, body: encryptedBody, response: okResponse(registerResponse) },
    },
    async (request) => {
      const payload = await openEnvelope(request.body.query, registerPayload, envelopeDeps);
      const { user, token, expiresAt } = await auth.register(ctx, payload, requestMeta(request));
      return ok({ userinfo: { ...toUserInfo(user), token, expiresAt: new Date(expiresAt).toISOString() } });
    },
  );

  r.post(
    '/api/user/login',
    {
      config: { auth: 'public', ...perIp(ctx.config.LOGIN_RATE_PER_IP_PER_MINUTE) },
      schema: { tags, body: encryptedBody, response: okResponse(loginResponse) },
    },
    async (request) => {
      const payload = await openEnvelope(request.body.query, loginPayload, envelopeDeps);
      const { user, token, expiresAt } = await auth.login(ctx, payload, requestMeta(request));
      return ok({ userinfo: { ...toUserInfo(user), token, expiresAt: new Date(expiresAt).toISOString() } });
    },
  );

  r.post(
    '/api/user/logout',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(z.null()) } },
    async (request) => {
      await auth.logout(ctx, userOf(request));
      return ok(null);
    },
  );

  r.post(
    '/api/user/forgotPassword/code',
    {
      config: { auth: 'public', ...perIp(ctx.config.RESET_CODE_RATE_PER_IP_PER_MINUTE) },
      schema: { tags, body: forgotPasswordCodeBody, response: okResponse(z.null()) },
    },
    async (request) => {
      await auth.requestPasswordReset(ctx, request.body.phone, requestMeta(request));
      return ok(null);
    },
  );

  r.post(
    '/api/user/forgotPassword',
    {
      config: { auth: 'public', ...perIp(ctx.config.LOGIN_RATE_PER_IP_PER_MINUTE) },
      schema: { tags, body: forgotPasswordBody, response: okResponse(z.null()) },
    },
    async (request) => {
      await auth.resetPassword(ctx, request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/user/changePassword',
    {
      config: { auth: 'user', ...perIp(20) },
      schema: { tags, body: changePasswordBody, response: okResponse(z.null()) },
    },
    async (request) => {
      await auth.changePassword(ctx, userOf(request), request.body);
      return ok(null);
    },
  );
}
