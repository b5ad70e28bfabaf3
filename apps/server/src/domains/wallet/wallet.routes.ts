import {
  bankCard,
  bindCardBody,
  depositBody,
  financeRecord,
  payment,
  recordsQuery,
  transferBody,
  withdrawal,
  withdrawalBody,
} from '@bourse/shared/schemas/wallet';
import { idParams } from '@bourse/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okAnswer, okResponse } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { moneyCommands } from '../../platform/money-command.ts';
import { keyedRequest, refusalOf, sendMoneyAnswer } from '../../platform/money-route.ts';
import { bindCard, listCards, unbindCard } from './cards.service.ts';
import { moneyWriteRateLimit } from '../../platform/money-write-limits.ts';
import { SIGNATURE_HEADER } from '../../platform/payment-provider.ts';
import {
  applyPaymentEvent,
  getPayment,
  listRecords,
  registerWalletPortfolio,
  requestWithdrawal,
  startPayment,
  type WalletDeps,
} from './wallet.service.ts';

const tags = ['wallet'];

export async function registerWalletRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: WalletDeps = { ctx, ledger: ctx.ledger, provider: ctx.payments };
  const money = moneyCommands(ctx);
  const moneyRoute = { auth: 'user' as const, rateLimit: moneyWriteRateLimit(app, ctx) };
  const paymentAnswer = okAnswer(payment);
  const withdrawalAnswer = okAnswer(withdrawal);
  registerWalletPortfolio(ctx);

  r.get(
    '/api/wallet/cards',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(z.array(bankCard)) } },
    async (request) => ok(await listCards(ctx, userOf(request).userId)),
  );
  r.post(
    '/api/wallet/cards',
    {
      config: { auth: 'user', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { tags, body: bindCardBody, response: okResponse(bankCard) },
    },
    async (request) => ok(await bindCard(ctx, userOf(request).userId, request.body)),
  );
  r.delete(
    '/api/wallet/cards/:id',
    { config: { auth: 'user' }, schema: { tags, params: idParams, response: okResponse(z.null()) } },
    async (request) => {
      await unbindCard(ctx, userOf(request).userId, request.params.id);
      return ok(null);
    },
  );

  r.post(
    '/api/wallet/deposits',
    { config: moneyRoute, schema: { tags, body: depositBody, response: okResponse(payment) } },
    async (request, reply) =>
      sendMoneyAnswer(
        reply,
        await money.executeWithCall({
          ...startPayment(deps, {
            userId: userOf(request).userId,
            type: 'deposit',
            amount: request.body.amount,
            lang: request.lang,
          }),
          request: keyedRequest(request),
          answer: paymentAnswer,
          refusal: refusalOf(request),
        }),
      ),
  );

  r.post(
    '/api/wallet/transfers',
    { config: moneyRoute, schema: { tags, body: transferBody, response: okResponse(payment) } },
    async (request, reply) =>
      sendMoneyAnswer(
        reply,
        await money.executeWithCall({
          ...startPayment(deps, {
            userId: userOf(request).userId,
            type: 'transfer',
            amount: request.body.amount,
            cardId: request.body.cardId,
            lang: request.lang,
          }),
          request: keyedRequest(request),
          answer: paymentAnswer,
          refusal: refusalOf(request),
        }),
      ),
  );

  r.get(
    '/api/wallet/payments/:id',
    { config: { auth: 'user' }, schema: { tags, params: idParams, response: okResponse(payment) } },
    async (request) => ok(await getPayment(ctx.database.db, userOf(request).userId, request.params.id)),
  );

  r.post(
    '/api/wallet/withdrawals',
    { config: moneyRoute, schema: { tags, body: withdrawalBody, response: okResponse(withdrawal) } },
    async (request, reply) =>
      sendMoneyAnswer(
        reply,
        await money.execute({
          ...requestWithdrawal(deps, { userId: userOf(request).userId, ...request.body }),
          request: keyedRequest(request),
          answer: withdrawalAnswer,
          refusal: refusalOf(request),
        }),
      ),
  );

  r.get(
    '/api/wallet/records',
    {
      config: { auth: 'user' },
      schema: { tags, querystring: recordsQuery, response: okResponse(z.array(financeRecord)) },
    },
    async (request) =>
      ok(
        await listRecords(ctx.database.db, userOf(request).userId, {
          direction: request.query.direction,
          period: request.query.period,
          now: ctx.clock.now(),
        }),
      ),
  );

  // The provider's webhook: the signature covers the exact bytes, so this scope keeps the raw body.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/webhook',
      { config: { auth: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers[SIGNATURE_HEADER];
        const event = ctx.payments.verifyWebhook(raw, Array.isArray(header) ? header[0] : header);
        if (!event) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        // Idempotent by the provider's event id, not by an Idempotency-Key.
        const outcome = await money.executeUnkeyed((trx) => applyPaymentEvent(trx, deps, event));
        return reply.send(ok({ received: true, outcome }));
      },
    );
  });
}
