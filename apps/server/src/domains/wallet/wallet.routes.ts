import { formatMinor } from '@bourse/shared/money';
import { page, pageQuery } from '@bourse/shared/schemas/admin';
import {
  assets,
  bankCard,
  bindCardBody,
  depositBody,
  financeRecord,
  idParams,
  payment,
  recordsQuery,
  rejectBody,
  transferBody,
  withdrawal,
  withdrawalBody,
  withdrawalStatus,
} from '@bourse/shared/schemas/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { operatorOf, userOf } from '../../platform/fastify-types.ts';
import { appendAudit } from '../admin/audit.ts';
import { bindCard, listCards, unbindCard } from './cards.service.ts';
import { moneyWriteRateLimit } from './money-write-limits.ts';
import { SIGNATURE_HEADER } from './payment-provider.ts';
import {
  applyPaymentEvent,
  decideWithdrawal,
  getAssets,
  listRecords,
  maskIban,
  requestWithdrawal,
  startPayment,
  toWithdrawal,
  type WalletDeps,
} from './wallet.service.ts';

const tags = ['wallet'];

function requestKey(request: FastifyRequest): string {
  const claim = request.idempotency;
  if (!claim) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return claim.key;
}

export async function registerWalletRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: WalletDeps = { ctx, ledger: ctx.ledger, provider: ctx.payments };
  const money = { auth: 'user' as const, idempotent: true, rateLimit: moneyWriteRateLimit(app, ctx) };

  r.get(
    '/api/user/assets',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(assets) } },
    async (request) => ok(await getAssets(deps, userOf(request).userId)),
  );

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
    { config: money, schema: { tags, body: depositBody, response: okResponse(payment) } },
    async (request) =>
      ok(
        await startPayment(deps, {
          userId: userOf(request).userId,
          type: 'deposit',
          amount: request.body.amount,
          requestKey: requestKey(request),
        }),
      ),
  );

  r.post(
    '/api/wallet/transfers',
    { config: money, schema: { tags, body: transferBody, response: okResponse(payment) } },
    async (request) =>
      ok(
        await startPayment(deps, {
          userId: userOf(request).userId,
          type: 'transfer',
          amount: request.body.amount,
          cardId: request.body.cardId,
          requestKey: requestKey(request),
        }),
      ),
  );

  r.post(
    '/api/wallet/withdrawals',
    { config: money, schema: { tags, body: withdrawalBody, response: okResponse(withdrawal) } },
    async (request) =>
      ok(
        await requestWithdrawal(deps, {
          userId: userOf(request).userId,
          ...request.body,
          requestKey: requestKey(request),
        }),
      ),
  );

  r.get(
    '/api/wallet/records',
    {
      config: { auth: 'user' },
      schema: { tags, querystring: recordsQuery, response: okResponse(z.array(financeRecord)) },
    },
    async (request) => ok(await listRecords(deps, userOf(request).userId, request.query)),
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
        const outcome = await applyPaymentEvent(deps, event);
        return reply.send(ok({ received: true, outcome }));
      },
    );
  });

  // Console: the withdrawal queue and the payments list (finance), each decision audited.
  const finance = ['admin', 'finance'] as const;
  const adminWithdrawal = withdrawal.extend({
    userId: z.number().int(),
    phone: z.string(),
    card: z.object({ bankName: z.string(), holderName: z.string(), ibanMasked: z.string() }),
  });
  r.get(
    '/api/admin/withdrawals',
    {
      config: { auth: 'operator', roles: finance },
      schema: {
        tags: ['admin'],
        querystring: pageQuery.extend({ status: withdrawalStatus.optional() }),
        response: okResponse(page(adminWithdrawal)),
      },
    },
    async (request) => {
      const { page: pageNo, pageSize, status } = request.query;
      const db = ctx.database.db;
      let query = db
        .selectFrom('withdrawals as w')
        .innerJoin('users as u', 'u.id', 'w.userId')
        .innerJoin('bankCards as c', 'c.id', 'w.cardId');
      if (status) query = query.where('w.status', '=', status);
      const [rows, total] = await Promise.all([
        query
          .select([
            'w.id',
            'w.userId',
            'w.cardId',
            'w.amountMinor',
            'w.feeMinor',
            'w.status',
            'w.reason',
            'w.createdAt',
            'u.phone',
            'c.bankName',
            'c.holderName',
            'c.iban',
          ])
          .orderBy('w.createdAt', status === 'pending' ? 'asc' : 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok({
        items: rows.map((row) => ({
          ...toWithdrawal(row),
          userId: Number(row.userId),
          phone: row.phone,
          card: { bankName: row.bankName, holderName: row.holderName, ibanMasked: maskIban(row.iban) },
        })),
        total: Number(total.n),
        page: pageNo,
        pageSize,
      });
    },
  );

  // A decision answers how many approvals the withdrawal has and needs (two above the four-eyes threshold).
  const decidedWithdrawal = withdrawal.extend({ approvals: z.number().int(), approvalsRequired: z.number().int() });
  for (const decision of ['pay', 'reject'] as const) {
    r.post(
      `/api/admin/withdrawals/:id/${decision}`,
      {
        config: { auth: 'operator', roles: finance },
        schema: {
          tags: ['admin'],
          params: idParams,
          ...(decision === 'reject' ? { body: rejectBody } : {}),
          response: okResponse(decidedWithdrawal),
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        const reason = decision === 'reject' ? (request.body as { reason: string }).reason : undefined;
        const result = await ctx.database.transaction(async (trx) => {
          const decided = await decideWithdrawal(deps, {
            withdrawalId: request.params.id,
            operatorId: operator.operatorId,
            decision,
            reason,
            trx,
          });
          await appendAudit(trx, {
            operatorId: operator.operatorId,
            operatorUsername: operator.username,
            action:
              decision === 'pay' && decided.status === 'pending' ? 'withdrawal.approve' : `withdrawal.${decision}`,
            target: String(decided.id),
            details: { amount: decided.amount, fee: decided.fee, ...(reason ? { reason } : {}) },
            ip: request.ip ?? null,
            atMs: ctx.clock.nowMs(),
          });
          return decided;
        });
        return ok(result);
      },
    );
  }

  const adminPayment = payment.extend({
    userId: z.number().int(),
    phone: z.string(),
    completedAt: z.string().nullable(),
  });
  r.get(
    '/api/admin/payments',
    {
      config: { auth: 'operator', roles: finance },
      schema: {
        tags: ['admin'],
        querystring: pageQuery.extend({ type: z.enum(['deposit', 'transfer']).optional() }),
        response: okResponse(page(adminPayment)),
      },
    },
    async (request) => {
      const { page: pageNo, pageSize, type } = request.query;
      let query = ctx.database.db.selectFrom('payments as p').innerJoin('users as u', 'u.id', 'p.userId');
      if (type) query = query.where('p.type', '=', type);
      const [rows, total] = await Promise.all([
        query
          .select([
            'p.id',
            'p.userId',
            'p.type',
            'p.amountMinor',
            'p.status',
            'p.createdAt',
            'p.completedAt',
            'u.phone',
          ])
          .orderBy('p.id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok({
        items: rows.map((row) => ({
          id: Number(row.id),
          type: row.type as 'deposit' | 'transfer',
          amount: formatMinor(row.amountMinor),
          status: row.status as 'pending' | 'succeeded' | 'failed',
          checkoutUrl: null,
          createdAt: new Date(row.createdAt).toISOString(),
          completedAt: row.completedAt === null ? null : new Date(row.completedAt).toISOString(),
          userId: Number(row.userId),
          phone: row.phone,
        })),
        total: Number(total.n),
        page: pageNo,
        pageSize,
      });
    },
  );
}
