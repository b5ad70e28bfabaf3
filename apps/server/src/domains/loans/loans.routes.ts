import { idParams, page } from '@bourse/shared/schemas/common';
import {
  loan,
  loanApplicationBody,
  loanOffer,
  loanRepayment,
  loanRepaymentBody,
  loansQuery,
} from '@bourse/shared/schemas/loans';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okAnswer, okResponse } from '../../platform/envelope.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { moneyCommands } from '../../platform/money-command.ts';
import { keyedRequest, refusalOf, sendMoneyAnswer } from '../../platform/money-route.ts';
import { loanJobs } from './loans.jobs.ts';
import {
  applyForLoan,
  getLoanOffer,
  getOwnLoan,
  listOwnLoans,
  registerLoansPortfolio,
  repayLoan,
} from './loans.service.ts';

const tags = ['loans'];

/** The investor's loans: what may be applied for, applying and repaying (keyed writes), records. */
export async function registerLoanRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const money = moneyCommands(ctx);
  const loanAnswer = okAnswer(loan);
  const repaymentAnswer = okAnswer(loanRepayment);
  registerLoansPortfolio(ctx);
  // Daily interest and the repayment reminders run with the other scheduled work, for as long as the app does.
  const unregister = loanJobs(ctx).map((job) => ctx.jobs.register(job));
  app.addHook('onClose', async () => {
    for (const stop of unregister) stop();
  });
  // Per investor, like the other money writes (investors behind one address do not throttle each other).
  const rateLimit = (name: string) => ({
    max: ctx.config.MONEY_WRITES_PER_MINUTE,
    timeWindow: 60_000,
    hook: 'preValidation' as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.principal?.userId ?? request.ip}`,
  });

  r.get(
    '/api/loans/offer',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(loanOffer) } },
    async (request) => ok(await getLoanOffer(ctx, userOf(request).userId)),
  );

  r.post(
    '/api/loans',
    {
      config: { auth: 'user', rateLimit: rateLimit('loan-apply') },
      schema: { tags, body: loanApplicationBody, response: okResponse(loan) },
    },
    async (request, reply) =>
      sendMoneyAnswer(
        reply,
        await money.execute({
          ...applyForLoan(ctx, { userId: userOf(request).userId, ...request.body }),
          request: keyedRequest(request),
          answer: loanAnswer,
          refusal: refusalOf(request),
        }),
      ),
  );

  r.get(
    '/api/loans',
    { config: { auth: 'user' }, schema: { tags, querystring: loansQuery, response: okResponse(page(loan)) } },
    async (request) => ok(await listOwnLoans(ctx, { userId: userOf(request).userId, ...request.query })),
  );

  r.get(
    '/api/loans/:id',
    { config: { auth: 'user' }, schema: { tags, params: idParams, response: okResponse(loan) } },
    async (request) => ok(await getOwnLoan(ctx, userOf(request).userId, request.params.id)),
  );

  r.post(
    '/api/loans/:id/repay',
    {
      config: { auth: 'user', rateLimit: rateLimit('loan-repay') },
      schema: { tags, params: idParams, body: loanRepaymentBody, response: okResponse(loanRepayment) },
    },
    async (request, reply) =>
      sendMoneyAnswer(
        reply,
        await money.execute({
          ...repayLoan(ctx, { userId: userOf(request).userId, loanId: request.params.id, ...request.body }),
          request: keyedRequest(request),
          answer: repaymentAnswer,
          refusal: refusalOf(request),
        }),
      ),
  );
}
