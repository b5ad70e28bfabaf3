import { assets } from '@bourse/shared/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { getAssets } from './portfolio.service.ts';

export async function registerPortfolioRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Tagged `wallet` in the OpenAPI document, where it has always been.
  r.get(
    '/api/user/assets',
    { config: { auth: 'user' }, schema: { tags: ['wallet'], response: okResponse(assets) } },
    async (request) => ok(await getAssets(ctx, userOf(request).userId)),
  );
}
