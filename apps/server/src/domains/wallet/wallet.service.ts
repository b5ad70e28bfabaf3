import { formatMinor, parseAmount } from '@bourse/shared/money';
import { translate } from '@bourse/shared/i18n/index';
import type { Language } from '@bourse/shared/languages';
import { paymentReturnUrl, type FinanceRecord } from '@bourse/shared/schemas/wallet';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { ExternalCommand, MoneyUnit } from '../../platform/money-command.ts';
import { periodStart } from '../../platform/periods.ts';
import { appendAudit } from '../../platform/audit.ts';
import type { Ledger } from '../../platform/ledger/ledger.ts';
import { portfolioFigures, registerPortfolioContributor, withdrawableOf } from '../portfolio/portfolio.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { lockUser, notifyInvestor, phonesByUserId } from '../users/users.service.ts';
import { verifyTradingPassword } from '../users/trading-password.service.ts';
import type { PaymentEvent, PaymentProvider } from '../../platform/payment-provider.ts';
import { awardCreditPoints } from '../members/members.service.ts';
import * as repo from './wallet.repository.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

export interface WalletDeps {
  ctx: AppContext;
  ledger: Ledger;
  provider: PaymentProvider;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Registers the wallet's part of the investor's figures: the cash accounts of the ledger. */
export function registerWalletPortfolio(ctx: AppContext): void {
  registerPortfolioContributor(ctx, {
    name: 'wallet',
    async contribute(db, userId) {
      // Fund units and redemptions in flight are the balance product's contributor's, the `loan`
      // account the loans domain's (balance.service.ts, loans.service.ts).
      const { cash, frozen } = await ctx.ledger.userBalances(db, userId);
      return { cashMinor: cash, frozenMinor: frozen };
    },
  });
}

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
  const card = await repo.findActiveCard(db, userId, cardId);
  // Someone else's card and no card at all look the same from outside.
  if (!card) throw new AppError('CARD_NOT_FOUND');
  return card;
}

export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

export function toPayment(
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

type PendingPayment = { row: Awaited<ReturnType<typeof repo.insertPayment>>; description: string; amountMinor: number };
type ProviderPayment = { reference: string; checkoutUrl: string };

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
  if (ctx.database.dialect === 'postgres') await lockUser(trx, userId);
  const dayStartMs = ctx.calendar.localTime(ctx.calendar.tradingDate(nowMs), 0);
  const used = await repo.paymentsInSince(trx, userId, dayStartMs);
  const perDay = parseAmount(settings.maxDepositsPerDay) ?? 0;
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
 * with the provider's webhook. The provider is called between the command's two transactions (it is
 * another system).
 */
export function startPayment(
  deps: WalletDeps,
  input: { userId: number; type: 'deposit' | 'transfer'; amount: string; cardId?: number; lang: Language },
): Pick<ExternalCommand<PendingPayment, ProviderPayment, ReturnType<typeof toPayment>>, 'unit' | 'call' | 'finish'> {
  const { ctx, ledger, provider } = deps;
  return {
    unit: async (trx, key) => {
      // No processor configured (production without one): nothing can be paid in, so nothing is started.
      if (!provider.configured) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      const amountMinor = positiveAmount(input.amount);
      const min = await minimum(trx, input.type === 'deposit' ? 'minDeposit' : 'minTransfer');
      if (amountMinor < min) throw new AppError('AMOUNT_BELOW_MINIMUM', { minimum: formatMinor(min) });
      const card = input.cardId === undefined ? undefined : await activeCard(trx, input.userId, input.cardId);
      await checkDepositLimits(ctx, trx, input.userId, amountMinor, ctx.clock.nowMs());
      const row = await repo.insertPayment(trx, {
        userId: input.userId,
        type: input.type,
        cardId: card ? card.id : null,
        amountMinor,
        currency: ledger.currency,
        requestKey: key.key,
        createdAt: ctx.clock.nowMs(),
      });
      // Shown on the provider's page, in the payer's language.
      const description =
        input.type === 'deposit'
          ? translate(input.lang, 'sandboxCheckout.depositDescription', { id: row.id })
          : translate(input.lang, 'sandboxCheckout.transferDescription', { id: row.id, iban: maskIban(card!.iban) });
      return { row, description, amountMinor };
    },
    call: (pending) =>
      provider.createPayment({
        merchantReference: String(pending.row.id),
        amountMinor: pending.amountMinor,
        currency: ledger.currency,
        description: pending.description,
        locale: input.lang,
        returnUrl: paymentReturnUrl(Number(pending.row.id)),
      }),
    finish: async (trx, pending, external) => {
      await repo.setPaymentProviderRef(trx, pending.row.id, external.reference);
      return toPayment(pending.row, external.checkoutUrl);
    },
  };
}

/** Whether money has ever arrived in the investor's account (a deposit or transfer in that succeeded). */
export async function hasPaidIn(db: Db | Trx, userId: number): Promise<boolean> {
  return (await repo.succeededPaymentsOf(db, userId)) > 0;
}

/** One of the investor's payments in, as the app shows it (its status, for the way back from the checkout). */
export async function getPayment(
  db: Db | Trx,
  userId: number,
  paymentId: number,
): Promise<ReturnType<typeof toPayment>> {
  const row = await repo.findPaymentOfUser(db, userId, paymentId);
  // Someone else's payment and none at all look the same from outside.
  if (!row) throw new AppError('NOT_FOUND');
  return toPayment(row, null);
}

/**
 * Applies a verified provider event exactly once (by event id): a success credits the user's cash
 * from bank clearing in one entry with the payment's status change; a failure only marks it failed.
 * Runs in the caller's transaction (the money-command pipeline's).
 */
export async function applyPaymentEvent(
  trx: Trx,
  deps: WalletDeps,
  event: PaymentEvent,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const { ctx, ledger } = deps;
  const nowMs = ctx.clock.nowMs();
  if (await repo.paymentEventSeen(trx, event.id)) return 'duplicate';
  const payment = await repo.findPaymentByProviderRef(trx, event.reference);
  await repo.insertPaymentEvent(trx, {
    eventId: event.id,
    paymentId: payment ? payment.id : null,
    type: event.type,
    receivedAt: nowMs,
  });
  if (!payment || payment.status !== 'pending') return 'ignored';
  // The provider's figures must match ours to the cent; otherwise nothing is credited.
  if (parseAmount(event.amount) !== payment.amountMinor || event.currency !== payment.currency) {
    await repo.completePayment(trx, payment.id, {
      status: 'failed',
      failureReason: 'amount or currency mismatch',
      completedAt: nowMs,
    });
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
    await repo.completePayment(trx, payment.id, { status: 'succeeded', completedAt: nowMs });
    await notifyInvestor(ctx, trx, payment.userId, 'notify.depositCredited', {
      amount: formatMinor(payment.amountMinor),
    });
    // The investor's first money in (deposit or transfer) earns the `first_deposit` points; the
    // members domain counts that rule once per investor even if two first payments race.
    if ((await repo.succeededPaymentsOf(trx, payment.userId)) === 1) {
      await awardCreditPoints(trx, {
        userId: payment.userId,
        rule: 'first_deposit',
        reference: `payment:${payment.id}`,
        nowMs,
      });
    }
  } else {
    await repo.completePayment(trx, payment.id, {
      status: 'failed',
      failureReason: 'declined by the payer',
      completedAt: nowMs,
    });
  }
  return 'applied';
}

/**
 * What the user may withdraw now: available cash less the proceeds of sales that have not settled
 * yet (they settle on the next business day, T+1), never below zero.
 */
export async function withdrawableMinor(db: Db | Trx, ctx: AppContext, userId: number): Promise<number> {
  return withdrawableOf(await portfolioFigures(ctx, db, userId));
}

/**
 * Requests a withdrawal: checks amount, card and trading password before the transaction (a wrong
 * password counts towards the lock in a transaction of its own), then holds the amount (cash →
 * frozen) with the withdrawal row in the command's transaction. An operator pays or rejects it later.
 */
export function requestWithdrawal(
  deps: WalletDeps,
  input: { userId: number; cardId: number; amount: string; tradingPassword: string },
): MoneyUnit<ReturnType<typeof toWithdrawal>> {
  const { ctx, ledger } = deps;
  let amountMinor = 0;
  let fee = 0;
  let approvalsRequired = 1;
  return {
    check: async () => {
      amountMinor = positiveAmount(input.amount);
      const settings = await getSettings(ctx.database.db);
      const min = parseAmount(settings.minWithdrawal) ?? 0;
      fee = parseAmount(settings.withdrawalFee) ?? 0;
      if (amountMinor < min || amountMinor <= fee) {
        throw new AppError('AMOUNT_BELOW_MINIMUM', { minimum: formatMinor(Math.max(min, fee + 1)) });
      }
      // Four eyes: how many operators must act is fixed now, so a later change of the threshold (or of
      // the settings at all) cannot let one operator pay this withdrawal alone.
      const threshold = parseAmount(settings.fourEyesThreshold) ?? 0;
      approvalsRequired = threshold > 0 && amountMinor >= threshold ? 2 : 1;
      await activeCard(ctx.database.db, input.userId, input.cardId);
      await verifyTradingPassword(ctx, input.userId, input.tradingPassword);
    },
    unit: async (trx, _events, key) => {
      const nowMs = ctx.clock.nowMs();
      const card = await activeCard(trx, input.userId, input.cardId);
      if (amountMinor > (await withdrawableMinor(trx, ctx, input.userId)))
        throw new AppError('AMOUNT_EXCEEDS_WITHDRAWABLE');
      const holdId = await ledger.hold(trx, {
        userId: input.userId,
        amountMinor,
        reason: 'withdrawal',
        idempotencyKey: `withdrawal:${input.userId}:${key.key}@${nowMs}:hold`,
      });
      const row = await repo.insertWithdrawal(trx, {
        userId: input.userId,
        cardId: card.id,
        amountMinor,
        feeMinor: fee,
        currency: ledger.currency,
        holdId,
        requestKey: key.key,
        approvalsRequired,
        createdAt: nowMs,
      });
      return toWithdrawal(row);
    },
  };
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
  const row = await repo.lockWithdrawal(trx, ctx.database.dialect, input.withdrawalId);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('WITHDRAWAL_NOT_PENDING');
  if (input.decision === 'pay') {
    // Four eyes: as many operators as the withdrawal required when it was requested (two at or
    // above the threshold then): one approves and a different one pays.
    if (row.approvalsRequired >= 2) {
      if (row.approvedBy === null) {
        await repo.approveWithdrawal(trx, row.id, input.operatorId, nowMs);
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
  await repo.decideWithdrawalRow(trx, row.id, {
    status,
    reason: input.reason ?? null,
    decidedAt: nowMs,
    decidedBy: input.operatorId,
  });
  await notifyInvestor(
    ctx,
    trx,
    row.userId,
    input.decision === 'pay' ? 'notify.withdrawalPaid' : 'notify.withdrawalRejected',
    { amount: formatMinor(row.amountMinor), reason: input.reason ?? '' },
  );
  return {
    ...toWithdrawal({ ...row, status, reason: input.reason ?? null }),
    // The operators who acted on it: for a payment all that were required.
    approvals: input.decision === 'pay' ? row.approvalsRequired : row.approvedBy === null ? 1 : 2,
    approvalsRequired: row.approvalsRequired,
  };
}

/** An operator's decision on a withdrawal with its audit line, in the caller's transaction. */
export async function decideWithdrawalAudited(
  trx: Trx,
  deps: WalletDeps,
  input: {
    withdrawalId: number;
    operator: { operatorId: number; username: string };
    decision: 'pay' | 'reject';
    reason: string | undefined;
    ip: string | null;
  },
) {
  const { operator, decision, reason } = input;
  const decided = await decideWithdrawal(deps, {
    withdrawalId: input.withdrawalId,
    operatorId: operator.operatorId,
    decision,
    reason,
    trx,
  });
  await appendAudit(trx, {
    operatorId: operator.operatorId,
    operatorUsername: operator.username,
    action: decision === 'pay' && decided.status === 'pending' ? 'withdrawal.approve' : `withdrawal.${decision}`,
    target: String(decided.id),
    details: { amount: decided.amount, fee: decided.fee, ...(reason ? { reason } : {}) },
    ip: input.ip,
    atMs: deps.ctx.clock.nowMs(),
  });
  return decided;
}

/** Finance records: money in (deposits, transfers) and out (withdrawals), newest first. */
export async function listRecords(
  db: Db,
  userId: number,
  filter: {
    direction?: 'in' | 'out' | undefined;
    period?: 'today' | 'week' | 'month' | 'quarter' | 'year' | undefined;
    now: Date;
  },
): Promise<FinanceRecord[]> {
  const since = filter.period ? periodStart(filter.period, filter.now) : 0;
  const records: FinanceRecord[] = [];
  if (filter.direction !== 'out') {
    for (const row of await repo.paymentsSince(db, userId, since)) {
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
    for (const row of await repo.withdrawalsSince(db, userId, since)) {
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

/** The console's withdrawal queue: each withdrawal with its investor's phone and card. */
export async function listWithdrawalsForConsole(
  db: Db,
  filter: { status?: 'pending' | 'paid' | 'rejected' | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.pageWithdrawals(db, filter);
  const phones = await phonesOf(db, rows);
  return {
    items: rows.map((row) => ({
      ...toWithdrawal(row),
      userId: Number(row.userId),
      phone: phones.get(Number(row.userId)) ?? '',
      card: { bankName: row.bankName, holderName: row.holderName, ibanMasked: maskIban(row.iban) },
    })),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** The console's payments list, newest first, with each investor's phone. */
export async function listPaymentsForConsole(
  db: Db,
  filter: { type?: 'deposit' | 'transfer' | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.pagePayments(db, filter);
  const phones = await phonesOf(db, rows);
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      type: row.type as 'deposit' | 'transfer',
      amount: formatMinor(row.amountMinor),
      status: row.status as 'pending' | 'succeeded' | 'failed',
      checkoutUrl: null,
      createdAt: new Date(row.createdAt).toISOString(),
      completedAt: row.completedAt === null ? null : new Date(row.completedAt).toISOString(),
      userId: Number(row.userId),
      phone: phones.get(Number(row.userId)) ?? '',
    })),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

function phonesOf(db: Db, rows: ReadonlyArray<{ userId: number }>) {
  return phonesByUserId(
    db,
    rows.map((row) => Number(row.userId)),
  );
}

/** The investor's deposits and withdrawals for their data export. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const [payments, withdrawals] = await Promise.all([
    repo.paymentsOfUser(db, userId),
    repo.withdrawalsOfUser(db, userId),
  ]);
  return {
    payments: payments.map((row) => exportRow(row, ['requestKey', 'providerRef'])),
    withdrawals: withdrawals.map((row) => exportRow(row, ['requestKey', 'decidedBy', 'approvedBy'])),
  };
}
