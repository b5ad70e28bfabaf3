import { profileBody, tradingPasswordBody, userInfo } from '@bourse/shared/schemas/auth';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
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
