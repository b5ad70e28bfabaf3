import { portfolioHistory, portfolioHistoryQuery } from '@bourse/shared/schemas/portfolio';
import { assets } from '@bourse/shared/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { portfolioJobs } from './portfolio.jobs.ts';
import { getAssets, portfolioHistory as historyOf } from './portfolio.service.ts';

export async function registerPortfolioRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The daily snapshots run with the other scheduled work, for as long as the app does.
  const unregister = portfolioJobs(ctx).map((job) => ctx.jobs.register(job));
  app.addHook('onClose', async () => {
    for (const stop of unregister) stop();
  });

  // Tagged `wallet` in the OpenAPI document, where it has always been.
  r.get(
    '/api/user/assets',
    { config: { auth: 'user' }, schema: { tags: ['wallet'], response: okResponse(assets) } },
    async (request) => ok(await getAssets(ctx, userOf(request).userId)),
  );

  r.get(
    '/api/user/portfolio/history',
    {
      config: { auth: 'user' },
      schema: { tags: ['wallet'], querystring: portfolioHistoryQuery, response: okResponse(portfolioHistory) },
    },
    async (request) => ok(await historyOf(ctx, userOf(request).userId, request.query.range)),
  );
}
