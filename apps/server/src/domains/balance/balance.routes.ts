import { fundLogEntry, fundLogQuery, fundOrder, fundOrderBody, fundSummary } from '@bourse/shared/schemas/balance';
import { page } from '@bourse/shared/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okAnswer, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { moneyCommands } from '../../platform/money-command.ts';
import { keyedRequest, refusalOf, sendMoneyAnswer } from '../../platform/money-route.ts';
import { balanceJobs } from './balance.jobs.ts';
import { fundLog, fundSummary as summaryOf, purchase, redeem, registerBalanceContributor } from './balance.service.ts';

const tags = ['fund'];

/** The investor's balance product: the fund screen, purchase and redemption (money commands), history. */
export async function registerBalanceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const money = moneyCommands(ctx);
  const orderAnswer = okAnswer(fundOrder);
  registerBalanceContributor(ctx);
  // Confirmations (T+1) and the daily accrual run with the other scheduled work, for as long as the app does.
  const unregister = balanceJobs(ctx).map((job) => ctx.jobs.register(job));
  app.addHook('onClose', async () => {
    for (const stop of unregister) stop();
  });

  r.get(
    '/api/fund',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(fundSummary) } },
    async (request) => ok(await summaryOf(ctx, userOf(request).userId)),
  );

  r.get(
    '/api/fund/log',
    { config: { auth: 'user' }, schema: { tags, querystring: fundLogQuery, response: okResponse(page(fundLogEntry)) } },
    async (request) => ok(await fundLog(ctx, { userId: userOf(request).userId, ...request.query })),
  );

  for (const [path, command] of [
    ['/api/fund/purchase', purchase],
    ['/api/fund/redeem', redeem],
  ] as const) {
    r.post(
      path,
      {
        config: {
          auth: 'user',
          // Per investor, like the other money writes.
          rateLimit: {
            max: ctx.config.MONEY_WRITES_PER_MINUTE,
            timeWindow: 60_000,
            hook: 'preValidation',
            keyGenerator: (request: FastifyRequest) => `${path}:${request.principal?.userId ?? request.ip}`,
          },
        },
        schema: { tags, body: fundOrderBody, response: okResponse(fundOrder) },
      },
      async (request, reply) =>
        sendMoneyAnswer(
          reply,
          await money.execute({
            ...command(ctx, { userId: userOf(request).userId, ...request.body }),
            request: keyedRequest(request),
            answer: orderAnswer,
            refusal: refusalOf(request),
          }),
        ),
    );
  }
}
