import { translate, type MessageKey, type MessageParams } from '@bourse/shared/i18n/index';
import type { Language } from '@bourse/shared/languages';
import { formatMinor } from '@bourse/shared/money';
import { formatPrice, parsePrice, TICKS_PER_MINOR } from '@bourse/shared/price';
import type {
  AdminIpoIssue,
  AdminIpoResult,
  IpoCalendarTab,
  IpoDraw,
  IpoIssue,
  IpoIssueBody,
  IpoIssuePatch,
  IpoStatus,
  IpoSubscription,
  SubscribeAllResult,
  SubscriptionStatus,
} from '@bourse/shared/schemas/ipo';
import type { Board } from '@bourse/shared/schemas/market';
import type { Page } from '@bourse/shared/schemas/common';
import type { ErrorCode } from '@bourse/shared/errors';
import type { AppContext } from '../../platform/context.ts';
import { isUniqueViolation, type Db, type Trx } from '../../platform/db/database.ts';
import type { Instrument } from '../../platform/db/schema.ts';
import { readRunner } from '../../platform/db/sql-runner.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import type { MoneyUnit } from '../../platform/money-command.ts';
import { appendAudit } from '../../platform/audit.ts';
import { insertInstrument, listNewIssue, ratioX100, updateInstrument } from '../market/instruments.service.ts';
import { instrumentsByIds, localName } from '../market/market.service.ts';
import { registerPortfolioContributor } from '../portfolio/portfolio.service.ts';
import { verifyTradingPassword } from '../users/trading-password.service.ts';
import { openAcquiredLot } from '../trading/trading.service.ts';
import { findUser, notifyInvestor, notifyInvestors, phonesByUserId } from '../users/users.service.ts';
import { DRAW_ALGORITHM, drawAllotments, newSeed, seedHash } from './draw.ts';
import { drawOnThread, drawsOnThread } from './draw-thread.ts';
import * as repo from './ipo.repository.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

type IssueRow = repo.IssueRow;
type SubscriptionRow = repo.SubscriptionRow;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const ratioText = (x100: number | null) => (x100 === null ? null : formatMinor(x100));

/** One lot at the issue price, in minor units (creation refuses terms where this is not whole cents). */
export function lotValueMinor(issue: Pick<IssueRow, 'lotSize' | 'issuePriceTicks'>): number {
  return (issue.lotSize * issue.issuePriceTicks) / TICKS_PER_MINOR;
}

// ── wire ────────────────────────────────────────────────────────────────────────────────────────────

function toSubscription(row: SubscriptionRow, issue: IssueRow, instrument: Instrument, lang: string): IpoSubscription {
  return {
    id: Number(row.id),
    issueId: Number(row.issueId),
    code: instrument.code,
    name: localName(instrument, lang),
    status: row.status as SubscriptionStatus,
    lots: row.lots,
    quantity: row.lots * issue.lotSize,
    issuePrice: formatPrice(issue.issuePriceTicks),
    amountHeld: formatMinor(row.amountHeldMinor),
    lotsAllotted: row.lotsAllotted,
    amountCaptured: row.amountCapturedMinor === null ? null : formatMinor(row.amountCapturedMinor),
    amountReleased: row.amountReleasedMinor === null ? null : formatMinor(row.amountReleasedMinor),
    subscribedAt: new Date(row.createdAt).toISOString(),
    allocatedAt: iso(row.allocatedAt),
    positionId: row.positionId === null ? null : Number(row.positionId),
  };
}

function toIssue(
  row: IssueRow,
  instrument: Instrument,
  demand: repo.Demand | undefined,
  mine: SubscriptionRow | undefined,
  lang: string,
): IpoIssue {
  return {
    id: Number(row.id),
    code: instrument.code,
    name: localName(instrument, lang),
    applicationCode: row.applicationCode,
    sector: instrument.sector,
    board: instrument.board as Board,
    status: row.status as IpoStatus,
    issuePrice: formatPrice(row.issuePriceTicks),
    issueQuantity: Number(row.issueQuantity),
    publicQuantity: Number(row.publicQuantity),
    publicLots: Math.floor(Number(row.publicQuantity) / row.lotSize),
    totalShares: Number(row.totalShares),
    lotSize: row.lotSize,
    maxLotsPerInvestor: row.maxLotsPerInvestor,
    maxAmount: formatMinor(row.maxLotsPerInvestor * lotValueMinor(row)),
    pe: ratioText(row.peX100),
    industryPe: ratioText(row.industryPeX100),
    subscribeStart: new Date(row.subscribeStart).toISOString(),
    subscribeEnd: new Date(row.subscribeEnd).toISOString(),
    allocationAt: new Date(row.allocationAt).toISOString(),
    listingAt: new Date(row.listingAt).toISOString(),
    applicants: demand?.applicants ?? 0,
    appliedLots: demand?.lots ?? 0,
    seedHash: row.seedHash,
    algorithm: DRAW_ALGORITHM,
    // The seed is secret until the draw has run (`drawn_at`), then public.
    seed: row.drawnAt === null ? null : row.seed,
    drawnAt: iso(row.drawnAt),
    mySubscription: mine ? toSubscription(mine, row, instrument, lang) : null,
  };
}

async function describeIssues(
  db: Db | Trx,
  rows: readonly IssueRow[],
  options: { userId?: number | undefined; lang: string },
): Promise<IpoIssue[]> {
  const ids = rows.map((row) => Number(row.id));
  const [instruments, demand, mine] = await Promise.all([
    instrumentsByIds(
      db,
      rows.map((row) => Number(row.instrumentId)),
    ),
    repo.demandOf(db, ids),
    options.userId === undefined
      ? new Map<number, SubscriptionRow>()
      : repo.subscriptionsOfUserFor(db, options.userId, ids),
  ]);
  return rows.map((row) => {
    const instrument = instruments.get(Number(row.instrumentId));
    invariant(instrument, `issue ${row.id} has its instrument`);
    return toIssue(row, instrument, demand.get(Number(row.id)), mine.get(Number(row.id)), options.lang);
  });
}

/** Subscription rows with their issues and instruments, in wire form. */
async function describeSubscriptions(db: Db | Trx, rows: readonly SubscriptionRow[], lang: string) {
  const issues = new Map<number, IssueRow>();
  for (const issueId of new Set(rows.map((row) => Number(row.issueId)))) {
    const issue = await repo.findIssue(db, issueId);
    invariant(issue, `subscription to issue ${issueId} has its issue`);
    issues.set(issueId, issue);
  }
  const instruments = await instrumentsByIds(
    db,
    [...issues.values()].map((issue) => Number(issue.instrumentId)),
  );
  return rows.map((row) => {
    const issue = issues.get(Number(row.issueId))!;
    return toSubscription(row, issue, instruments.get(Number(issue.instrumentId))!, lang);
  });
}

// ── the calendar and the records ───────────────────────────────────────────────────────────────────

const TAB_STATUSES: Record<IpoCalendarTab, { statuses: repo.IssueStatus[]; order: 'asc' | 'desc' }> = {
  upcoming: { statuses: ['upcoming'], order: 'asc' },
  open: { statuses: ['open'], order: 'asc' },
  closed: { statuses: ['closed', 'allocated'], order: 'desc' },
  listed: { statuses: ['listed'], order: 'desc' },
};

/** The calendar's tab: upcoming and open by the window that ends first, closed and listed newest first. */
export async function listCalendar(
  ctx: AppContext,
  query: { status: IpoCalendarTab; page: number; pageSize: number },
  options: { userId?: number | undefined; lang: string },
): Promise<Page<IpoIssue>> {
  const db = ctx.database.db;
  const { rows, total } = await repo.pageIssues(db, {
    ...TAB_STATUSES[query.status],
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: await describeIssues(db, rows, options), total, page: query.page, pageSize: query.pageSize };
}

export async function issueDetail(
  ctx: AppContext,
  id: number,
  options: { userId?: number | undefined; lang: string },
): Promise<IpoIssue> {
  const row = await repo.findIssue(ctx.database.db, id);
  if (!row) throw new AppError('IPO_NOT_FOUND');
  const [issue] = await describeIssues(ctx.database.db, [row], options);
  return issue!;
}

/** The investor's application records (or only those of one status), newest first. */
export async function listSubscriptions(
  ctx: AppContext,
  userId: number,
  query: { status?: SubscriptionStatus | undefined; page: number; pageSize: number },
  lang: string,
): Promise<Page<IpoSubscription>> {
  return pageOfUser(ctx, userId, query.status ? [query.status] : undefined, query, lang);
}

/** The investor's allocation records: the subscriptions the draw decided. */
export function listAllocations(
  ctx: AppContext,
  userId: number,
  query: { page: number; pageSize: number },
  lang: string,
): Promise<Page<IpoSubscription>> {
  return pageOfUser(ctx, userId, ['allotted', 'not_allotted'], query, lang);
}

async function pageOfUser(
  ctx: AppContext,
  userId: number,
  statuses: readonly string[] | undefined,
  query: { page: number; pageSize: number },
  lang: string,
): Promise<Page<IpoSubscription>> {
  const db = ctx.database.db;
  const { rows, total } = await repo.pageSubscriptionsOfUser(db, userId, {
    statuses,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: await describeSubscriptions(db, rows, lang), total, page: query.page, pageSize: query.pageSize };
}

// ── subscribing ────────────────────────────────────────────────────────────────────────────────────

/** Lots as the investor typed them: a whole number from 1 to the issue's maximum. */
export function checkLots(lots: number, maxLots: number): void {
  if (!Number.isInteger(lots)) throw new AppError('IPO_LOTS_NOT_WHOLE');
  if (lots < 1) throw new AppError('IPO_LOTS_NOT_POSITIVE');
  if (lots > maxLots) throw new AppError('IPO_LOTS_ABOVE_MAXIMUM', { max: maxLots });
}

/** Identity verification approved: required to subscribe. */
async function requireVerified(db: Db | Trx, userId: number): Promise<void> {
  const user = await findUser(db, userId);
  if (user?.kycStatus !== 'approved') throw new AppError('KYC_REQUIRED');
}

/** Why this issue takes no subscription now (cancelled, before or after its window), or null. */
function closedReason(issue: IssueRow, nowMs: number): ErrorCode | null {
  if (issue.status === 'cancelled') return 'IPO_CANCELLED';
  if (issue.status !== 'open' || nowMs < issue.subscribeStart || nowMs >= issue.subscribeEnd) return 'IPO_NOT_OPEN';
  return null;
}

/**
 * Holds the amount and writes the subscription with its notification, in the command's
 * transaction. The caller has checked window, lots and that the investor has none yet.
 */
async function writeSubscription(
  ctx: AppContext,
  trx: Trx,
  input: { issue: IssueRow; userId: number; lots: number; nowMs: number },
): Promise<SubscriptionRow> {
  const { issue, userId, lots, nowMs } = input;
  const amountMinor = lots * lotValueMinor(issue);
  // One subscription per investor and issue, so the pair names the hold's journal entry. Two at once
  // (PostgreSQL): the second waits on the first's entry key and finds it taken when the first
  // commits — the ledger's CONFLICT there means this investor has just subscribed.
  const holdId = await ctx.ledger
    .hold(trx, {
      userId,
      amountMinor,
      reason: 'ipo',
      referenceId: Number(issue.id),
      idempotencyKey: `ipo:${issue.id}:${userId}:hold`,
    })
    .catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'CONFLICT') throw new AppError('IPO_ALREADY_SUBSCRIBED');
      throw error;
    });
  let row: SubscriptionRow;
  try {
    row = await repo.insertSubscription(trx, {
      issueId: Number(issue.id),
      userId,
      lots,
      amountHeldMinor: amountMinor,
      holdId,
      createdAt: nowMs,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('IPO_ALREADY_SUBSCRIBED');
    throw error;
  }
  await notifyInvestor(ctx, trx, userId, 'notify.ipoSubscribed', async (contact) => {
    const [instrument] = (await instrumentsByIds(trx, [Number(issue.instrumentId)])).values();
    return { name: instrument ? localName(instrument, contact.lang) : '', lots, amount: formatMinor(amountMinor) };
  });
  return row;
}

/**
 * Subscribes `lots` of one issue: checks issue, lots, identity and the trading password before the
 * transaction (a wrong password counts towards the lock in a transaction of its own), then in it the
 * window (the issue locked against a concurrent cancellation), the one subscription per investor,
 * and holds lots × lot size × issue price (cash → frozen; INSUFFICIENT_FUNDS writes nothing).
 */
export function subscribe(
  ctx: AppContext,
  input: { userId: number; issueId: number; lots: number; tradingPassword: string; lang: Language },
): MoneyUnit<IpoSubscription> {
  return {
    check: async () => {
      const db = ctx.database.db;
      const issue = await repo.findIssue(db, input.issueId);
      if (!issue) throw new AppError('IPO_NOT_FOUND');
      checkLots(input.lots, issue.maxLotsPerInvestor);
      await requireVerified(db, input.userId);
      await verifyTradingPassword(ctx, input.userId, input.tradingPassword);
    },
    unit: async (trx) => {
      const nowMs = ctx.clock.nowMs();
      const issue = await repo.lockIssue(trx, ctx.database.dialect, input.issueId, 'share');
      if (!issue) throw new AppError('IPO_NOT_FOUND');
      const closed = closedReason(issue, nowMs);
      if (closed) throw new AppError(closed);
      const existing = await repo.subscriptionsOfUserFor(trx, input.userId, [input.issueId]);
      if (existing.size > 0) throw new AppError('IPO_ALREADY_SUBSCRIBED');
      const row = await writeSubscription(ctx, trx, { issue, userId: input.userId, lots: input.lots, nowMs });
      const [described] = await describeSubscriptions(trx, [row], input.lang);
      return described!;
    },
  };
}

/**
 * One-click: every open issue, in the order their windows end (then by id), each at the most lots
 * the cash left after the ones before it affords, up to its maximum. Each issue is all or nothing:
 * what it would hold is checked against the cash before the hold is written, so an issue that
 * cannot be subscribed writes nothing and the others stand. Nothing left to subscribe is
 * IPO_NOTHING_OPEN.
 */
export function subscribeAll(
  ctx: AppContext,
  input: { userId: number; tradingPassword: string; lang: Language },
): MoneyUnit<SubscribeAllResult> {
  return {
    check: async () => {
      await requireVerified(ctx.database.db, input.userId);
      await verifyTradingPassword(ctx, input.userId, input.tradingPassword);
    },
    unit: async (trx) => {
      const nowMs = ctx.clock.nowMs();
      const issues = await repo.openIssues(trx);
      const mine = await repo.subscriptionsOfUserFor(
        trx,
        input.userId,
        issues.map((issue) => Number(issue.id)),
      );
      if (issues.every((issue) => mine.has(Number(issue.id)) || closedReason(issue, nowMs) !== null)) {
        throw new AppError('IPO_NOTHING_OPEN');
      }
      const instruments = await instrumentsByIds(
        trx,
        issues.map((issue) => Number(issue.instrumentId)),
      );
      let cashMinor = (await ctx.ledger.userBalances(trx, input.userId)).cash;
      const items: SubscribeAllResult['items'] = [];
      let totalHeld = 0;
      for (const listed of issues) {
        const issue = await repo.lockIssue(trx, ctx.database.dialect, Number(listed.id), 'share');
        invariant(issue, `open issue ${listed.id} exists`);
        const instrument = instruments.get(Number(issue.instrumentId));
        invariant(instrument, `issue ${issue.id} has its instrument`);
        const head = { issueId: Number(issue.id), code: instrument.code, name: localName(instrument, input.lang) };
        const refuse = (error: ErrorCode, params?: Record<string, string | number>) =>
          items.push({
            ...head,
            subscribed: false,
            lots: null,
            amountHeld: null,
            subscriptionId: null,
            error,
            reason: translate(input.lang, `errors.${error}` as MessageKey, params),
          });
        const closed = closedReason(issue, nowMs);
        if (closed) {
          refuse(closed);
          continue;
        }
        if (mine.has(Number(issue.id))) {
          refuse('IPO_ALREADY_SUBSCRIBED');
          continue;
        }
        const perLot = lotValueMinor(issue);
        const lots = Math.min(issue.maxLotsPerInvestor, Math.floor(cashMinor / perLot));
        if (lots < 1) {
          refuse('INSUFFICIENT_FUNDS');
          continue;
        }
        const row = await writeSubscription(ctx, trx, { issue, userId: input.userId, lots, nowMs });
        cashMinor -= row.amountHeldMinor;
        totalHeld += row.amountHeldMinor;
        items.push({
          ...head,
          subscribed: true,
          lots,
          amountHeld: formatMinor(row.amountHeldMinor),
          subscriptionId: Number(row.id),
          error: null,
          reason: null,
        });
      }
      return {
        items,
        subscribedCount: items.filter((item) => item.subscribed).length,
        totalHeld: formatMinor(totalHeld),
      };
    },
  };
}

// ── the portfolio ──────────────────────────────────────────────────────────────────────────────────

/**
 * The IPO's part of the investor's figures. Cash held for a subscription sits in the investor's
 * `frozen` ledger account, which the wallet's contributor already counts (so `available` and
 * `withdrawable` drop by it and the total does not): counting it here too would count it twice.
 * What only this domain knows is the shares paid for at the draw that are not a position until
 * listing: their cost (at the issue price) is market value in the meantime, so the total does not
 * dip between allocation and listing.
 */
export function registerIpoPortfolio(ctx: AppContext): void {
  registerPortfolioContributor(ctx, {
    name: 'ipo',
    async contribute(db, userId) {
      return { marketValueMinor: await repo.allottedUnlistedMinor(db, userId) };
    },
  });
}

// ── the console ────────────────────────────────────────────────────────────────────────────────────

const msOf = (text: string) => Date.parse(text);

interface Terms {
  issuePriceTicks: number;
  issueQuantity: number;
  publicQuantity: number;
  totalShares: number;
  lotSize: number;
  maxLotsPerInvestor: number;
  subscribeStart: number;
  subscribeEnd: number;
  allocationAt: number;
  listingAt: number;
}

/** The rules an issue's terms keep, on creation and after every edit. */
function checkTerms(terms: Terms): void {
  const { subscribeStart, subscribeEnd, allocationAt, listingAt } = terms;
  if (!(subscribeStart < subscribeEnd && subscribeEnd <= allocationAt && allocationAt <= listingAt)) {
    throw new AppError('IPO_SCHEDULE_INVALID');
  }
  const { issueQuantity, publicQuantity, totalShares, lotSize } = terms;
  if (
    publicQuantity > issueQuantity ||
    issueQuantity > totalShares ||
    publicQuantity % lotSize !== 0 ||
    issueQuantity % lotSize !== 0
  ) {
    throw new AppError('IPO_QUANTITIES_INVALID');
  }
  if (terms.issuePriceTicks <= 0) throw new AppError('VALIDATION_FAILED', { detail: 'issuePrice' });
  const perLot = (lotSize * terms.issuePriceTicks) / TICKS_PER_MINOR;
  if (!Number.isSafeInteger(perLot) || !Number.isSafeInteger(perLot * terms.maxLotsPerInvestor)) {
    throw new AppError('IPO_LOT_VALUE_INEXACT');
  }
}

function termsOf(row: IssueRow): Terms {
  return {
    issuePriceTicks: row.issuePriceTicks,
    issueQuantity: Number(row.issueQuantity),
    publicQuantity: Number(row.publicQuantity),
    totalShares: Number(row.totalShares),
    lotSize: row.lotSize,
    maxLotsPerInvestor: row.maxLotsPerInvestor,
    subscribeStart: row.subscribeStart,
    subscribeEnd: row.subscribeEnd,
    allocationAt: row.allocationAt,
    listingAt: row.listingAt,
  };
}

function toAdminIssue(issue: IpoIssue, row: IssueRow, demand: repo.Demand | undefined): AdminIpoIssue {
  const { mySubscription: _mine, ...rest } = issue;
  const publicLots = issue.publicLots;
  const applied = demand?.lots ?? 0;
  return {
    ...rest,
    // Applied ÷ public lots in hundredths, rounded half up, in integers.
    oversubscription:
      applied === 0 ? null : formatMinor(Math.floor((applied * 100 * 2 + publicLots) / (2 * publicLots))),
    heldTotal: formatMinor(demand?.heldMinor ?? 0),
    cancelledReason: row.cancelledReason,
  };
}

async function adminIssues(db: Db | Trx, rows: readonly IssueRow[]): Promise<AdminIpoIssue[]> {
  const [issues, demand] = await Promise.all([
    describeIssues(db, rows, { lang: 'en' }),
    repo.demandOf(
      db,
      rows.map((row) => Number(row.id)),
    ),
  ]);
  return issues.map((issue, i) => toAdminIssue(issue, rows[i]!, demand.get(issue.id)));
}

/** The console's list with demand (applicants, lots, oversubscription, cash held), newest window first. */
export async function listIssuesForConsole(
  ctx: AppContext,
  query: { status?: IpoStatus | undefined; page: number; pageSize: number },
): Promise<Page<AdminIpoIssue>> {
  const db = ctx.database.db;
  const { rows, total } = await repo.pageIssues(db, {
    statuses: query.status ? [query.status] : undefined,
    order: 'desc',
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: await adminIssues(db, rows), total, page: query.page, pageSize: query.pageSize };
}

export async function issueForConsole(db: Db | Trx, id: number): Promise<AdminIpoIssue> {
  const row = await repo.findIssue(db, id);
  if (!row) throw new AppError('IPO_NOT_FOUND');
  return (await adminIssues(db, [row]))[0]!;
}

/** Creates an issue: its instrument (status `ipo`: not in the market, not tradable) and its terms, upcoming. */
export async function createIssue(
  ctx: AppContext,
  trx: Trx,
  body: IpoIssueBody,
  nowMs: number,
): Promise<AdminIpoIssue> {
  const terms: Terms = {
    issuePriceTicks: parsePrice(body.issuePrice) ?? 0,
    issueQuantity: body.issueQuantity,
    publicQuantity: body.publicQuantity,
    totalShares: body.totalShares,
    lotSize: body.lotSize,
    maxLotsPerInvestor: body.maxLotsPerInvestor,
    subscribeStart: msOf(body.subscribeStart),
    subscribeEnd: msOf(body.subscribeEnd),
    allocationAt: msOf(body.allocationAt),
    listingAt: msOf(body.listingAt),
  };
  checkTerms(terms);
  // An index is a market indicator, never issued or traded.
  if (body.board === 'index') throw new AppError('VALIDATION_FAILED', { detail: 'board' });
  const instrument = await insertInstrument(
    trx,
    {
      code: body.code,
      name: body.name,
      sector: body.sector,
      board: body.board,
      lotSize: body.lotSize,
      currency: ctx.ledger.currency,
      pe: body.pe,
      industryPe: body.industryPe,
      sharesOutstanding: body.totalShares,
      status: 'ipo',
      // The simulator starts the listed shares from the issue price.
      startPrice: body.issuePrice,
    },
    nowMs,
  );
  let row: IssueRow;
  try {
    row = await repo.insertIssue(trx, {
      instrumentId: Number(instrument.id),
      applicationCode: body.applicationCode,
      ...terms,
      peX100: ratioX100(body.pe),
      industryPeX100: ratioX100(body.industryPe),
      createdAt: nowMs,
      updatedAt: nowMs,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('IPO_APPLICATION_CODE_TAKEN');
    throw error;
  }
  return (await adminIssues(trx, [row]))[0]!;
}

/** Terms an investor subscribed under: fixed once the window opens. */
const LOCKED_WHEN_OPEN = [
  'issuePriceTicks',
  'issueQuantity',
  'publicQuantity',
  'lotSize',
  'maxLotsPerInvestor',
  'subscribeStart',
  'subscribeEnd',
] as const;
/** After the draw the schedule is history too. */
const LOCKED_WHEN_DRAWN = [...LOCKED_WHEN_OPEN, 'totalShares', 'allocationAt', 'listingAt'] as const;

/**
 * An operator's edit: only the fields sent change. Once the issue is open its subscription terms
 * (price, quantities, lot size, maximum lots, window, application code) are locked
 * (IPO_TERMS_LOCKED); after the draw or a cancellation the schedule is too. Names, sector and
 * ratios may always be corrected. Returns the issue and what changed (for the audit line).
 */
export async function editIssue(
  ctx: AppContext,
  trx: Trx,
  id: number,
  patch: IpoIssuePatch,
  nowMs: number,
): Promise<{ issue: AdminIpoIssue; changes: Record<string, { from: unknown; to: unknown }> }> {
  const row = await repo.lockIssue(trx, ctx.database.dialect, id, 'update');
  if (!row) throw new AppError('IPO_NOT_FOUND');
  const before = termsOf(row);
  const after: Terms = {
    ...before,
    ...(patch.issuePrice === undefined ? {} : { issuePriceTicks: parsePrice(patch.issuePrice) ?? 0 }),
    ...(patch.issueQuantity === undefined ? {} : { issueQuantity: patch.issueQuantity }),
    ...(patch.publicQuantity === undefined ? {} : { publicQuantity: patch.publicQuantity }),
    ...(patch.totalShares === undefined ? {} : { totalShares: patch.totalShares }),
    ...(patch.lotSize === undefined ? {} : { lotSize: patch.lotSize }),
    ...(patch.maxLotsPerInvestor === undefined ? {} : { maxLotsPerInvestor: patch.maxLotsPerInvestor }),
    ...(patch.subscribeStart === undefined ? {} : { subscribeStart: msOf(patch.subscribeStart) }),
    ...(patch.subscribeEnd === undefined ? {} : { subscribeEnd: msOf(patch.subscribeEnd) }),
    ...(patch.allocationAt === undefined ? {} : { allocationAt: msOf(patch.allocationAt) }),
    ...(patch.listingAt === undefined ? {} : { listingAt: msOf(patch.listingAt) }),
  };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as Array<keyof Terms>) {
    if (after[key] !== before[key]) changes[key] = { from: before[key], to: after[key] };
  }
  const applicationCode = patch.applicationCode ?? row.applicationCode;
  if (applicationCode !== row.applicationCode)
    changes.applicationCode = { from: row.applicationCode, to: applicationCode };
  const locked: readonly string[] =
    row.status === 'upcoming'
      ? []
      : row.status === 'open' || row.status === 'closed'
        ? [...LOCKED_WHEN_OPEN, 'applicationCode']
        : [...LOCKED_WHEN_DRAWN, 'applicationCode'];
  const refused = Object.keys(changes).filter((key) => locked.includes(key));
  if (refused.length > 0) throw new AppError('IPO_TERMS_LOCKED', { fields: refused.join(', ') });
  checkTerms(after);
  if (patch.board === 'index') throw new AppError('VALIDATION_FAILED', { detail: 'board' });

  const pe = patch.pe === undefined ? row.peX100 : ratioX100(patch.pe);
  const industryPe = patch.industryPe === undefined ? row.industryPeX100 : ratioX100(patch.industryPe);
  if (pe !== row.peX100) changes.pe = { from: ratioText(row.peX100), to: ratioText(pe) };
  if (industryPe !== row.industryPeX100) {
    changes.industryPe = { from: ratioText(row.industryPeX100), to: ratioText(industryPe) };
  }
  const [instrument] = (await instrumentsByIds(trx, [Number(row.instrumentId)])).values();
  invariant(instrument, `issue ${id} has its instrument`);
  const edited = await updateInstrument(
    trx,
    instrument.code,
    {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.sector === undefined ? {} : { sector: patch.sector }),
      ...(patch.board === undefined ? {} : { board: patch.board }),
      ...(patch.pe === undefined ? {} : { pe: patch.pe }),
      ...(patch.industryPe === undefined ? {} : { industryPe: patch.industryPe }),
      ...(after.lotSize === instrument.lotSize ? {} : { lotSize: after.lotSize }),
      ...(after.totalShares === Number(instrument.sharesOutstanding) ? {} : { sharesOutstanding: after.totalShares }),
      ...(after.issuePriceTicks === row.issuePriceTicks ? {} : { startPrice: formatPrice(after.issuePriceTicks) }),
    },
    nowMs,
  );
  for (const key of ['name', 'sector', 'board'] as const) {
    if (edited.changes[key]) changes[key] = edited.changes[key];
  }
  if (Object.keys(changes).length > 0) {
    try {
      const moved = await repo.updateIssueIfStatus(trx, id, row.status as repo.IssueStatus, {
        ...after,
        applicationCode,
        peX100: pe,
        industryPeX100: industryPe,
        updatedAt: nowMs,
      });
      if (!moved) throw new AppError('CONFLICT');
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('IPO_APPLICATION_CODE_TAKEN');
      throw error;
    }
  }
  return { issue: await issueForConsole(trx, id), changes };
}

/**
 * Cancels an issue before its draw, in the caller's (unkeyed money command's) transaction: the
 * issue becomes `cancelled` with the reason, every subscription's hold is voided (all of it back to
 * cash) and marked cancelled, each investor is notified, and the operator's audit line is written.
 * A second cancellation, or one after the draw, is IPO_NOT_CANCELLABLE and changes nothing.
 */
export async function cancelIssue(
  ctx: AppContext,
  trx: Trx,
  input: { id: number; reason: string; operator: { operatorId: number; username: string }; ip: string | null },
): Promise<AdminIpoIssue> {
  const nowMs = ctx.clock.nowMs();
  const row = await repo.lockIssue(trx, ctx.database.dialect, input.id, 'update');
  if (!row) throw new AppError('IPO_NOT_FOUND');
  const status = row.status as repo.IssueStatus;
  // Once the draw has begun some holds may be captured already: it finishes, it is not undone.
  if ((status !== 'upcoming' && status !== 'open' && status !== 'closed') || row.allocationStartedAt !== null) {
    throw new AppError('IPO_NOT_CANCELLABLE');
  }
  const moved = await repo.updateIssueIfStatus(trx, input.id, status, {
    status: 'cancelled',
    cancelledReason: input.reason,
    updatedAt: nowMs,
  });
  if (!moved) throw new AppError('CONFLICT');
  const [instrument] = (await instrumentsByIds(trx, [Number(row.instrumentId)])).values();
  invariant(instrument, `issue ${row.id} has its instrument`);
  let releasedMinor = 0;
  const subscriptions = await repo.heldSubscriptionsOfIssue(trx, input.id);
  for (const subscription of subscriptions) {
    await ctx.ledger.void(trx, {
      holdId: Number(subscription.holdId),
      idempotencyKey: `ipo:subscription:${subscription.id}:cancelled`,
      kind: 'ipo.cancelled',
    });
    const marked = await repo.markSubscriptionCancelled(trx, Number(subscription.id), nowMs);
    invariant(marked, `subscription ${subscription.id} was still held`);
    releasedMinor += subscription.amountHeldMinor;
    await notifyInvestor(ctx, trx, Number(subscription.userId), 'notify.ipoCancelled', (contact) => ({
      name: localName(instrument, contact.lang),
      amount: formatMinor(subscription.amountHeldMinor),
      reason: input.reason,
    }));
  }
  await appendAudit(trx, {
    operatorId: input.operator.operatorId,
    operatorUsername: input.operator.username,
    action: 'ipo.cancel',
    target: String(input.id),
    details: {
      code: instrument.code,
      reason: input.reason,
      from: status,
      subscriptions: subscriptions.length,
      released: formatMinor(releasedMinor),
    },
    ip: input.ip,
    atMs: nowMs,
  });
  return issueForConsole(trx, input.id);
}

/** The results of an issue, per subscription in id order, with each investor's phone. */
export async function issueResults(
  ctx: AppContext,
  id: number,
  query: { page: number; pageSize: number },
): Promise<Page<AdminIpoResult>> {
  const db = ctx.database.db;
  const issue = await repo.findIssue(db, id);
  if (!issue) throw new AppError('IPO_NOT_FOUND');
  const { rows, total } = await repo.pageSubscriptionsOfIssue(db, id, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const [described, phones] = await Promise.all([
    describeSubscriptions(db, rows, 'en'),
    phonesByUserId(
      db,
      rows.map((row) => Number(row.userId)),
    ),
  ]);
  return {
    items: described.map((item, i) => {
      const userId = Number(rows[i]!.userId);
      return { ...item, userId, phone: phones.get(userId) ?? '' };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

// ── the window, moved by the clock (ipo.jobs.ts) ───────────────────────────────────────────────────

/**
 * Opens an upcoming issue, in the caller's transaction: a fresh 32-byte secret seed is stored with
 * its SHA-256, which is published from now on. Conditional on the status, so a second run (or a
 * concurrent one) does nothing and the seed drawn first stands. True when this call opened it.
 */
export function openIssue(ctx: AppContext, trx: Trx, id: number): Promise<boolean> {
  const seed = newSeed();
  return repo.updateIssueIfStatus(trx, id, 'upcoming', {
    status: 'open',
    seed,
    seedHash: seedHash(seed),
    updatedAt: ctx.clock.nowMs(),
  });
}

/** Closes an open issue's window; conditional on the status like opening. */
export function closeIssue(ctx: AppContext, trx: Trx, id: number): Promise<boolean> {
  return repo.updateIssueIfStatus(trx, id, 'open', { status: 'closed', updatedAt: ctx.clock.nowMs() });
}

/** Issues waiting to open (upcoming) or to close (open) whose moment is at or before `dueAtMs`. */
export function issuesDue(ctx: AppContext, status: 'upcoming' | 'open', dueAtMs: number): Promise<number[]> {
  return repo.issuesDue(ctx.database.db, status, dueAtMs);
}

/** When an issue next opens or closes, or null when none waits to. */
export function nextWindowChange(ctx: AppContext): Promise<number | null> {
  return repo.nextWindowChange(ctx.database.db);
}

// ── the draw and the listing (ipo.jobs.ts, and the console's "allocate now") ──────────────────────

/**
 * Subscriptions settled per transaction of a draw. On SQLite a chunk holds the one write lock, so it
 * stays short (about 100 ms: the main thread's writes and the order writer wait at most that),
 * yet each commit's fsync (~7 ms here) is shared by 2,500 settlements; on PostgreSQL neither holds
 * anyone up and a chunk is the ledger's largest batch.
 */
export const ALLOCATION_CHUNK = { sqlite: 2_500, postgres: 5_000 } as const;
/**
 * Chunks of a draw settled at the same time. SQLite has one writer, so one. On PostgreSQL two: the
 * chunks' only shared row is the market's settlement account, which a chunk's ledger statement locks
 * last, right before its commit — so one chunk's reads, messages and JavaScript run while the other's
 * ledger statement runs on the database server's other core.
 */
export const ALLOCATION_WORKERS = { sqlite: 1, postgres: 2 } as const;
/** Allotments turned into position lots per transaction of a listing. */
export const LISTING_CHUNK = 500;

export interface AllocationOptions {
  /** Subscriptions settled per transaction (default ALLOCATION_CHUNK of the dialect). */
  chunkSize?: number | undefined;
  /** Chunks settled at the same time (default ALLOCATION_WORKERS of the dialect; 1 on SQLite). */
  workers?: number | undefined;
  /**
   * Called after each committed chunk with the number settled so far (a test's way to stop halfway:
   * when it throws, the draw stops there and answers that error).
   */
  afterChunk?: ((settled: number) => void | Promise<void>) | undefined;
}

/** What a draw needs of the app: it runs on the main thread or on a draw thread (draw-thread.ts). */
export type DrawContext = Pick<AppContext, 'database' | 'clock' | 'notifier' | 'ledger'>;

/** Lets the event loop answer requests between two transactions of a long job. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The draw of a closed issue (DESIGN §4 "IPO"; draw.ts): the lots are allotted by `bourse-draw-v1`
 * with the seed committed to at opening over the subscriptions in id order; each subscription's hold
 * is captured to the market's settlement account for its allotted lots and the rest released to the
 * investor's cash, its outcome recorded (`allotted` with lots, or `not_allotted`) and the investor
 * told — chunk by chunk, one transaction each; then the issue becomes `allocated` and the seed is
 * published.
 *
 * Exactly once, even when the process dies halfway: the draw is a pure function of the stored seed
 * and the list (which cannot change once the window has closed), so a rerun computes the same
 * allotments; a chunk settles only subscriptions still `subscribed`, with the issue row share-locked
 * (a cancellation or the finish waits for it), in the same transaction as their ledger entries (each
 * keyed by the subscription). On PostgreSQL chunks run side by side (ALLOCATION_WORKERS), each taking
 * subscriptions no other chunk has locked. The first step marks the draw as begun, after which the
 * issue can no longer be cancelled. Returns true when this call finished the draw, false when the
 * issue was not closed (not yet, already drawn, or cancelled). On a SQLite file the draw runs on a
 * thread of its own (draw-thread.ts), so that the server goes on answering while it runs.
 */
export function allocateIssue(ctx: AppContext, id: number, options: AllocationOptions = {}): Promise<boolean> {
  if (drawsOnThread(ctx)) return drawOnThread(ctx, id, options);
  return settleDraw(ctx, id, options);
}

/**
 * The draw itself, in this thread (allocateIssue): the main thread's on PostgreSQL and in-memory
 * SQLite, a draw thread's on a SQLite file.
 */
export async function settleDraw(ctx: DrawContext, id: number, options: AllocationOptions = {}): Promise<boolean> {
  const { dialect } = ctx.database;
  const chunkSize = options.chunkSize ?? ALLOCATION_CHUNK[dialect];
  const workers = dialect === 'sqlite' ? 1 : (options.workers ?? ALLOCATION_WORKERS[dialect]);
  const issue = await ctx.database.transaction(async (trx) => {
    const row = await repo.lockIssue(trx, dialect, id, 'update');
    if (row?.status !== 'closed') return null;
    await repo.markAllocationStarted(trx, id, ctx.clock.nowMs());
    return row;
  });
  if (!issue) return false;
  invariant(issue.seed !== null, `closed issue ${id} has its seed`);
  const [instrument] = (await instrumentsByIds(ctx.database.db, [Number(issue.instrumentId)])).values();
  invariant(instrument, `issue ${id} has its instrument`);

  const entries = await repo.drawRowsOfIssue(readRunner(ctx.database), id);
  const allotted = drawAllotments({ seedHex: issue.seed, publicLots: publicLotsOf(issue), entries });
  const perLot = lotValueMinor(issue);

  // The highest subscription id a chunk has taken: the next chunk reads on from there.
  let cursor = 0;
  // One chunk: its outcomes recorded and the investors told first, the ledger last — the ledger
  // statement locks the settlement account every chunk shares, so it is held only until the commit.
  const settleChunk = () =>
    ctx.database.transaction(async (trx) => {
      const locked = await repo.lockIssue(trx, dialect, id, 'share');
      if (locked?.status !== 'closed') return 0;
      // From where the chunks before this one stopped; when nothing is left there, once more from the
      // start (a chunk rolled back leaves its subscriptions behind the cursor).
      const after = cursor;
      let chunk = await repo.unsettledSubscriptions(trx, dialect, id, chunkSize, { skipLocked: true, afterId: after });
      if (chunk.length === 0 && after > 0) {
        chunk = await repo.unsettledSubscriptions(trx, dialect, id, chunkSize, { skipLocked: true });
      }
      if (chunk.length === 0) return 0;
      cursor = Math.max(cursor, chunk.at(-1)!.id);
      const nowMs = ctx.clock.nowMs();
      const outcomes = chunk.map((row) => {
        const lots = allotted.get(Number(row.id));
        invariant(lots !== undefined, `subscription ${row.id} is in the draw`);
        const capturedMinor = lots * perLot;
        return {
          row,
          settled: {
            id: Number(row.id),
            lotsAllotted: lots,
            capturedMinor,
            releasedMinor: Number(row.amountHeldMinor) - capturedMinor,
          },
        };
      });
      const changed = await repo.settleSubscriptions(
        trx,
        dialect,
        outcomes.map((outcome) => outcome.settled),
        nowMs,
      );
      invariant(changed === chunk.length, `issue ${id}: every subscription of the chunk was still held`);
      await notifyInvestors(
        ctx,
        trx,
        outcomes.map(({ row, settled: outcome }) => ({
          userId: Number(row.userId),
          template: outcome.lotsAllotted > 0 ? 'notify.ipoAllotted' : 'notify.ipoNotAllotted',
          params: (contact): MessageParams => {
            const name = localName(instrument, contact.lang);
            const refund = formatMinor(outcome.releasedMinor);
            return outcome.lotsAllotted > 0
              ? { name, lots: outcome.lotsAllotted, amount: formatMinor(outcome.capturedMinor), refund }
              : { name, refund };
          },
        })),
      );
      await ctx.ledger.settleHolds(
        trx,
        outcomes.map(({ row, settled: outcome }) => ({
          holdId: Number(row.holdId),
          userId: Number(row.userId),
          amountMinor: Number(row.amountHeldMinor),
          captureMinor: outcome.capturedMinor,
          to: { system: 'market_settlement' },
          idempotencyKey: `ipo:subscription:${row.id}:allocated`,
          kind: outcome.lotsAllotted > 0 ? 'ipo.allotted' : 'ipo.not_allotted',
        })),
      );
      return chunk.length;
    });

  // Each worker settles chunks until none is left for it; when one fails the others stop after the
  // chunk they are in, and the failure is what the call answers (a rerun takes up the rest).
  let settled = 0;
  let failed = false;
  const work = async () => {
    while (!failed) {
      const done = await settleChunk();
      if (done === 0) return;
      settled += done;
      await options.afterChunk?.(settled);
      await yieldToRequests();
    }
  };
  const results = await Promise.allSettled(
    Array.from({ length: Math.max(1, workers) }, () =>
      work().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    ),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;

  return ctx.database.transaction(async (trx) => {
    const nowMs = ctx.clock.nowMs();
    const finished = await repo.updateIssueIfStatus(trx, id, 'closed', {
      status: 'allocated',
      drawnAt: nowMs,
      updatedAt: nowMs,
    });
    if (!finished) return false;
    const left = await repo.unsettledSubscriptions(trx, ctx.database.dialect, id, 1);
    invariant(left.length === 0, `issue ${id}: every subscription is settled before the seed is published`);
    return true;
  });
}

/**
 * The listing of an allocated issue: each allotted subscription's shares become a position lot at
 * the issue price (the trading domain's lots, sellable like any other; its cost is what was
 * captured), the investor is told, then the instrument starts trading from the issue price. Chunked
 * and resumable like the draw: a subscription is linked to its lot in the lot's transaction, and only
 * unlinked ones are taken up again. Returns true when this call listed the issue.
 */
export async function listIssue(ctx: AppContext, id: number): Promise<boolean> {
  const issue = await repo.findIssue(ctx.database.db, id);
  if (issue?.status !== 'allocated') return false;
  const [instrument] = (await instrumentsByIds(ctx.database.db, [Number(issue.instrumentId)])).values();
  invariant(instrument, `issue ${id} has its instrument`);
  const price = formatPrice(issue.issuePriceTicks);
  for (;;) {
    const done = await ctx.database.transaction(async (trx) => {
      const locked = await repo.lockIssue(trx, ctx.database.dialect, id, 'update');
      if (locked?.status !== 'allocated') return 0;
      const chunk = await repo.unlistedAllotments(trx, id, LISTING_CHUNK);
      if (chunk.length === 0) return 0;
      const nowMs = ctx.clock.nowMs();
      const links: Array<{ id: number; positionId: number }> = [];
      for (const row of chunk) {
        const lots = Number(row.lotsAllotted);
        invariant(
          lots > 0 && row.amountCapturedMinor !== null,
          `allotted subscription ${row.id} has lots and a capture`,
        );
        const positionId = await openAcquiredLot(ctx, trx, {
          userId: Number(row.userId),
          instrumentId: Number(issue.instrumentId),
          quantity: lots * issue.lotSize,
          priceTicks: issue.issuePriceTicks,
          costMinor: Number(row.amountCapturedMinor),
          acquiredAt: nowMs,
        });
        links.push({ id: Number(row.id), positionId });
      }
      const linked = await repo.setPositions(trx, ctx.database.dialect, links);
      invariant(linked === chunk.length, `issue ${id}: every allotment of the chunk was still unlisted`);
      await notifyInvestors(
        ctx,
        trx,
        chunk.map((row) => ({
          userId: Number(row.userId),
          template: 'notify.ipoListed',
          params: (contact) => ({
            name: localName(instrument, contact.lang),
            quantity: Number(row.lotsAllotted) * issue.lotSize,
            price,
          }),
        })),
      );
      return chunk.length;
    });
    if (done === 0) break;
    await yieldToRequests();
  }
  const listed = await ctx.database.transaction(async (trx) => {
    const nowMs = ctx.clock.nowMs();
    if (!(await repo.updateIssueIfStatus(trx, id, 'allocated', { status: 'listed', updatedAt: nowMs }))) return false;
    await listNewIssue(trx, {
      instrumentId: Number(issue.instrumentId),
      priceTicks: issue.issuePriceTicks,
      tradingDate: ctx.calendar.tradingDate(nowMs),
      nowMs,
    });
    return true;
  });
  if (listed) await ctx.market.refreshInstruments();
  return listed;
}

/** Issues whose draw (closed, allocation time reached) or listing (allocated, listing time reached) is due. */
export function issuesDueFor(ctx: AppContext, step: 'allocation' | 'listing', dueAtMs: number): Promise<number[]> {
  return repo.issuesDueFor(ctx.database.db, step, dueAtMs);
}

/** When the next draw or listing falls due, or null. */
export function nextDueFor(ctx: AppContext, step: 'allocation' | 'listing'): Promise<number | null> {
  return repo.nextDueFor(ctx.database.db, step);
}

function publicLotsOf(issue: Pick<IssueRow, 'publicQuantity' | 'lotSize'>): number {
  return Math.floor(Number(issue.publicQuantity) / issue.lotSize);
}

/**
 * What anyone can re-check (`npm run ipo:verify`): the seed's hash from the opening, and after the
 * draw the seed and every subscription's outcome; before it, the list as it stands with no outcomes.
 */
export async function publishedDraw(ctx: AppContext, id: number): Promise<IpoDraw> {
  const db = ctx.database.db;
  const issue = await repo.findIssue(db, id);
  if (!issue) throw new AppError('IPO_NOT_FOUND');
  const drawn = issue.drawnAt !== null;
  const rows = await repo.drawRowsOfIssue(readRunner(ctx.database), id);
  let appliedLots = 0;
  const entries = rows.map((row) => {
    appliedLots += row.lots;
    return { subscriptionId: row.subscriptionId, lots: row.lots, allotted: drawn ? (row.lotsAllotted ?? 0) : null };
  });
  const publicLots = publicLotsOf(issue);
  return {
    issueId: Number(issue.id),
    status: issue.status as IpoStatus,
    algorithm: DRAW_ALGORITHM,
    seedHash: issue.seedHash,
    seed: drawn ? issue.seed : null,
    publicLots,
    appliedLots,
    oversubscribed: appliedLots > publicLots,
    entries,
    drawnAt: iso(issue.drawnAt),
  };
}

/**
 * The console's "allocate now": runs the draw of a closed issue at once (before its scheduled time),
 * audited. An issue already drawn is left as it is (a second run changes nothing); one whose window
 * has not closed is IPO_NOT_CLOSED, a cancelled one IPO_CANCELLED.
 */
export async function allocateFromConsole(
  ctx: AppContext,
  input: { id: number; operator: { operatorId: number; username: string }; ip: string | null },
): Promise<{ issue: AdminIpoIssue; ran: boolean }> {
  const row = await repo.findIssue(ctx.database.db, input.id);
  if (!row) throw new AppError('IPO_NOT_FOUND');
  if (row.status === 'cancelled') throw new AppError('IPO_CANCELLED');
  if (row.status === 'upcoming' || row.status === 'open') throw new AppError('IPO_NOT_CLOSED');
  const ran = await allocateIssue(ctx, input.id);
  const issue = await ctx.database.transaction(async (trx) => {
    await appendAudit(trx, {
      operatorId: input.operator.operatorId,
      operatorUsername: input.operator.username,
      action: 'ipo.allocate',
      target: String(input.id),
      details: ran ? { drawn: true } : { drawn: false, status: row.status },
      ip: input.ip,
      atMs: ctx.clock.nowMs(),
    });
    return issueForConsole(trx, input.id);
  });
  return { issue, ran };
}

/** The investor's subscriptions to new shares for their data export. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  return { ipoSubscriptions: (await repo.subscriptionsOfUser(db, userId)).map((row) => exportRow(row)) };
}

/** Whether the investor has ever subscribed to a new issue (a withdrawn subscription does not count). */
export async function hasSubscribed(db: Db | Trx, userId: number): Promise<boolean> {
  return (await repo.countSubscriptionsOfUser(db, userId)) > 0;
}
