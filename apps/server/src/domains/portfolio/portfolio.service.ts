import { percentOf } from '@bourse/shared/fees';
import { formatMinor } from '@bourse/shared/money';
import type { PortfolioHistory, PortfolioRange } from '@bourse/shared/schemas/portfolio';
import type { Assets } from '@bourse/shared/schemas/wallet';
import { dateKey, isoDate } from '../../platform/calendar.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { invariant } from '../../platform/errors.ts';
import { usersAfter, userStanding } from '../users/users.service.ts';
import * as repo from './portfolio.repository.ts';

/**
 * The investor's money state (DESIGN §3, the personal centre), in minor units. Each money domain
 * contributes its part; the portfolio adds them up and never asks a domain by name.
 */
export interface PortfolioFigures {
  /** Free cash. */
  cashMinor: number;
  /** Cash held for resting orders and withdrawals. */
  frozenMinor: number;
  /** Sale proceeds that settle on the next business day (T+1): cash, but not yet withdrawable. */
  unsettledMinor: number;
  marketValueMinor: number;
  floatingPnlMinor: number;
  /** The balance product: confirmed fund units, purchases awaiting confirmation, redemptions awaiting payment. */
  fundMinor: number;
  fundPendingMinor: number;
  redeemPendingMinor: number;
  /** Owed on loans (principal + interest): shown against the total, subtracted for net assets. */
  loanMinor: number;
}

/** A money domain's part of the figures; fields it does not own it leaves out. */
export interface PortfolioContributor {
  name: string;
  contribute(db: Db | Trx, userId: number, nowMs: number): Promise<Partial<PortfolioFigures>>;
}

const contributorsByContext = new WeakMap<object, PortfolioContributor[]>();

/** Adds a domain's contributor to the figures of this app (once per name). */
export function registerPortfolioContributor(ctx: AppContext, contributor: PortfolioContributor): void {
  let contributors = contributorsByContext.get(ctx);
  if (!contributors) {
    contributors = [];
    contributorsByContext.set(ctx, contributors);
  }
  invariant(
    contributors.every((c) => c.name !== contributor.name),
    `portfolio contributor ${contributor.name} registered twice`,
  );
  contributors.push(contributor);
}

/** The sum of every registered contributor's figures, read through `db` (a transaction's, inside one). */
export async function portfolioFigures(ctx: AppContext, db: Db | Trx, userId: number): Promise<PortfolioFigures> {
  const nowMs = ctx.clock.nowMs();
  const parts = await Promise.all(
    (contributorsByContext.get(ctx) ?? []).map((contributor) => contributor.contribute(db, userId, nowMs)),
  );
  const figures: PortfolioFigures = {
    cashMinor: 0,
    frozenMinor: 0,
    unsettledMinor: 0,
    marketValueMinor: 0,
    floatingPnlMinor: 0,
    fundMinor: 0,
    fundPendingMinor: 0,
    redeemPendingMinor: 0,
    loanMinor: 0,
  };
  for (const part of parts) {
    for (const name of Object.keys(figures) as Array<keyof PortfolioFigures>) figures[name] += part[name] ?? 0;
  }
  return figures;
}

/** What may be withdrawn now: free cash less unsettled proceeds, never below zero. */
export function withdrawableOf(figures: PortfolioFigures): number {
  return Math.max(0, figures.cashMinor - figures.unsettledMinor);
}

/** Total assets as /api/user/assets reports them: gross, everything the investor holds (no loan subtracted). */
export function totalAssetsMinorOf(figures: PortfolioFigures): number {
  return (
    figures.cashMinor +
    figures.frozenMinor +
    figures.marketValueMinor +
    figures.fundMinor +
    figures.fundPendingMinor +
    figures.redeemPendingMinor
  );
}

// ── daily snapshots (portfolio.jobs.ts) ─────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
/** Investors whose figures are read and stored per transaction. */
export const SNAPSHOT_BATCH = 200;
const addDays = (date: string, days: number) => isoDate(dateKey(date) + days * DAY_MS);

/** Whether a date has a session to snapshot: every day in 24/7 mode, business days with trading hours. */
function hasSession(ctx: AppContext, date: string): boolean {
  return ctx.calendar.alwaysOpen || ctx.calendar.isBusinessDay(date);
}

/** When a date's session ends: the close with trading hours, the following local midnight in 24/7 mode. */
export function sessionEndOf(ctx: AppContext, date: string): number {
  return ctx.calendar.sessionEnd(ctx.calendar.localTime(date, 0));
}

/** The latest date whose session has ended by `nowMs`. */
export function lastEndedSession(ctx: AppContext, nowMs: number): string {
  let date = ctx.calendar.tradingDate(nowMs);
  while (!hasSession(ctx, date) || sessionEndOf(ctx, date) > nowMs) date = addDays(date, -1);
  return date;
}

/**
 * When the next snapshot run is due: the end of the first session after the last stored date.
 * Before any, the end of the latest session already ended — due at once, so an installation that
 * starts (or upgrades) has a starting point for today's P/L, taken with the figures of that moment
 * like any catch-up.
 */
export async function nextSnapshotDue(ctx: AppContext): Promise<number> {
  const last = await repo.latestRunDate(ctx.database.db);
  if (!last) return sessionEndOf(ctx, lastEndedSession(ctx, ctx.clock.nowMs()));
  let date = addDays(last, 1);
  while (!hasSession(ctx, date)) date = addDays(date, 1);
  return sessionEndOf(ctx, date);
}

/**
 * Stores every investor's figures now as the snapshot of `businessDate`, SNAPSHOT_BATCH investors
 * per transaction, then marks the date done. Idempotent: a snapshot already stored for an investor
 * and date is kept (insert or ignore on the primary key).
 */
export async function snapshotAll(ctx: AppContext, businessDate: string): Promise<{ usersSnapshotted: number }> {
  const db = ctx.database.db;
  let afterId = 0;
  let usersSnapshotted = 0;
  for (;;) {
    const batch = await usersAfter(db, afterId, SNAPSHOT_BATCH);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1]!.id;
    const rows = await Promise.all(
      batch.map(async (user) => {
        const figures = await portfolioFigures(ctx, db, user.id);
        const nowMs = ctx.clock.nowMs();
        return {
          userId: user.id,
          businessDate,
          totalAssetsMinor: totalAssetsMinorOf(figures),
          cashMinor: figures.cashMinor,
          frozenMinor: figures.frozenMinor,
          marketValueMinor: figures.marketValueMinor,
          fundMinor: figures.fundMinor + figures.fundPendingMinor + figures.redeemPendingMinor,
          loanMinor: figures.loanMinor,
          takenAt: nowMs,
          createdAt: nowMs,
        };
      }),
    );
    await ctx.database.transaction((trx) => repo.insertSnapshots(trx, rows));
    usersSnapshotted += batch.length;
  }
  await ctx.database.transaction((trx) =>
    repo.insertRun(trx, { businessDate, usersSnapshotted, completedAt: ctx.clock.nowMs() }),
  );
  return { usersSnapshotted };
}

/** Today's P/L of assets.ts's `dayPnl`: from the last snapshot before today, net of money paid in or out since. */
async function dayPnlOf(ctx: AppContext, db: Db | Trx, userId: number, totalMinor: number) {
  const today = ctx.calendar.tradingDate(ctx.clock.nowMs());
  const base = await repo.lastSnapshotBefore(db, userId, today);
  const inflow = await repo.netInflowAfter(db, userId, base ? base.takenAt : -1);
  const startMinor = (base?.totalAssetsMinor ?? 0) + inflow;
  const pnlMinor = totalMinor - startMinor;
  return {
    dayPnl: formatMinor(pnlMinor),
    dayPnlPercent: startMinor > 0 ? percentOf(pnlMinor, startMinor) : null,
    dayPnlSince: base?.businessDate ?? null,
  };
}

/** How far back each range of the chart reaches, in days (day: the last snapshot before today). */
const RANGE_DAYS: Record<Exclude<PortfolioRange, 'day'>, number> = { week: 7, month: 31, year: 366 };

/** The portfolio's value over a range: its snapshots, then now (the figures /api/user/assets reports). */
export async function portfolioHistory(
  ctx: AppContext,
  userId: number,
  range: PortfolioRange,
): Promise<PortfolioHistory> {
  const db = ctx.database.db;
  const nowMs = ctx.clock.nowMs();
  const today = ctx.calendar.tradingDate(nowMs);
  const [snapshots, figures] = await Promise.all([
    range === 'day'
      ? repo.lastSnapshotBefore(db, userId, today).then((base) => (base ? [base] : []))
      : repo.snapshotsFrom(db, userId, addDays(today, -RANGE_DAYS[range])),
    portfolioFigures(ctx, db, userId),
  ]);
  return {
    range,
    currency: ctx.ledger.currency,
    points: [
      ...snapshots.filter((s) => s.takenAt < nowMs).map((s) => ({ t: s.takenAt, value: s.totalAssetsMinor })),
      { t: nowMs, value: totalAssetsMinorOf(figures) },
    ],
  };
}

/** The personal-centre figures of DESIGN §3; a read, so no transaction. */
export async function getAssets(ctx: AppContext, userId: number): Promise<Assets> {
  const db = ctx.database.db;
  const [figures, standing] = await Promise.all([portfolioFigures(ctx, db, userId), userStanding(db, userId)]);
  const pnl = await dayPnlOf(ctx, db, userId, totalAssetsMinorOf(figures));
  const { cashMinor: cash, frozenMinor: frozen, marketValueMinor: marketValue } = figures;
  const {
    fundMinor: fund,
    fundPendingMinor: fundPending,
    redeemPendingMinor: redeemPending,
    loanMinor: loan,
  } = figures;
  return {
    cash: formatMinor(cash + frozen),
    frozen: formatMinor(frozen),
    available: formatMinor(cash),
    withdrawable: formatMinor(withdrawableOf(figures)),
    marketValue: formatMinor(marketValue),
    floatingPnl: formatMinor(figures.floatingPnlMinor),
    fund: formatMinor(fund),
    fundPending: formatMinor(fundPending),
    redeemPending: formatMinor(redeemPending),
    loanOutstanding: formatMinor(loan),
    // Gross: everything the investor holds; the loan is shown against it (net assets).
    totalAssets: formatMinor(totalAssetsMinorOf(figures)),
    netAssets: formatMinor(totalAssetsMinorOf(figures) - loan),
    ...pnl,
    creditPoints: standing.creditPoints,
    level: standing.level,
    currency: ctx.ledger.currency,
  };
}
