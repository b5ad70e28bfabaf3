import { formatMinor, parseAmount } from '@bourse/shared/money';
import type { Language } from '@bourse/shared/languages';
import type { Assets, FinanceRecord } from '@bourse/shared/schemas/wallet';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { findUserById } from '../auth/auth.repository.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { portfolioFigures } from '../trading/trading.service.ts';
import { verifyTradingPassword } from '../users/trading-password.ts';
import type { PaymentEvent, PaymentProvider } from './payment-provider.ts';

export interface WalletDeps {
  ctx: AppContext;
  ledger: Ledger;
  provider: PaymentProvider;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Parses a wire amount that must be positive; the schema has already checked its shape. */
export function positiveAmount(text: string): number {
  const minor = parseAmount(text);
  if (minor === null) throw new AppError('VALIDATION_FAILED', { detail: 'amount' });
  if (minor <= 0) throw new AppError('AMOUNT_NOT_POSITIVE');
  return minor;
}

async function minimum(db: Db | Trx, key: 'minDeposit' | 'minTransfer' | 'minWithdrawal'): Promise<number> {
  const value = parseAmount((await getSettings(db))[key]);
  return value ?? 0;
}

async function activeCard(db: Db | Trx, userId: number, cardId: number) {
  const card = await db
    .selectFrom('bankCards')
    .selectAll()
    .where('id', '=', cardId)
    .where('userId', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  // Someone else's card and no card at all look the same from outside.
  if (!card) throw new AppError('CARD_NOT_FOUND');
  return card;
}

export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

function toPayment(
  row: { id: number; type: string; amountMinor: number; status: string; createdAt: number },
  checkoutUrl: string | null,
) {
  return {
    id: Number(row.id),
    type: row.type as 'deposit' | 'transfer',
    amount: formatMinor(row.amountMinor),
    status: row.status as 'pending' | 'succeeded' | 'failed',
    checkoutUrl,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * Money in is capped (anti-fraud, DESIGN §3): one deposit or transfer in at most `maxDeposit`, and an
 * investor's deposits and transfers in of one business-calendar day (midnight to midnight in the
 * market's time zone), pending or succeeded, at most `maxDepositsPerDay`. In the transaction that
 * writes the payment; on PostgreSQL the investor's row is locked so two requests cannot both pass.
 */
async function checkDepositLimits(ctx: AppContext, trx: Trx, userId: number, amountMinor: number, nowMs: number) {
  const settings = await getSettings(trx);
  const perDeposit = parseAmount(settings.maxDeposit) ?? 0;
  if (amountMinor > perDeposit) throw new AppError('DEPOSIT_ABOVE_MAXIMUM', { maximum: formatMinor(perDeposit) });
  if (ctx.database.dialect === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
  const dayStartMs = ctx.calendar.localTime(ctx.calendar.tradingDate(nowMs), 0);
  const today = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<string | number | null>('amountMinor').as('total'))
    .where('userId', '=', userId)
    .where('status', 'in', ['pending', 'succeeded'])
    .where('createdAt', '>=', dayStartMs)
    .executeTakeFirst();
  const perDay = parseAmount(settings.maxDepositsPerDay) ?? 0;
  const used = Number(today?.total ?? 0);
  if (used + amountMinor > perDay) {
    throw new AppError('DEPOSIT_DAILY_LIMIT_EXCEEDED', {
      limit: formatMinor(perDay),
      remaining: formatMinor(Math.max(0, perDay - used)),
    });
  }
}

/**
 * Starts a payment into the account (a quick-payment deposit, or a pull from a bound card): a
 * pending payment row within the deposit limits, then the provider's checkout. Cash arrives only
 * with the provider's webhook.
 */
export async function startPayment(
  deps: WalletDeps,
  input: { userId: number; type: 'deposit' | 'transfer'; amount: string; cardId?: number; requestKey: string },
) {
  const { ctx, ledger, provider } = deps;
  // No processor configured (production without one): nothing can be paid in, so nothing is started.
  if (!provider.configured) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  const amountMinor = positiveAmount(input.amount);
  const db = ctx.database.db;
  const min = await minimum(db, input.type === 'deposit' ? 'minDeposit' : 'minTransfer');
  if (amountMinor < min) throw new AppError('AMOUNT_BELOW_MINIMUM', { minimum: formatMinor(min) });
  const card = input.cardId === undefined ? undefined : await activeCard(db, input.userId, input.cardId);
  const nowMs = ctx.clock.nowMs();
  const row = await ctx.database.transaction(async (trx) => {
    await checkDepositLimits(ctx, trx, input.userId, amountMinor, nowMs);
    return trx
      .insertInto('payments')
      .values({
        userId: input.userId,
        type: input.type,
        cardId: card ? card.id : null,
        amountMinor,
        currency: ledger.currency,
        requestKey: input.requestKey,
        createdAt: nowMs,
      })
      .returning(['id', 'type', 'amountMinor', 'status', 'createdAt'])
      .executeTakeFirstOrThrow();
  });
  const description =
    input.type === 'deposit' ? `Bourse deposit #${row.id}` : `Bourse transfer #${row.id} from ${maskIban(card!.iban)}`;
  const { reference, checkoutUrl } = await provider.createPayment({
    merchantReference: String(row.id),
    amountMinor,
    currency: ledger.currency,
    description,
  });
  await db.updateTable('payments').set({ providerRef: reference }).where('id', '=', row.id).execute();
  return toPayment(row, checkoutUrl);
}

/**
 * Applies a verified provider event exactly once (by event id): a success credits the user's cash
 * from bank clearing in one entry with the payment's status change; a failure only marks it failed.
 */
export async function applyPaymentEvent(
  deps: WalletDeps,
  event: PaymentEvent,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const { ctx, ledger } = deps;
  const nowMs = ctx.clock.nowMs();
  return ctx.database.transaction(async (trx) => {
    const seen = await trx
      .selectFrom('paymentEvents')
      .select('eventId')
      .where('eventId', '=', event.id)
      .executeTakeFirst();
    if (seen) return 'duplicate';
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('providerRef', '=', event.reference)
      .executeTakeFirst();
    await trx
      .insertInto('paymentEvents')
      .values({ eventId: event.id, paymentId: payment ? payment.id : null, type: event.type, receivedAt: nowMs })
      .execute();
    if (!payment || payment.status !== 'pending') return 'ignored';
    // The provider's figures must match ours to the cent; otherwise nothing is credited.
    if (parseAmount(event.amount) !== payment.amountMinor || event.currency !== payment.currency) {
      await trx
        .updateTable('payments')
        .set({ status: 'failed', failureReason: 'amount or currency mismatch', completedAt: nowMs })
        .where('id', '=', payment.id)
        .execute();
      return 'ignored';
    }
    if (event.type === 'payment.succeeded') {
      await ledger.post(trx, {
        idempotencyKey: `payment:${payment.id}:credit`,
        kind: payment.type,
        referenceType: 'payment',
        referenceId: payment.id,
        postings: [
          { account: { system: 'bank_clearing' }, amountMinor: -payment.amountMinor },
          { account: { userId: payment.userId, kind: 'cash' }, amountMinor: payment.amountMinor },
        ],
      });
      await trx
        .updateTable('payments')
        .set({ status: 'succeeded', completedAt: nowMs })
        .where('id', '=', payment.id)
        .execute();
    } else {
      await trx
        .updateTable('payments')
        .set({ status: 'failed', failureReason: 'declined by the payer', completedAt: nowMs })
        .where('id', '=', payment.id)
        .execute();
    }
    return 'applied';
  });
}

/**
 * What the user may withdraw now: available cash less the proceeds of sales that have not settled
 * yet (they settle on the next business day, T+1), never below zero.
 */
export async function withdrawableMinor(ctx: AppContext, db: Db | Trx, userId: number): Promise<number> {
  const [cash, { unsettledProceedsMinor }] = await Promise.all([
    ctx.ledger.balance(db, { userId, kind: 'cash' }),
    portfolioFigures(ctx, db, userId),
  ]);
  return Math.max(0, cash - unsettledProceedsMinor);
}

/**
 * Requests a withdrawal: checks amount, card and trading password, then holds the amount (cash →
 * frozen) with the withdrawal row in one transaction. An operator pays or rejects it later.
 */
export async function requestWithdrawal(
  deps: WalletDeps,
  input: { userId: number; cardId: number; amount: string; tradingPassword: string; requestKey: string },
) {
  const { ctx, ledger } = deps;
  const amountMinor = positiveAmount(input.amount);
  const settings = await getSettings(ctx.database.db);
  const min = parseAmount(settings.minWithdrawal) ?? 0;
  const fee = parseAmount(settings.withdrawalFee) ?? 0;
  if (amountMinor < min || amountMinor <= fee) {
    throw new AppError('AMOUNT_BELOW_MINIMUM', { minimum: formatMinor(Math.max(min, fee + 1)) });
  }
  // Four eyes: how many operators must act is fixed now, so a later change of the threshold (or of
  // the settings at all) cannot let one operator pay this withdrawal alone.
  const threshold = parseAmount(settings.fourEyesThreshold) ?? 0;
  const approvalsRequired = threshold > 0 && amountMinor >= threshold ? 2 : 1;
  await activeCard(ctx.database.db, input.userId, input.cardId);
  await verifyTradingPassword(ctx, input.userId, input.tradingPassword);
  const nowMs = ctx.clock.nowMs();
  return ctx.database.transaction(async (trx) => {
    const card = await activeCard(trx, input.userId, input.cardId);
    if (amountMinor > (await withdrawableMinor(ctx, trx, input.userId)))
      throw new AppError('AMOUNT_EXCEEDS_WITHDRAWABLE');
    const holdId = await ledger.hold(trx, {
      userId: input.userId,
      amountMinor,
      reason: 'withdrawal',
      idempotencyKey: `withdrawal:${input.userId}:${input.requestKey}:hold`,
    });
    const row = await trx
      .insertInto('withdrawals')
      .values({
        userId: input.userId,
        cardId: card.id,
        amountMinor,
        feeMinor: fee,
        currency: ledger.currency,
        holdId,
        requestKey: input.requestKey,
        approvalsRequired,
        createdAt: nowMs,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWithdrawal(row);
  });
}

export function toWithdrawal(row: {
  id: number;
  cardId: number;
  amountMinor: number;
  feeMinor: number;
  status: string;
  reason: string | null;
  createdAt: number;
}) {
  return {
    id: Number(row.id),
    cardId: Number(row.cardId),
    amount: formatMinor(row.amountMinor),
    fee: formatMinor(row.feeMinor),
    status: row.status as 'pending' | 'paid' | 'rejected',
    reason: row.reason,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * An operator settles a pending withdrawal — with a second, different operator where it required two
 * approvals when requested: `pay` captures the hold (amount less fee to bank
 * clearing, fee to fee income), `reject` voids it (all of it back to cash). The user is notified.
 */
export async function decideWithdrawal(
  deps: WalletDeps,
  input: { withdrawalId: number; operatorId: number; decision: 'pay' | 'reject'; reason?: string; trx: Trx },
) {
  const { ctx, ledger } = deps;
  const { trx } = input;
  const nowMs = ctx.clock.nowMs();
  const query = trx.selectFrom('withdrawals').selectAll().where('id', '=', input.withdrawalId);
  const row = await (ctx.database.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('WITHDRAWAL_NOT_PENDING');
  if (input.decision === 'pay') {
    // Four eyes: as many operators as the withdrawal required when it was requested (two at or
    // above the threshold then): one approves and a different one pays.
    if (row.approvalsRequired >= 2) {
      if (row.approvedBy === null) {
        await trx
          .updateTable('withdrawals')
          .set({ approvedBy: input.operatorId, approvedAt: nowMs })
          .where('id', '=', row.id)
          .execute();
        return { ...toWithdrawal(row), approvals: 1, approvalsRequired: 2 };
      }
      if (Number(row.approvedBy) === input.operatorId) throw new AppError('FOUR_EYES_REQUIRED');
    }
    await ledger.capture(trx, {
      holdId: row.holdId,
      amountMinor: row.amountMinor,
      to: [
        { account: { system: 'bank_clearing' }, amountMinor: row.amountMinor - row.feeMinor },
        ...(row.feeMinor > 0 ? [{ account: { system: 'fee_income' as const }, amountMinor: row.feeMinor }] : []),
      ],
      idempotencyKey: `withdrawal:${row.id}:paid`,
      kind: 'withdrawal.paid',
    });
  } else {
    await ledger.void(trx, {
      holdId: row.holdId,
      idempotencyKey: `withdrawal:${row.id}:rejected`,
      kind: 'withdrawal.rejected',
    });
  }
  const status = input.decision === 'pay' ? 'paid' : 'rejected';
  await trx
    .updateTable('withdrawals')
    .set({ status, reason: input.reason ?? null, decidedAt: nowMs, decidedBy: input.operatorId })
    .where('id', '=', row.id)
    .execute();
  const user = await findUserById(trx, row.userId);
  if (user) {
    await ctx.notifier.send(trx, {
      channel: 'sms',
      recipient: user.phone,
      userId: user.id,
      template: input.decision === 'pay' ? 'notify.withdrawalPaid' : 'notify.withdrawalRejected',
      params: { amount: formatMinor(row.amountMinor), reason: input.reason ?? '' },
      lang: user.lang as Language,
    });
  }
  return {
    ...toWithdrawal({ ...row, status, reason: input.reason ?? null }),
    // The operators who acted on it: for a payment all that were required.
    approvals: input.decision === 'pay' ? row.approvalsRequired : row.approvedBy === null ? 1 : 2,
    approvalsRequired: row.approvalsRequired,
  };
}

/** The personal-centre figures of DESIGN §3, from the ledger; a read, so no transaction. */
export async function getAssets(deps: WalletDeps, userId: number): Promise<Assets> {
  const { ctx, ledger } = deps;
  const db = ctx.database.db;
  const [balances, portfolio, user] = await Promise.all([
    ledger.userBalances(db, userId),
    portfolioFigures(ctx, db, userId),
    findUserById(db, userId),
  ]);
  const { cash, frozen, fund, fund_pending: fundPending, loan } = balances;
  const marketValue = portfolio.marketValueMinor;
  return {
    cash: formatMinor(cash + frozen),
    frozen: formatMinor(frozen),
    available: formatMinor(cash),
    withdrawable: formatMinor(Math.max(0, cash - portfolio.unsettledProceedsMinor)),
    marketValue: formatMinor(marketValue),
    floatingPnl: formatMinor(portfolio.floatingPnlMinor),
    fund: formatMinor(fund),
    fundPending: formatMinor(fundPending),
    loanOutstanding: formatMinor(loan),
    totalAssets: formatMinor(cash + frozen + marketValue + fund + fundPending - loan),
    creditPoints: user?.creditPoints ?? 0,
    level: user?.level ?? 1,
    currency: ledger.currency,
  };
}

/** The start of today / this week (Monday) / month / quarter / year, in UTC. */
export function periodStart(period: 'today' | 'week' | 'month' | 'quarter' | 'year', now: Date): number {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (period) {
    case 'today':
      return Date.UTC(y, m, d);
    case 'week':
      return Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7));
    case 'month':
      return Date.UTC(y, m, 1);
    case 'quarter':
      return Date.UTC(y, m - (m % 3), 1);
    case 'year':
      return Date.UTC(y, 0, 1);
  }
}

/** Finance records: money in (deposits, transfers) and out (withdrawals), newest first. */
export async function listRecords(
  deps: WalletDeps,
  userId: number,
  filter: {
    direction?: 'in' | 'out' | undefined;
    period?: 'today' | 'week' | 'month' | 'quarter' | 'year' | undefined;
  },
): Promise<FinanceRecord[]> {
  const db = deps.ctx.database.db;
  const since = filter.period ? periodStart(filter.period, deps.ctx.clock.now()) : 0;
  const records: FinanceRecord[] = [];
  if (filter.direction !== 'out') {
    const rows = await db
      .selectFrom('payments')
      .selectAll()
      .where('userId', '=', userId)
      .where('createdAt', '>=', since)
      .execute();
    for (const row of rows) {
      records.push({
        id: `payment-${row.id}`,
        type: row.type as 'deposit' | 'transfer',
        direction: 'in',
        amount: formatMinor(row.amountMinor),
        fee: '0.00',
        status: row.status,
        reason: row.failureReason,
        createdAt: new Date(row.createdAt).toISOString(),
        completedAt: iso(row.completedAt),
      });
    }
  }
  if (filter.direction !== 'in') {
    const rows = await db
      .selectFrom('withdrawals')
      .selectAll()
      .where('userId', '=', userId)
      .where('createdAt', '>=', since)
      .execute();
    for (const row of rows) {
      records.push({
        id: `withdrawal-${row.id}`,
        type: 'withdrawal',
        direction: 'out',
        amount: formatMinor(row.amountMinor),
        fee: formatMinor(row.feeMinor),
        status: row.status,
        reason: row.reason,
        createdAt: new Date(row.createdAt).toISOString(),
        completedAt: iso(row.decidedAt),
      });
    }
  }
  return records.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
