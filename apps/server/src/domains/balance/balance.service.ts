import { DEFAULT_EXCHANGE } from '@bourse/shared/exchanges';
import { formatMinor } from '@bourse/shared/money';
import type {
  FundLogEntry,
  FundOrder,
  FundRateBody,
  FundRates,
  FundSummary,
  Holiday,
  HolidayBody,
  Holidays,
} from '@bourse/shared/schemas/balance';
import { appendAudit } from '../../platform/audit.ts';
import { accrueDay, percentToPpm, ppmToPercent } from '../../platform/accrual.ts';
import { isoDate } from '../../platform/calendar.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import type { EntryInput } from '../../platform/ledger/ledger.ts';
import type { MoneyUnit } from '../../platform/money-command.ts';
import { periodStart } from '../../platform/periods.ts';
import { operatorNames } from '../admin/operators.service.ts';
import { portfolioFigures, registerPortfolioContributor } from '../portfolio/portfolio.service.ts';
import { verifyTradingPassword } from '../users/trading-password.service.ts';
import { notifyInvestors } from '../users/users.service.ts';
import { positiveAmount } from '../wallet/wallet.service.ts';
import * as repo from './balance.repository.ts';
import type { FundOrderRow } from './balance.repository.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

const DAY_MS = 86_400_000;

export interface OperatorAct {
  operator: { operatorId: number; username: string };
  ip: string | null;
}

/** The calendar day after `date` (`YYYY-MM-DD`). */
export function dayAfter(date: string): string {
  return isoDate(Date.parse(`${date}T00:00:00Z`) + DAY_MS);
}

function dayBefore(date: string): string {
  return isoDate(Date.parse(`${date}T00:00:00Z`) - DAY_MS);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function toOrder(row: FundOrderRow): FundOrder {
  return {
    id: Number(row.id),
    kind: row.kind as FundOrder['kind'],
    amount: formatMinor(Number(row.amountMinor)),
    tradeDate: row.tradeDate,
    confirmDate: row.confirmDate,
    status: row.status as FundOrder['status'],
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    confirmedAt: iso(row.confirmedAt === null ? null : Number(row.confirmedAt)),
  };
}

/** The balance product's part of the investor's figures: fund units, purchases and redemptions in flight. */
export function registerBalanceContributor(ctx: AppContext): void {
  registerPortfolioContributor(ctx, {
    name: 'balance',
    async contribute(db, userId) {
      const balances = await ctx.ledger.userBalances(db, userId);
      return {
        fundMinor: balances.fund,
        fundPendingMinor: balances.fund_pending,
        redeemPendingMinor: balances.redeem_pending,
      };
    },
  });
}

/** The annual rate in force on `date` in ppm (0 before any was set). */
export async function ratePpmOn(db: Db | Trx, date: string): Promise<number> {
  const row = await repo.rateOn(db, date);
  return row ? Number(row.ratePpm) : 0;
}

/** When an order placed at `nowMs` is confirmed (paid): the next business day (T+1), and its start. */
function confirmationOf(ctx: AppContext, nowMs: number) {
  const tradeDate = ctx.calendar.tradingDate(nowMs);
  const confirmDate = ctx.calendar.nextBusinessDay(tradeDate);
  return { tradeDate, confirmDate, dueAt: ctx.calendar.localTime(confirmDate, 0) };
}

// ── the investor ──

/** The fund screen: rate, balances, pending orders with their dates, yesterday's and total earnings. */
export async function fundSummary(ctx: AppContext, userId: number): Promise<FundSummary> {
  const db = ctx.database.db;
  const nowMs = ctx.clock.nowMs();
  const today = ctx.calendar.tradingDate(nowMs);
  const [ratePpm, balances, figures, earnings, pending] = await Promise.all([
    ratePpmOn(db, today),
    ctx.ledger.userBalances(db, userId),
    portfolioFigures(ctx, db, userId),
    repo.earningsOf(db, userId, dayBefore(today)),
    repo.pendingOrdersOfUser(db, userId),
  ]);
  return {
    rate: ppmToPercent(ratePpm),
    fund: formatMinor(balances.fund),
    fundPending: formatMinor(balances.fund_pending),
    redeemPending: formatMinor(balances.redeem_pending),
    available: formatMinor(figures.cashMinor),
    yesterdayEarnings: formatMinor(earnings.dayMinor),
    totalEarnings: formatMinor(earnings.totalMinor),
    nextConfirmDate: confirmationOf(ctx, nowMs).confirmDate,
    pending: pending.map(toOrder),
    currency: ctx.ledger.currency,
  };
}

interface FundOrderInput {
  userId: number;
  amount: string;
  tradingPassword: string;
  /** When it is placed (the demo seed's purchase some days ago); now by default. */
  atMs?: number | undefined;
}

/** What each kind of order moves, from which of the investor's accounts to which. */
const ORDER_MOVES = {
  purchase: { from: 'cash', to: 'fund_pending', entryKind: 'fund.purchase' },
  redeem: { from: 'fund', to: 'redeem_pending', entryKind: 'fund.redeem' },
} as const;

/**
 * An order of either kind as a money command: `refuse` (the amount against what the investor has)
 * and the trading password before the transaction (its failures counted apart); in the command's
 * transaction `refuse` again — money may have moved since — then the order row, whose confirmation
 * date is the next business day, and one balanced entry keyed by it.
 */
function fundOrder(
  ctx: AppContext,
  kind: keyof typeof ORDER_MOVES,
  input: FundOrderInput,
  refuse: (db: Db | Trx, amountMinor: number) => Promise<void>,
): MoneyUnit<FundOrder> {
  const move = ORDER_MOVES[kind];
  return {
    check: async () => {
      await refuse(ctx.database.db, positiveAmount(input.amount));
      await verifyTradingPassword(ctx, input.userId, input.tradingPassword);
    },
    unit: async (trx, _events, key) => {
      const amountMinor = positiveAmount(input.amount);
      await refuse(trx, amountMinor);
      const nowMs = input.atMs ?? ctx.clock.nowMs();
      const row = await repo.insertOrder(trx, {
        userId: input.userId,
        kind,
        amountMinor,
        ...confirmationOf(ctx, nowMs),
        requestKey: key.key,
        createdAt: nowMs,
      });
      await ctx.ledger.post(trx, {
        idempotencyKey: `fund:order:${row.id}:placed`,
        kind: move.entryKind,
        referenceType: 'fund_order',
        referenceId: row.id,
        keyIsNew: true,
        postings: [
          { account: { userId: input.userId, kind: move.from }, amountMinor: -amountMinor },
          { account: { userId: input.userId, kind: move.to }, amountMinor },
        ],
      });
      return toOrder(row);
    },
  };
}

/**
 * A purchase: a positive amount within the investor's available cash and the trading password; one
 * balanced entry moves it from cash to `fund_pending`, confirmed into `fund` on the next business day.
 */
export function purchase(ctx: AppContext, input: FundOrderInput): MoneyUnit<FundOrder> {
  return fundOrder(ctx, 'purchase', input, async (db, amountMinor) => {
    const { cashMinor } = await portfolioFigures(ctx, db, input.userId);
    if (amountMinor > cashMinor) throw new AppError('FUND_ABOVE_AVAILABLE', { available: formatMinor(cashMinor) });
  });
}

/**
 * A redemption: a positive amount within the confirmed fund balance and the trading password; one
 * balanced entry moves it from `fund` to `redeem_pending`, paid into cash on the next business day.
 */
export function redeem(ctx: AppContext, input: FundOrderInput): MoneyUnit<FundOrder> {
  return fundOrder(ctx, 'redeem', input, async (db, amountMinor) => {
    const balance = await ctx.ledger.balance(db, { userId: input.userId, kind: 'fund' });
    if (amountMinor > balance) throw new AppError('FUND_REDEEM_ABOVE_BALANCE', { balance: formatMinor(balance) });
  });
}

/**
 * The investor's fund history of a period, newest first: each purchase and redemption when placed,
 * its confirmation (payment) when it happened, and every day's earnings.
 */
export async function fundLog(
  ctx: AppContext,
  input: { userId: number; period: 'today' | 'week' | 'month' | 'quarter' | 'year'; page: number; pageSize: number },
) {
  const db = ctx.database.db;
  const fromMs = periodStart(input.period, ctx.clock.now());
  const [orders, accruals] = await Promise.all([
    repo.ordersOfUserSince(db, input.userId, fromMs),
    repo.accrualsOfUserSince(db, input.userId, isoDate(fromMs)),
  ]);
  const entries: Array<FundLogEntry & { sortMs: number; sortId: number }> = [];
  for (const row of orders) {
    const createdAt = Number(row.createdAt);
    if (createdAt >= fromMs) {
      entries.push({
        id: `order:${row.id}`,
        type: row.kind === 'purchase' ? 'purchase' : 'redeem',
        amount: formatMinor(Number(row.amountMinor)),
        date: row.tradeDate,
        at: new Date(createdAt).toISOString(),
        confirmDate: row.confirmDate,
        sortMs: createdAt,
        sortId: Number(row.id) * 2,
      });
    }
    if (row.confirmedAt !== null && Number(row.confirmedAt) >= fromMs) {
      entries.push({
        id: `order:${row.id}:confirmed`,
        type: row.kind === 'purchase' ? 'purchase_confirmed' : 'redeem_paid',
        amount: formatMinor(Number(row.amountMinor)),
        date: row.confirmDate,
        at: new Date(Number(row.confirmedAt)).toISOString(),
        confirmDate: null,
        sortMs: Number(row.confirmedAt),
        sortId: Number(row.id) * 2 + 1,
      });
    }
  }
  for (const row of accruals) {
    // An accrual belongs to its day; it is dated at the end of that day, when it was earned.
    const at = ctx.calendar.localTime(dayAfter(row.accrualDate), 0);
    entries.push({
      id: `accrual:${row.id}`,
      type: 'earnings',
      amount: formatMinor(Number(row.interestMinor)),
      date: row.accrualDate,
      at: new Date(at).toISOString(),
      confirmDate: null,
      sortMs: at,
      sortId: Number(row.id),
    });
  }
  entries.sort((a, b) => b.sortMs - a.sortMs || b.sortId - a.sortId);
  const start = (input.page - 1) * input.pageSize;
  return {
    items: entries.slice(start, start + input.pageSize).map(({ sortMs: _ms, sortId: _id, ...entry }) => entry),
    total: entries.length,
    page: input.page,
    pageSize: input.pageSize,
  };
}

// ── the jobs ──

/** How many orders one confirmation transaction takes. */
export const CONFIRM_BATCH = 500;

/** The earliest instant a pending purchase or redemption falls due (the start of its confirmation date). */
export function nextConfirmationDue(ctx: AppContext): Promise<number | null> {
  return repo.nextOrderDue(ctx.database.db);
}

/**
 * Confirms up to CONFIRM_BATCH orders due by `dueAtMs`, in the caller's transaction, and tells
 * each investor: a purchase moves from `fund_pending` to `fund` (it earns from its confirmation
 * day), a redemption from `redeem_pending` into cash. Each order once: the status update is
 * conditional and the entry's key names the order. Returns how many it took.
 */
export async function confirmDueOrders(
  ctx: AppContext,
  trx: Trx,
  dueAtMs: number,
  nowMs = ctx.clock.nowMs(),
): Promise<number> {
  const rows = await repo.dueOrders(trx, dueAtMs, CONFIRM_BATCH);
  if (rows.length === 0) return 0;
  const confirmed: FundOrderRow[] = [];
  for (const row of rows) {
    if (await repo.confirmOrder(trx, Number(row.id), nowMs)) confirmed.push(row);
  }
  const entries: EntryInput[] = confirmed.map((row) => {
    const userId = Number(row.userId);
    const amountMinor = Number(row.amountMinor);
    const purchase = row.kind === 'purchase';
    return {
      idempotencyKey: `fund:order:${row.id}:confirmed`,
      kind: purchase ? 'fund.confirm' : 'fund.redeem.paid',
      referenceType: 'fund_order',
      referenceId: Number(row.id),
      postings: purchase
        ? [
            { account: { userId, kind: 'fund_pending' }, amountMinor: -amountMinor },
            { account: { userId, kind: 'fund' }, amountMinor },
          ]
        : [
            { account: { userId, kind: 'redeem_pending' }, amountMinor: -amountMinor },
            { account: { userId, kind: 'cash' }, amountMinor },
          ],
    };
  });
  await ctx.ledger.postMany(trx, entries);
  await notifyInvestors(
    ctx,
    trx,
    confirmed.map((row) => ({
      userId: Number(row.userId),
      template: row.kind === 'purchase' ? 'notify.fundConfirmed' : 'notify.fundRedeemed',
      params: { amount: formatMinor(Number(row.amountMinor)), date: row.confirmDate },
    })),
  );
  return rows.length;
}

/** The next calendar day the accrual job has to do, or null when nobody has bought yet. */
export async function nextAccrualDay(db: Db | Trx): Promise<string | null> {
  const last = await repo.lastAccruedDay(db);
  if (last !== null) return dayAfter(last);
  return repo.firstConfirmDate(db);
}

/** When the accrual of `date` is due: the end of that day (midnight after it) in the market's zone. */
export function accrualDueAt(ctx: AppContext, date: string): number {
  return ctx.calendar.localTime(dayAfter(date), 0);
}

/** The most investors one accrual batch posts (the ledger's batch limit). */
export const ACCRUAL_BATCH = 5_000;

/**
 * Accrues one calendar day for every investor, in the caller's transaction: the balance that earned
 * that day (purchases confirmed by then, less redemptions placed by then, plus earlier interest) ×
 * the rate in force that day / 365, with each investor's carried fraction of a cent
 * (`accrueDay`). Per investor one accrual row (unique per day) and, when a cent or more was earned,
 * one balanced entry `fund_pool → fund` keyed `fund:accrual:<userId>:<date>`. The day is claimed
 * first: a second run for it finds it done and changes nothing. Returns false then.
 */
export async function accrueFundDay(
  ctx: AppContext,
  trx: Trx,
  date: string,
  nowMs = ctx.clock.nowMs(),
): Promise<boolean> {
  const ratePpm = await ratePpmOn(trx, date);
  if (!(await repo.claimAccrualDay(trx, { accrualDate: date, ratePpm, investors: 0, interestMinor: 0, doneAt: nowMs })))
    return false;
  const balances = [...(await repo.earningBalances(trx, date)).entries()].sort(([a], [b]) => a - b);
  let investors = 0;
  let interestTotal = 0;
  for (let i = 0; i < balances.length; i += ACCRUAL_BATCH) {
    const chunk = balances.slice(i, i + ACCRUAL_BATCH);
    const carries = await repo.carriesOf(
      trx,
      chunk.map(([userId]) => userId),
    );
    const accruals: repo.AccrualInsert[] = [];
    const entries: EntryInput[] = [];
    const updates: Array<{ id: number; carry: string }> = [];
    const inserts: Array<{ userId: number; carry: string }> = [];
    for (const [userId, balanceMinor] of chunk) {
      const stored = carries.get(userId);
      const day = accrueDay(balanceMinor, ratePpm, stored?.carry ?? 0n);
      accruals.push({
        userId,
        accrualDate: date,
        balanceMinor,
        ratePpm,
        interestMinor: day.interestMinor,
        carryAfter: day.carry.toString(),
        createdAt: nowMs,
      });
      if (stored) updates.push({ id: stored.id, carry: day.carry.toString() });
      else inserts.push({ userId, carry: day.carry.toString() });
      if (day.interestMinor > 0) {
        entries.push({
          idempotencyKey: `fund:accrual:${userId}:${date}`,
          kind: 'fund.accrual',
          referenceType: 'fund_accrual',
          referenceId: `${userId}:${date}`,
          postings: [
            { account: { system: 'fund_pool' }, amountMinor: -day.interestMinor },
            { account: { userId, kind: 'fund' }, amountMinor: day.interestMinor },
          ],
        });
        interestTotal += day.interestMinor;
      }
      investors += 1;
    }
    await repo.insertAccruals(trx, ctx.database.dialect, accruals);
    await repo.storeCarries(trx, ctx.database.dialect, updates, inserts, nowMs);
    await ctx.ledger.postMany(trx, entries);
  }
  await repo.recordAccrualDayTotals(trx, date, { investors, interestMinor: interestTotal });
  return true;
}

// ── the console: rates ──

/** The annual rate in force today (a percentage, "0" before any was set) and since when. */
export async function currentFundRate(ctx: AppContext): Promise<{ rate: string; effectiveDate: string | null }> {
  const current = await repo.rateOn(ctx.database.db, ctx.calendar.tradingDate(ctx.clock.nowMs()));
  return {
    rate: ppmToPercent(current ? Number(current.ratePpm) : 0),
    effectiveDate: current?.effectiveDate ?? null,
  };
}

/** The rate in force today and every version, newest first, with who set it. */
export async function fundRates(ctx: AppContext): Promise<FundRates> {
  const db = ctx.database.db;
  const today = ctx.calendar.tradingDate(ctx.clock.nowMs());
  const [current, versions] = await Promise.all([currentFundRate(ctx), repo.rateVersions(db)]);
  const names = await operatorNames(
    db,
    versions.flatMap((row) => (row.createdBy === null ? [] : [Number(row.createdBy)])),
  );
  return {
    current,
    today,
    versions: versions.map((row) => ({
      id: Number(row.id),
      rate: ppmToPercent(Number(row.ratePpm)),
      effectiveDate: row.effectiveDate,
      createdBy: row.createdBy === null ? null : (names.get(Number(row.createdBy)) ?? null),
      createdAt: new Date(Number(row.createdAt)).toISOString(),
    })),
  };
}

/**
 * An operator sets the fund's rate from a date on (today or later, and after the last day already
 * accrued, so no past day's earnings change), in the caller's transaction, audited. Earlier versions
 * stay: the accrual of each day uses the one in force that day.
 */
export async function setFundRate(
  ctx: AppContext,
  trx: Trx,
  input: OperatorAct & {
    body: FundRateBody;
    /** When it is set (the demo seed's rate, set some days ago); now by default. */
    atMs?: number | undefined;
  },
): Promise<FundRates['versions'][number]> {
  const ratePpm = percentToPpm(input.body.rate);
  if (ratePpm === null) throw new AppError('FUND_RATE_INVALID');
  const nowMs = input.atMs ?? ctx.clock.nowMs();
  const today = ctx.calendar.tradingDate(nowMs);
  const date = input.body.effectiveDate;
  const lastAccrued = await repo.lastAccruedDay(trx);
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || isoDate(Date.parse(`${date}T00:00:00Z`)) !== date)
    throw new AppError('VALIDATION_FAILED', { detail: 'effectiveDate' });
  if (date < today || (lastAccrued !== null && date <= lastAccrued))
    throw new AppError('FUND_RATE_DATE_PAST', { today });
  const row = await repo.insertRate(trx, {
    ratePpm,
    effectiveDate: date,
    createdBy: input.operator.operatorId,
    createdAt: nowMs,
  });
  const before = await repo.rateOn(trx, dayBefore(date));
  await appendAudit(trx, {
    operatorId: input.operator.operatorId,
    operatorUsername: input.operator.username,
    action: 'fund.rate.set',
    target: String(row.id),
    details: {
      rate: ppmToPercent(ratePpm),
      effectiveDate: date,
      previous: before ? ppmToPercent(Number(before.ratePpm)) : null,
    },
    ip: input.ip,
    atMs: nowMs,
  });
  return {
    id: Number(row.id),
    rate: ppmToPercent(ratePpm),
    effectiveDate: date,
    createdBy: input.operator.username,
    createdAt: new Date(nowMs).toISOString(),
  };
}

// ── the exchanges' holidays ──

function toHoliday(row: repo.HolidayRow): Holiday {
  return { exchange: row.exchange, date: row.holidayDate, name: row.name, source: row.source as Holiday['source'] };
}

/**
 * Makes the live calendars follow the stored holidays: each exchange's its own, the base calendar
 * (and whoever listens to it, such as the order writer's thread) the default exchange's.
 */
export async function applyHolidays(ctx: AppContext, db: Db | Trx): Promise<void> {
  const byExchange: Record<string, string[]> = {};
  for (const row of await repo.listHolidays(db)) (byExchange[row.exchange] ??= []).push(row.holidayDate);
  ctx.exchanges.setHolidays(byExchange);
}

/**
 * On start, in the caller's transaction: the first time (no holiday stored yet) the days of
 * MARKET_HOLIDAYS become the stored holidays of the default exchange (the home market, whose zone
 * and hours MARKET_TIME_ZONE and MARKET_HOURS describe); from then on the console edits each
 * exchange's. The live calendars are then set from the table.
 */
export async function seedHolidays(ctx: AppContext, trx: Trx): Promise<void> {
  const configured = ctx.config.MARKET_HOLIDAYS ? ctx.config.MARKET_HOLIDAYS.split(',').filter(Boolean) : [];
  if ((await repo.listHolidays(trx)).length === 0 && (await repo.exchangeExists(trx, DEFAULT_EXCHANGE))) {
    const nowMs = ctx.clock.nowMs();
    for (const date of configured) {
      await repo.insertHoliday(trx, {
        exchange: DEFAULT_EXCHANGE,
        holidayDate: date,
        name: date,
        source: 'config',
        createdBy: null,
        createdAt: nowMs,
      });
    }
  }
  await applyHolidays(ctx, trx);
}

/** The exchange a holiday request is about: the one named (it must exist), else the default exchange. */
async function holidayExchange(db: Db | Trx, exchange: string | undefined): Promise<string> {
  const code = exchange ?? DEFAULT_EXCHANGE;
  if (!(await repo.exchangeExists(db, code))) throw new AppError('EXCHANGE_NOT_FOUND');
  return code;
}

/** One exchange's holidays (the default exchange's without one), and today in its own zone. */
export async function listHolidays(ctx: AppContext, exchange?: string): Promise<Holidays> {
  const code = await holidayExchange(ctx.database.db, exchange);
  const rows = await repo.listHolidays(ctx.database.db, code);
  return {
    exchange: code,
    today: ctx.exchanges.calendar(code).tradingDate(ctx.clock.nowMs()),
    items: rows.map(toHoliday),
  };
}

/**
 * Only days after the exchange's today may change: past and today's trades, settlements and
 * confirmations were dated by the calendar as it was.
 */
function assertFutureDay(ctx: AppContext, exchange: string, date: string): void {
  const parsed = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed) || isoDate(parsed) !== date) throw new AppError('VALIDATION_FAILED', { detail: 'date' });
  const nowMs = ctx.clock.nowMs();
  // The default exchange's holidays are also the base calendar's (fund confirmations), in its zone.
  const home = exchange === DEFAULT_EXCHANGE && date <= ctx.calendar.tradingDate(nowMs);
  if (home || date <= ctx.exchanges.calendar(exchange).tradingDate(nowMs)) throw new AppError('HOLIDAY_DATE_PAST');
}

/** An operator adds a future holiday of an exchange, audited in the caller's transaction. */
export async function addHoliday(
  ctx: AppContext,
  trx: Trx,
  input: OperatorAct & { body: HolidayBody },
): Promise<Holiday> {
  const exchange = await holidayExchange(trx, input.body.exchange);
  assertFutureDay(ctx, exchange, input.body.date);
  const nowMs = ctx.clock.nowMs();
  const added = await repo.insertHoliday(trx, {
    exchange,
    holidayDate: input.body.date,
    name: input.body.name,
    source: 'operator',
    createdBy: input.operator.operatorId,
    createdAt: nowMs,
  });
  if (!added) throw new AppError('HOLIDAY_EXISTS');
  await appendAudit(trx, {
    operatorId: input.operator.operatorId,
    operatorUsername: input.operator.username,
    action: 'calendar.holiday.add',
    target: input.body.date,
    details: { exchange, name: input.body.name },
    ip: input.ip,
    atMs: nowMs,
  });
  return { exchange, date: input.body.date, name: input.body.name, source: 'operator' };
}

/** An operator removes a future holiday of an exchange, audited in the caller's transaction. */
export async function removeHoliday(
  ctx: AppContext,
  trx: Trx,
  input: OperatorAct & { date: string; exchange?: string | undefined },
): Promise<Holiday> {
  const exchange = await holidayExchange(trx, input.exchange);
  assertFutureDay(ctx, exchange, input.date);
  const row = await repo.findHoliday(trx, exchange, input.date);
  if (!row) throw new AppError('HOLIDAY_NOT_FOUND');
  const removed = await repo.deleteHoliday(trx, exchange, input.date);
  invariant(removed, 'the holiday just read is removed');
  await appendAudit(trx, {
    operatorId: input.operator.operatorId,
    operatorUsername: input.operator.username,
    action: 'calendar.holiday.remove',
    target: input.date,
    details: { exchange, name: row.name, source: row.source },
    ip: input.ip,
    atMs: ctx.clock.nowMs(),
  });
  return toHoliday(row);
}

/** The investor's balance-product orders and daily accruals for their data export. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const [orders, accruals] = await Promise.all([
    repo.fundOrdersOfUser(db, userId),
    repo.fundAccrualsOfUser(db, userId),
  ]);
  return {
    fundOrders: orders.map((row) => exportRow(row, ['requestKey'])),
    fundAccruals: accruals.map((row) => exportRow(row)),
  };
}
