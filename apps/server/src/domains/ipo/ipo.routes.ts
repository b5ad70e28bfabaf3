import { idParams, page } from '@bourse/shared/schemas/common';
import {
  ipoDraw,
  ipoIssue,
  ipoListQuery,
  ipoSubscription,
  subscribeAllBody,
  subscribeAllResult,
  subscribeBody,
  subscriptionsQuery,
} from '@bourse/shared/schemas/ipo';
import { pageQuery } from '@bourse/shared/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okAnswer, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { moneyCommands } from '../../platform/money-command.ts';
import { keyedRequest, refusalOf, sendMoneyAnswer } from '../../platform/money-route.ts';
import { authenticate } from '../auth/auth.service.ts';
import { moneyWriteRateLimit } from '../../platform/money-write-limits.ts';
import { drawThread } from './draw-thread.ts';
import { ipoJobs } from './ipo.jobs.ts';
import {
  issueDetail,
  listAllocations,
  listCalendar,
  listSubscriptions,
  publishedDraw,
  registerIpoPortfolio,
  subscribe,
  subscribeAll,
} from './ipo.service.ts';

const tags = ['ipo'];

/** On an open route, the signed-in investor if the request carries a valid token (else anonymous). */
async function optionalUser(ctx: AppContext, request: FastifyRequest): Promise<number | undefined> {
  const token = request.headers['token'];
  if (typeof token !== 'string' || token.length === 0) return undefined;
  try {
    return (await authenticate(ctx, token)).userId;
  } catch {
    return undefined;
  }
}

/** New shares for investors: the calendar, subscribing (single and one-click), the records. */
export async function registerIpoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const money = moneyCommands(ctx);
  const moneyRoute = { auth: 'user' as const, rateLimit: moneyWriteRateLimit(app, ctx) };
  const subscriptionAnswer = okAnswer(ipoSubscription);
  const subscribeAllAnswer = okAnswer(subscribeAllResult);
  registerIpoPortfolio(ctx);
  const stopJobs = ipoJobs(ctx).map((job) => ctx.jobs.register(job));
  // On a SQLite file the draws run on a thread of their own, loaded at start-up so that a draw does
  // not wait for it: once the port is open, so as not to slow the order writer's start, which the
  // port waits for (tests start hundreds of apps, few with a draw: there it starts with the first).
  const draws = drawThread(ctx);
  if (ctx.config.NODE_ENV !== 'test') {
    app.addHook('onListen', async () => {
      draws.start();
    });
  }
  app.addHook('onClose', async () => {
    for (const stop of stopJobs) stop();
    await draws.close();
  });

  r.get(
    '/api/ipo/:id/draw',
    { config: { auth: 'public' }, schema: { tags, params: idParams, response: okResponse(ipoDraw) } },
    async (request) => ok(await publishedDraw(ctx, request.params.id)),
  );

  r.get(
    '/api/ipo',
    { config: { auth: 'public' }, schema: { tags, querystring: ipoListQuery, response: okResponse(page(ipoIssue)) } },
    async (request) =>
      ok(await listCalendar(ctx, request.query, { userId: await optionalUser(ctx, request), lang: request.lang })),
  );

  r.get(
    '/api/ipo/subscriptions',
    {
      config: { auth: 'user' },
      schema: { tags, querystring: subscriptionsQuery, response: okResponse(page(ipoSubscription)) },
    },
    async (request) => ok(await listSubscriptions(ctx, userOf(request).userId, request.query, request.lang)),
  );

  r.get(
    '/api/ipo/allocations',
    { config: { auth: 'user' }, schema: { tags, querystring: pageQuery, response: okResponse(page(ipoSubscription)) } },
    async (request) => ok(await listAllocations(ctx, userOf(request).userId, request.query, request.lang)),
  );

  r.get(
    '/api/ipo/:id',
    { config: { auth: 'public' }, schema: { tags, params: idParams, response: okResponse(ipoIssue) } },
    async (request) =>
      ok(await issueDetail(ctx, request.params.id, { userId: await optionalUser(ctx, request), lang: request.lang })),
  );

  r.post(
    '/api/ipo/subscribe-all',
    { config: moneyRoute, schema: { tags, body: subscribeAllBody, response: okResponse(subscribeAllResult) } },
    async (request, reply) =>
      sendMoneyAnswer(
        reply,
        await money.execute({
          ...subscribeAll(ctx, { userId: userOf(request).userId, ...request.body, lang: request.lang }),
          request: keyedRequest(request),
          answer: subscribeAllAnswer,
          refusal: refusalOf(request),
        }),
      ),
  );

  r.post(
    '/api/ipo/:id/subscribe',
    {
      config: moneyRoute,
      schema: { tags, params: idParams, body: subscribeBody, response: okResponse(ipoSubscription) },
    },
    async (request, reply) =>
      sendMoneyAnswer(
        reply,
        await money.execute({
          ...subscribe(ctx, {
            userId: userOf(request).userId,
            issueId: request.params.id,
            ...request.body,
            lang: request.lang,
          }),
          request: keyedRequest(request),
          answer: subscriptionAnswer,
          refusal: refusalOf(request),
        }),
      ),
  );
}
