import { exchangeList } from './exchanges.ts';
import {
  candle,
  candlesQuery,
  codeParams,
  favoriteBody,
  favoritesOrderBody,
  instrumentDetail as instrumentDetailSchema,
  instrumentListItem,
  instrumentsPage,
  instrumentsQuery,
  overview,
  searchQuery,
  sectors,
  exchangesResponse,
} from '@bourse/shared/schemas/market';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { nullData, ok, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { authenticate } from '../auth/auth.service.ts';
import { CandleCache } from './candle-cache.ts';
import { MarketListCache, matchesEtag } from './market-list-cache.ts';
import {
  addFavorite,
  candleCacheKey,
  candles,
  favorites,
  instrumentDetail,
  marketListKey,
  marketListPage,
  marketOverview,
  marketSectors,
  removeFavorite,
  reorderFavorites,
  requireInstrument,
  search,
} from './market.service.ts';

const tags = ['market'];

/** On an open route, the signed-in user if the request carries a valid token (else anonymous). */
async function optionalUser(ctx: AppContext, request: FastifyRequest): Promise<number | undefined> {
  const token = request.headers['token'];
  if (typeof token !== 'string' || token.length === 0) return undefined;
  try {
    return (await authenticate(ctx, token)).userId;
  } catch {
    return undefined;
  }
}

export async function registerMarketRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = {
    auth: 'public' as const,
    rateLimit: { max: ctx.config.MARKET_RATE_PER_IP_PER_MINUTE, timeWindow: 60_000 },
  };

  r.get('/api/market/overview', { config: open, schema: { tags, response: okResponse(overview) } }, async (request) =>
    ok(await marketOverview(ctx, request.lang)),
  );

  r.get(
    '/api/market/exchanges',
    { config: open, schema: { tags, response: okResponse(exchangesResponse) } },
    async (request) => ok(await exchangeList(ctx, request.lang)),
  );

  r.get('/api/market/sectors', { config: open, schema: { tags, response: okResponse(sectors) } }, async (request) =>
    ok(await marketSectors(ctx, request.lang)),
  );

  // The market list, which every investor opens first and polls: answered from bytes built once per
  // generation of quotes and instruments (MarketListCache), with an ETag so that a client that
  // already has this answer gets 304 and no body. `no-cache`: a browser may keep the answer but
  // must ask again each time (it changes with every tick). The response schema documents the
  // shape; the bytes bypass the serializer.
  const listCache = new MarketListCache(ctx);
  app.addHook('onClose', async () => listCache.close());
  r.get(
    '/api/market/instruments',
    {
      config: open,
      schema: {
        tags,
        querystring: instrumentsQuery,
        response: {
          ...okResponse(instrumentsPage),
          304: z.null().describe('Not modified (If-None-Match names the current ETag): no body'),
        },
      },
    },
    async (request, reply) => {
      const { lang } = request;
      const entry = await listCache.get(marketListKey(request.query, lang), (rows) =>
        ok(marketListPage(ctx, rows, request.query, lang)),
      );
      reply
        .header('etag', entry.etag)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, accept-language, lang');
      if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send(undefined as never);
      reply.header('content-type', 'application/json; charset=utf-8');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(listCache.gzipOf(entry) as never);
      }
      return reply.send(entry.json as never);
    },
  );

  r.get(
    '/api/market/instruments/:code',
    { config: open, schema: { tags, params: codeParams, response: okResponse(instrumentDetailSchema) } },
    async (request) => {
      // The row from the market list's generation (at most a second old, and at once after a change
      // on this instance), like the list itself; a code it does not have (written since, or unknown)
      // is looked up in the database.
      const { code } = request.params;
      const instrument = (await listCache.instrument(code)) ?? (await requireInstrument(ctx, code));
      return ok(
        await instrumentDetail(ctx, instrument, { lang: request.lang, userId: await optionalUser(ctx, request) }),
      );
    },
  );

  // The hottest read: answered from serialized (and pre-compressed) bytes while nothing it shows has
  // changed; see CandleCache. The response schema documents the shape; the bytes bypass the serializer.
  const cache = new CandleCache();
  r.get(
    '/api/market/instruments/:code/candles',
    {
      config: open,
      schema: { tags, params: codeParams, querystring: candlesQuery, response: okResponse(z.array(candle)) },
    },
    async (request, reply) => {
      const { code } = request.params;
      const key = candleCacheKey(ctx, code, request.query);
      const entry = cache.get(key) ?? cache.set(key, JSON.stringify(ok(await candles(ctx, code, request.query))));
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(cache.gzipOf(entry) as never);
      }
      return reply.send(entry.json as never);
    },
  );

  r.get(
    '/api/market/search',
    { config: open, schema: { tags, querystring: searchQuery, response: okResponse(z.array(instrumentListItem)) } },
    async (request) => ok(await search(ctx, request.query.q, request.lang)),
  );

  r.get(
    '/api/market/favorites',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(z.array(instrumentListItem)) } },
    async (request) => ok(await favorites(ctx, userOf(request).userId, request.lang)),
  );

  r.post(
    '/api/market/favorites',
    {
      config: { auth: 'user' },
      schema: { tags, body: favoriteBody, response: okResponse(z.array(instrumentListItem)) },
    },
    async (request) => {
      const { userId } = userOf(request);
      await addFavorite(ctx, userId, request.body.code);
      return ok(await favorites(ctx, userId, request.lang));
    },
  );

  r.put(
    '/api/market/favorites',
    {
      config: { auth: 'user' },
      schema: { tags, body: favoritesOrderBody, response: okResponse(z.array(instrumentListItem)) },
    },
    async (request) => {
      const { userId } = userOf(request);
      await reorderFavorites(ctx, userId, request.body.codes);
      return ok(await favorites(ctx, userId, request.lang));
    },
  );

  r.delete(
    '/api/market/favorites/:code',
    { config: { auth: 'user' }, schema: { tags, params: codeParams, response: okResponse(nullData) } },
    async (request) => {
      await removeFavorite(ctx, userOf(request).userId, request.params.code);
      return ok(null);
    },
  );
}
