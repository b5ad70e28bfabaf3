import { translate, type MessageKey } from '@bourse/shared/i18n/index';
import type { Language } from '@bourse/shared/languages';
import { formatMinor, parseAmount } from '@bourse/shared/money';
import type { Page } from '@bourse/shared/schemas/common';
import {
  creditPointRuleCode,
  DEDUCTING_RULES,
  MEMBER_LEVELS,
  RULE_POINTS_MAX,
  type AdminMemberStanding,
  type AdminMemberTier,
  type CreditPointEvent,
  type CreditPointRule,
  type CreditPointRuleCode,
  type CreditPointRulePatch,
  type MemberLevelChange,
  type MemberStanding,
  type MemberTiersBody,
} from '@bourse/shared/schemas/members';
import { appendAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import type { OperatorPrincipal } from '../../platform/principals.ts';
import { operatorNames } from '../admin/operators.service.ts';
import { portfolioFigures, type PortfolioFigures } from '../portfolio/portfolio.service.ts';
import {
  notifyInvestors,
  findUser,
  lockCreditPoints,
  moveLevel,
  setCreditPoints,
  usersAfter,
} from '../users/users.service.ts';
import * as repo from './members.repository.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

/**
 * Credit points and member level (issue 14).
 *
 * Points: every change is a row of `credit_point_events` caused by one rule of `credit_point_rules`
 * and one business row, counted once per (investor, rule, reference); `users.credit_points` is the
 * running total, changed in the same transaction. The total never goes below zero: a deduction
 * larger than what is left takes it to zero, and the event records the part actually deducted.
 *
 * Levels: 1..5 from the investor's total assets (the portfolio's figure) against the tiers of
 * `member_level_tiers`, reviewed for every investor at the end of each day; a change is recorded and
 * the investor told.
 */

/** Rules an investor can earn once in a lifetime, whatever the reference (identity, first money in). */
const ONCE_PER_INVESTOR: ReadonlySet<CreditPointRuleCode> = new Set(['identity_verified', 'first_deposit']);

/** Why a level changed: the end-of-day review (the demo seeds through the same function). */
export const LEVEL_REVIEW_REASON = 'daily_review';

const iso = (ms: number) => new Date(ms).toISOString();

export interface PointsAward {
  /** False when nothing changed: the rule is inactive, or this event was counted already. */
  awarded: boolean;
  skipped?: 'inactive' | 'duplicate';
  /** The change applied (0 when nothing was awarded). */
  points: number;
  /** The investor's total after it. */
  creditPoints: number;
}

/**
 * Awards (or, for a deducting rule, takes away) the rule's points for one event, in the caller's
 * transaction: idempotent by (investor, rule, reference) — `identity_verified` and `first_deposit`
 * count once per investor whatever the reference —, nothing for an inactive rule, never below zero.
 *
 * Rule codes for callers: `identity_verified` (KYC approval), `first_deposit` (first money in),
 * `loan_repaid_on_time` and `loan_repaid_late` (the loans domain, reference e.g. `loan:<id>`).
 */
export async function awardCreditPoints(
  trx: Trx,
  input: { userId: number; rule: CreditPointRuleCode; reference: string; nowMs: number },
): Promise<PointsAward> {
  invariant(creditPointRuleCode.safeParse(input.rule).success, `unknown credit point rule ${input.rule}`);
  invariant(input.reference.length > 0 && input.reference.length <= 120, 'a credit point reference is 1..120 chars');
  const current = await lockCreditPoints(trx, input.userId);
  invariant(current !== undefined, `credit points for unknown user ${input.userId}`);
  const rule = await repo.findRule(trx, input.rule);
  invariant(rule, `credit point rule ${input.rule} is not seeded`);
  if (rule.active !== 1) return { awarded: false, skipped: 'inactive', points: 0, creditPoints: current };

  const after = Math.max(0, current + rule.points);
  const applied = after - current;
  const eventId = await repo.insertEventOnce(trx, {
    userId: input.userId,
    ruleCode: input.rule,
    points: applied,
    balanceAfter: after,
    reference: ONCE_PER_INVESTOR.has(input.rule) ? 'once' : input.reference,
    source: input.reference,
    createdAt: input.nowMs,
  });
  if (eventId === undefined) return { awarded: false, skipped: 'duplicate', points: 0, creditPoints: current };
  if (applied !== 0) await setCreditPoints(trx, input.userId, after);
  return { awarded: true, points: applied, creditPoints: after };
}

// ── levels ──────────────────────────────────────────────────────────────────────────────────────────

export interface Tier {
  level: number;
  minTotalAssetsMinor: number;
}

/** The highest level whose minimum the total reaches; level 1 (minimum 0) for anything less. */
export function levelForTotalAssets(tiers: readonly Tier[], totalAssetsMinor: number): number {
  let level = 1;
  for (const tier of tiers) if (totalAssetsMinor >= tier.minTotalAssetsMinor && tier.level > level) level = tier.level;
  return level;
}

/** Total assets as DESIGN §3 defines them, from the portfolio's figures. */
export function totalAssetsOf(figures: PortfolioFigures): number {
  return (
    figures.cashMinor +
    figures.frozenMinor +
    figures.marketValueMinor +
    figures.fundMinor +
    figures.fundPendingMinor -
    figures.loanMinor
  );
}

async function loadTiers(db: Db | Trx): Promise<Tier[]> {
  const rows = await repo.listTiers(db);
  invariant(rows.length === MEMBER_LEVELS.length, 'member level tiers are seeded');
  return rows.map((row) => ({ level: Number(row.level), minTotalAssetsMinor: Number(row.minTotalAssetsMinor) }));
}

export interface LevelReview {
  businessDate: string;
  nowMs: number;
}

interface LevelMove {
  userId: number;
  from: number;
  to: number;
  totalAssetsMinor: number;
}

/**
 * Applies level changes in the caller's transaction: each user moves only from the level it was
 * computed from (a concurrent review changes nothing twice), a row of history is kept, and each
 * investor is told through the notifier (`notify.memberLevelChanged`). Returns the moves applied.
 */
async function applyLevelMoves(ctx: AppContext, trx: Trx, moves: readonly LevelMove[], review: LevelReview) {
  const applied: LevelMove[] = [];
  for (const move of moves) {
    if (await moveLevel(trx, { userId: move.userId, from: move.from, to: move.to })) applied.push(move);
  }
  await repo.insertLevelChanges(
    trx,
    applied.map((move) => ({
      userId: move.userId,
      fromLevel: move.from,
      toLevel: move.to,
      totalAssetsMinor: move.totalAssetsMinor,
      reason: LEVEL_REVIEW_REASON,
      businessDate: review.businessDate,
      createdAt: review.nowMs,
    })),
  );
  if (applied.length === 0) return applied;
  await notifyInvestors(
    ctx,
    trx,
    applied.map((move) => ({
      userId: move.userId,
      template: 'notify.memberLevelChanged',
      params: { from: move.from, to: move.to },
    })),
  );
  return applied;
}

/**
 * Reviews one investor's level now, in the caller's transaction (the demo's seed uses it; the daily
 * review does the same for everyone in batches). Returns the change, or null when the level stands.
 */
export async function reviewMemberLevel(
  ctx: AppContext,
  trx: Trx,
  userId: number,
  review: LevelReview,
): Promise<{ from: number; to: number } | null> {
  const user = await findUser(trx, userId);
  invariant(user, `level review of unknown user ${userId}`);
  const tiers = await loadTiers(trx);
  const totalAssetsMinor = totalAssetsOf(await portfolioFigures(ctx, trx, userId));
  const to = levelForTotalAssets(tiers, totalAssetsMinor);
  if (to === user.level) return null;
  const [move] = await applyLevelMoves(ctx, trx, [{ userId, from: user.level, to, totalAssetsMinor }], review);
  return move ? { from: move.from, to: move.to } : null;
}

/** How many investors one transaction of the review covers. */
const REVIEW_BATCH = 500;

/**
 * The end-of-day review for one business date: every investor's level recomputed from their total
 * assets, in batches of 500 (figures read outside the write, then one transaction per batch for the
 * changes, their history and notifications), and the date marked done. Running it again for the same
 * date changes nothing (levels already match), so a run interrupted halfway is simply run again.
 */
export async function reviewAllLevels(
  ctx: AppContext,
  review: LevelReview,
): Promise<{ usersChecked: number; levelsChanged: number }> {
  const db = ctx.database.db;
  const tiers = await loadTiers(db);
  let afterId = 0;
  let usersChecked = 0;
  let levelsChanged = 0;
  for (;;) {
    const batch = await usersAfter(db, afterId, REVIEW_BATCH);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1]!.id;
    usersChecked += batch.length;
    const moves: LevelMove[] = [];
    for (const user of batch) {
      const totalAssetsMinor = totalAssetsOf(await portfolioFigures(ctx, db, user.id));
      const to = levelForTotalAssets(tiers, totalAssetsMinor);
      if (to !== user.level) moves.push({ userId: user.id, from: user.level, to, totalAssetsMinor });
    }
    if (moves.length > 0) {
      const applied = await ctx.database.transaction((trx) => applyLevelMoves(ctx, trx, moves, review));
      levelsChanged += applied.length;
    }
  }
  await ctx.database.transaction((trx) =>
    repo.insertRun(trx, { businessDate: review.businessDate, usersChecked, levelsChanged, completedAt: review.nowMs }),
  );
  return { usersChecked, levelsChanged };
}

/** The latest business date whose review completed. */
export function lastReviewedDate(db: Db | Trx): Promise<string | undefined> {
  return repo.latestRunDate(db);
}

// ── the investor ────────────────────────────────────────────────────────────────────────────────────

/** A level's name in a language (`members.levelNames.level<n>`). */
function levelNameIn(lang: Language, level: number): string {
  return translate(lang, `members.levelNames.level${level}` as MessageKey);
}

/**
 * The personal centre's standing: points, level, every tier with whether it is reached, the next
 * one and what it still takes; level names in `lang`.
 */
export async function getStanding(ctx: AppContext, userId: number, lang: Language): Promise<MemberStanding> {
  const db = ctx.database.db;
  const [user, tiers, figures, reviewedOn] = await Promise.all([
    findUser(db, userId),
    loadTiers(db),
    portfolioFigures(ctx, db, userId),
    repo.latestRunDate(db),
  ]);
  if (!user) throw new AppError('UNAUTHORIZED');
  const totalAssetsMinor = totalAssetsOf(figures);
  const next = tiers.find((tier) => tier.level === user.level + 1);
  return {
    creditPoints: user.creditPoints,
    level: user.level,
    levelName: levelNameIn(lang, user.level),
    totalAssets: formatMinor(totalAssetsMinor),
    currency: ctx.ledger.currency,
    tiers: tiers.map((tier) => ({
      level: tier.level,
      name: levelNameIn(lang, tier.level),
      minTotalAssets: formatMinor(tier.minTotalAssetsMinor),
      reached: totalAssetsMinor >= tier.minTotalAssetsMinor,
    })),
    nextLevel: next
      ? {
          level: next.level,
          name: levelNameIn(lang, next.level),
          minTotalAssets: formatMinor(next.minTotalAssetsMinor),
          missing: formatMinor(Math.max(0, next.minTotalAssetsMinor - totalAssetsMinor)),
        }
      : null,
    reviewedOn: reviewedOn ?? null,
  };
}

function toEvent(row: repo.EventRow): CreditPointEvent {
  return {
    id: Number(row.id),
    rule: row.ruleCode as CreditPointRuleCode,
    points: Number(row.points),
    balanceAfter: Number(row.balanceAfter),
    createdAt: iso(Number(row.createdAt)),
  };
}

/** The investor's point changes, newest first, one page. */
export async function listPointEvents(
  db: Db,
  userId: number,
  query: { page: number; pageSize: number },
): Promise<Page<CreditPointEvent>> {
  const { rows, total } = await repo.pageEvents(db, userId, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toEvent), total, page: query.page, pageSize: query.pageSize };
}

// ── the console ─────────────────────────────────────────────────────────────────────────────────────

export interface OperatorAction {
  operator: OperatorPrincipal;
  ip: string | null;
  nowMs: number;
}

function toRule(row: repo.RuleRow, names: Map<number, string>): CreditPointRule {
  const code = row.code as CreditPointRuleCode;
  return {
    code,
    points: Number(row.points),
    active: Number(row.active) === 1,
    deducts: DEDUCTING_RULES.includes(code),
    updatedAt: row.updatedBy === null ? null : iso(Number(row.updatedAt)),
    updatedBy: row.updatedBy === null ? null : (names.get(Number(row.updatedBy)) ?? null),
  };
}

export async function listRules(db: Db | Trx): Promise<CreditPointRule[]> {
  const rows = await repo.listRules(db);
  const names = await operatorNames(
    db,
    rows.flatMap((row) => (row.updatedBy === null ? [] : [Number(row.updatedBy)])),
  );
  return rows.map((row) => toRule(row, names));
}

/**
 * Changes a rule's points or switches it on or off, audited (`members.rule.update` with what changed)
 * in the caller's transaction. Points are whole, not zero, at most RULE_POINTS_MAX either way and keep
 * the rule's direction (a deducting rule stays negative). An edit that changes nothing writes nothing.
 */
export async function updateRule(
  trx: Trx,
  input: OperatorAction & { code: string; patch: CreditPointRulePatch },
): Promise<CreditPointRule> {
  const parsed = creditPointRuleCode.safeParse(input.code);
  const row = parsed.success ? await repo.findRule(trx, parsed.data) : undefined;
  if (!parsed.success || !row) throw new AppError('MEMBER_RULE_NOT_FOUND', { code: input.code.slice(0, 60) });
  const deducts = DEDUCTING_RULES.includes(parsed.data);
  const points = input.patch.points ?? Number(row.points);
  const valid =
    Number.isInteger(points) && Math.abs(points) >= 1 && Math.abs(points) <= RULE_POINTS_MAX && points < 0 === deducts;
  if (!valid) {
    throw new AppError('MEMBER_RULE_POINTS_INVALID', {
      min: deducts ? -RULE_POINTS_MAX : 1,
      max: deducts ? -1 : RULE_POINTS_MAX,
    });
  }
  const active = input.patch.active === undefined ? Number(row.active) : input.patch.active ? 1 : 0;
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (points !== Number(row.points)) changes['points'] = { from: Number(row.points), to: points };
  if (active !== Number(row.active)) changes['active'] = { from: Number(row.active) === 1, to: active === 1 };
  if (Object.keys(changes).length > 0) {
    await repo.updateRule(trx, row.code, {
      points,
      active,
      updatedAt: input.nowMs,
      updatedBy: input.operator.operatorId,
    });
    await appendAudit(trx, {
      operatorId: input.operator.operatorId,
      operatorUsername: input.operator.username,
      action: 'members.rule.update',
      target: `rule:${row.code}`,
      details: { changes },
      ip: input.ip,
      atMs: input.nowMs,
    });
  }
  const updated = await repo.findRule(trx, row.code);
  invariant(updated, `rule ${row.code} vanished`);
  return toRule(updated, await operatorNames(trx, updated.updatedBy === null ? [] : [Number(updated.updatedBy)]));
}

export async function listTiersForConsole(db: Db | Trx): Promise<AdminMemberTier[]> {
  const rows = await repo.listTiers(db);
  const names = await operatorNames(
    db,
    rows.flatMap((row) => (row.updatedBy === null ? [] : [Number(row.updatedBy)])),
  );
  return rows.map((row) => ({
    level: Number(row.level),
    minTotalAssets: formatMinor(Number(row.minTotalAssetsMinor)),
    updatedAt: row.updatedBy === null ? null : iso(Number(row.updatedAt)),
    updatedBy: row.updatedBy === null ? null : (names.get(Number(row.updatedBy)) ?? null),
  }));
}

/**
 * Sets every level's minimum total assets, audited (`members.tiers.update` with the levels changed)
 * in the caller's transaction: exactly levels 1..5 once each, level 1 at 0.00, each minimum an amount
 * above the one before (`MEMBER_TIERS_INVALID` otherwise, nothing changed). Levels follow at the next
 * end-of-day review. Tiers move no money, so no second operator is asked for (unlike a loosened fee).
 */
export async function updateTiers(
  trx: Trx,
  input: OperatorAction & { body: MemberTiersBody },
): Promise<AdminMemberTier[]> {
  const given = [...input.body.tiers].sort((a, b) => a.level - b.level);
  const minimums = given.map((tier) => parseAmount(tier.minTotalAssets));
  const valid =
    given.length === MEMBER_LEVELS.length &&
    given.every((tier, index) => tier.level === MEMBER_LEVELS[index]) &&
    minimums[0] === 0 &&
    minimums.every((minimum, index) => minimum !== null && (index === 0 || minimum > (minimums[index - 1] ?? 0)));
  if (!valid) throw new AppError('MEMBER_TIERS_INVALID');
  const before = await repo.listTiers(trx);
  const changes: Record<string, { from: string; to: string }> = {};
  for (const [index, tier] of given.entries()) {
    const minimum = minimums[index] as number;
    const old = before.find((row) => Number(row.level) === tier.level);
    invariant(old, `tier ${tier.level} is seeded`);
    if (Number(old.minTotalAssetsMinor) === minimum) continue;
    changes[`level${tier.level}`] = { from: formatMinor(Number(old.minTotalAssetsMinor)), to: formatMinor(minimum) };
    await repo.updateTier(trx, tier.level, {
      minTotalAssetsMinor: minimum,
      updatedAt: input.nowMs,
      updatedBy: input.operator.operatorId,
    });
  }
  if (Object.keys(changes).length > 0) {
    await appendAudit(trx, {
      operatorId: input.operator.operatorId,
      operatorUsername: input.operator.username,
      action: 'members.tiers.update',
      target: 'member-level-tiers',
      details: { changes },
      ip: input.ip,
      atMs: input.nowMs,
    });
  }
  return listTiersForConsole(trx);
}

function toLevelChange(row: repo.LevelChangeRow): MemberLevelChange {
  return {
    id: Number(row.id),
    fromLevel: Number(row.fromLevel),
    toLevel: Number(row.toLevel),
    totalAssets: formatMinor(Number(row.totalAssetsMinor)),
    reason: row.reason,
    businessDate: row.businessDate,
    createdAt: iso(Number(row.createdAt)),
  };
}

/** An investor's points and level for the console's user page, with the latest 50 of each history. */
export async function standingForConsole(db: Db, userId: number): Promise<AdminMemberStanding> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  const [points, levels] = await Promise.all([
    repo.pageEvents(db, userId, { limit: 50, offset: 0 }),
    repo.latestLevelChanges(db, userId, 50),
  ]);
  return {
    userId,
    creditPoints: user.creditPoints,
    level: user.level,
    points: points.rows.map(toEvent),
    levels: levels.map(toLevelChange),
  };
}

/** The investor's credit point events and level changes for their data export. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const [points, levels] = await Promise.all([repo.pointEventsOfUser(db, userId), repo.levelChangesOfUser(db, userId)]);
  return { creditPointEvents: points.map((row) => exportRow(row)), levelChanges: levels.map((row) => exportRow(row)) };
}
