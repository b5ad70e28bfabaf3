import { idParams, page } from '@bourse/shared/schemas/common';
import {
  adminNewsArticle,
  adminNewsListQuery,
  newsArticleBody,
  newsFeed,
  newsFeedBody,
  newsPreview,
  newsPreviewBody,
} from '@bourse/shared/schemas/news';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/fastify-types.ts';
import {
  articleForConsole,
  createArticle,
  createFeed,
  deleteDraft,
  deleteFeed,
  listFeeds,
  listForConsole,
  previewBody,
  requireFeed,
  resolveInstruments,
  runFeed,
  setPublished,
  updateArticleContent,
  updateFeed,
} from './news.service.ts';

/** Who writes news and configures feeds: administrators and customer service. */
export const NEWS_ROLES = ['admin', 'support'] as const;

/** The console's news editor and feeds; every change is audited in its transaction. */
export async function registerNewsAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'operator', roles: NEWS_ROLES } as const;
  const tags = ['admin'];
  const deleted = z.object({ id: z.number().int() });

  r.get(
    '/api/admin/news',
    { config, schema: { tags, querystring: adminNewsListQuery, response: okResponse(page(adminNewsArticle)) } },
    async (request) => ok(await listForConsole(ctx.database.db, request.query)),
  );

  r.get(
    '/api/admin/news/:id',
    { config, schema: { tags, params: idParams, response: okResponse(adminNewsArticle) } },
    async (request) => ok(await articleForConsole(ctx.database.db, request.params.id)),
  );

  r.post(
    '/api/admin/news/preview',
    { config, schema: { tags, body: newsPreviewBody, response: okResponse(newsPreview) } },
    async (request) => ok({ bodyHtml: previewBody(request.body.bodyFormat, request.body.body) }),
  );

  r.post(
    '/api/admin/news',
    { config, schema: { tags, body: newsArticleBody, response: okResponse(adminNewsArticle) } },
    async (request) => {
      const instrumentIds = await resolveInstruments(ctx, request.body.instruments);
      const id = await auditedChange<number>(
        ctx,
        request,
        {
          action: 'news.create',
          target: (created) => `news:${created}`,
          details: { category: request.body.category, langs: Object.keys(request.body.translations) },
        },
        (trx, nowMs) =>
          createArticle(trx, { body: request.body, instrumentIds, operatorId: operatorOf(request).operatorId, nowMs }),
      );
      return ok(await articleForConsole(ctx.database.db, id));
    },
  );

  r.put(
    '/api/admin/news/:id',
    { config, schema: { tags, params: idParams, body: newsArticleBody, response: okResponse(adminNewsArticle) } },
    async (request) => {
      const { id } = request.params;
      const instrumentIds = await resolveInstruments(ctx, request.body.instruments);
      await auditedChange(
        ctx,
        request,
        {
          action: 'news.update',
          target: `news:${id}`,
          details: { category: request.body.category, langs: Object.keys(request.body.translations) },
        },
        (trx, nowMs) => updateArticleContent(trx, id, { body: request.body, instrumentIds, nowMs }),
      );
      return ok(await articleForConsole(ctx.database.db, id));
    },
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    r.post(
      `/api/admin/news/:id/${action}`,
      { config, schema: { tags, params: idParams, response: okResponse(adminNewsArticle) } },
      async (request) => {
        const { id } = request.params;
        await auditedChange(
          ctx,
          request,
          { action: `news.${action}`, target: `news:${id}`, details: null },
          (trx, nowMs) => setPublished(trx, id, published, nowMs),
        );
        return ok(await articleForConsole(ctx.database.db, id));
      },
    );
  }

  r.delete(
    '/api/admin/news/:id',
    { config, schema: { tags, params: idParams, response: okResponse(deleted) } },
    async (request) => {
      const { id } = request.params;
      await auditedChange(ctx, request, { action: 'news.delete', target: `news:${id}`, details: null }, (trx) =>
        deleteDraft(trx, id),
      );
      return ok({ id });
    },
  );

  // ── feeds ──
  r.get('/api/admin/news/feeds', { config, schema: { tags, response: okResponse(z.array(newsFeed)) } }, async () =>
    ok(await listFeeds(ctx.database.db)),
  );

  r.post(
    '/api/admin/news/feeds',
    { config, schema: { tags, body: newsFeedBody, response: okResponse(newsFeed) } },
    async (request) =>
      ok(
        await auditedChange(
          ctx,
          request,
          { action: 'news.feed.create', target: (feed) => `news-feed:${feed.id}`, details: { ...request.body } },
          (trx, nowMs) => createFeed(trx, request.body, nowMs),
        ),
      ),
  );

  r.put(
    '/api/admin/news/feeds/:id',
    { config, schema: { tags, params: idParams, body: newsFeedBody, response: okResponse(newsFeed) } },
    async (request) =>
      ok(
        await auditedChange(
          ctx,
          request,
          { action: 'news.feed.update', target: `news-feed:${request.params.id}`, details: { ...request.body } },
          (trx, nowMs) => updateFeed(trx, request.params.id, request.body, nowMs),
        ),
      ),
  );

  r.delete(
    '/api/admin/news/feeds/:id',
    { config, schema: { tags, params: idParams, response: okResponse(deleted) } },
    async (request) => {
      const { id } = request.params;
      await auditedChange(
        ctx,
        request,
        { action: 'news.feed.delete', target: `news-feed:${id}`, details: null },
        (trx) => deleteFeed(trx, id),
      );
      return ok({ id });
    },
  );

  r.post(
    '/api/admin/news/feeds/:id/run',
    { config, schema: { tags, params: idParams, response: okResponse(newsFeed) } },
    async (request) => {
      const { id } = request.params;
      await requireFeed(ctx.database.db, id);
      const operator = operatorOf(request);
      return ok(
        await runFeed(ctx, id, {
          operatorId: operator.operatorId,
          operatorUsername: operator.username,
          action: 'news.feed.run',
          target: `news-feed:${id}`,
          ip: request.ip ?? null,
        }),
      );
    },
  );
}
