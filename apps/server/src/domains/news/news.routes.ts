import { idParams, page } from '@bourse/shared/schemas/common';
import { newsArticle, newsListItem, newsListQuery } from '@bourse/shared/schemas/news';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { newsJobs } from './news.jobs.ts';
import { listPublished, publishedArticle } from './news.service.ts';

const tags = ['news'];

/** Published news, open to everyone (signed in or not), and the scheduled feed import. */
export async function registerNewsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const unregister = newsJobs(ctx).map((job) => ctx.jobs.register(job));
  app.addHook('onClose', async () => {
    for (const stop of unregister) stop();
  });

  r.get(
    '/api/news',
    {
      config: { auth: 'public' },
      schema: { tags, querystring: newsListQuery, response: okResponse(page(newsListItem)) },
    },
    async (request) => ok(await listPublished(ctx.database.db, request.query, request.lang)),
  );

  r.get(
    '/api/news/:id',
    { config: { auth: 'public' }, schema: { tags, params: idParams, response: okResponse(newsArticle) } },
    async (request) => ok(await publishedArticle(ctx, request.params.id, request.lang)),
  );
}
