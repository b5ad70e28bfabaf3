import { formatMinor } from '@bourse/shared/money';
import type { Assets } from '@bourse/shared/schemas/wallet';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { invariant } from '../../platform/errors.ts';
import { userStanding } from '../users/users.service.ts';

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

/** The personal-centre figures of DESIGN §3; a read, so no transaction. */
export async function getAssets(ctx: AppContext, userId: number): Promise<Assets> {
  const db = ctx.database.db;
  const [figures, standing] = await Promise.all([portfolioFigures(ctx, db, userId), userStanding(db, userId)]);
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
    totalAssets: formatMinor(cash + frozen + marketValue + fund + fundPending + redeemPending),
    netAssets: formatMinor(cash + frozen + marketValue + fund + fundPending + redeemPending - loan),
    creditPoints: standing.creditPoints,
    level: standing.level,
    currency: ctx.ledger.currency,
  };
}
