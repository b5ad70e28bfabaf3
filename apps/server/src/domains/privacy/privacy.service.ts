import type { AdminClosure, ClosureBlocker, ClosureRequest, ClosureState } from '@bourse/shared/schemas/privacy';
import type { ErrorCode } from '@bourse/shared/errors';
import type { AppContext } from '../../platform/context.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';
import { isUniqueViolation, type Db, type Trx } from '../../platform/db/database.ts';
import type { ClosureRequestsTable } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { accountsOfUser, openHoldCount, postingsOfUser } from '../../platform/ledger/ledger-reads.ts';
import type { Selectable } from 'kysely';
import * as auth from '../auth/auth.service.ts';
import * as balance from '../balance/balance.service.ts';
import * as blocktrade from '../blocktrade/blocktrade.service.ts';
import * as ipo from '../ipo/ipo.service.ts';
import * as kyc from '../kyc/kyc.service.ts';
import * as loans from '../loans/loans.service.ts';
import * as market from '../market/market.service.ts';
import * as members from '../members/members.service.ts';
import * as messages from '../messages/messages.service.ts';
import * as support from '../support/support.service.ts';
import * as trading from '../trading/trading.service.ts';
import * as users from '../users/users.service.ts';
import * as cards from '../wallet/cards.service.ts';
import * as wallet from '../wallet/wallet.service.ts';
import * as repo from './privacy.repository.ts';

type ClosureRow = Selectable<ClosureRequestsTable>;

// ── closure ─────────────────────────────────────────────────────────────────────────────────────────

/** The error code of each thing closing an account waits for, in the order they are checked. */
const BLOCKER_CODES: Record<ClosureBlocker, ErrorCode> = {
  balances: 'CLOSURE_BALANCES_NOT_ZERO',
  openOrders: 'CLOSURE_OPEN_ORDERS',
  holds: 'CLOSURE_OPEN_HOLDS',
  loans: 'CLOSURE_LOANS_OUTSTANDING',
  positions: 'CLOSURE_OPEN_POSITIONS',
};

/**
 * What closing the investor's account still waits for, read through `db` (a transaction's when an
 * operator completes): a ledger account of theirs not at zero (cash, frozen, fund, pending, loan —
 * any kind, any currency), an order still resting, an open hold, a loan applied for or outstanding,
 * a lot still held. Empty when the account may close.
 */
export async function closureBlockers(db: Db | Trx, userId: number): Promise<ClosureBlocker[]> {
  const [accounts, counts, holds, openLoans] = await Promise.all([
    accountsOfUser(db, userId),
    trading.openTradingCounts(db, userId),
    openHoldCount(db, userId),
    loans.openLoanCount(db, userId),
  ]);
  const blockers: ClosureBlocker[] = [];
  if (accounts.some((account) => account.balanceMinor !== 0)) blockers.push('balances');
  if (counts.orders > 0) blockers.push('openOrders');
  if (holds > 0) blockers.push('holds');
  if (openLoans > 0) blockers.push('loans');
  if (counts.positions > 0) blockers.push('positions');
  return blockers;
}

/** Refuses with the first blocker's code (409), every blocker listed in the body's `blockers`. */
function refuseIfBlocked(blockers: readonly ClosureBlocker[]): void {
  const first = blockers[0];
  if (first) throw new AppError(BLOCKER_CODES[first], {}, { blockers });
}

function toClosure(row: ClosureRow): ClosureRequest {
  return {
    id: Number(row.id),
    status: row.status as ClosureRequest['status'],
    reason: row.reason,
    rejectReason: row.rejectReason,
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    decidedAt: row.decidedAt === null ? null : new Date(Number(row.decidedAt)).toISOString(),
  };
}

/** The settings screen's view: the latest request and what closing waits for now. */
export async function closureState(ctx: AppContext, userId: number): Promise<ClosureState> {
  const db = ctx.database.db;
  const [latest, blockers] = await Promise.all([repo.latestClosureOfUser(db, userId), closureBlockers(db, userId)]);
  return { request: latest ? toClosure(latest) : null, blockers };
}

/**
 * The investor asks to close the account: refused (409, nothing stored) while anything is left
 * (closureBlockers) or while a request of theirs is pending.
 */
export async function requestClosure(
  ctx: AppContext,
  userId: number,
  reason: string | undefined,
): Promise<ClosureRequest> {
  const db = ctx.database.db;
  refuseIfBlocked(await closureBlockers(db, userId));
  try {
    const row = await repo.insertClosureRequest(db, { userId, reason: reason || null, nowMs: ctx.clock.nowMs() });
    return toClosure(row);
  } catch (error) {
    // One pending request per investor (a partial unique index): a second is refused.
    if (isUniqueViolation(error)) throw new AppError('CLOSURE_ALREADY_REQUESTED');
    throw error;
  }
}

/** The investor withdraws their pending request; CLOSURE_NOT_FOUND when there is none. */
export async function withdrawClosure(ctx: AppContext, userId: number): Promise<ClosureRequest> {
  const db = ctx.database.db;
  const latest = await repo.latestClosureOfUser(db, userId);
  if (!latest || latest.status !== 'pending') throw new AppError('CLOSURE_NOT_FOUND');
  const nowMs = ctx.clock.nowMs();
  const id = Number(latest.id);
  if (!(await repo.decideClosure(db, { id, status: 'withdrawn', rejectReason: null, decidedBy: null, nowMs }))) {
    throw new AppError('CLOSURE_NOT_PENDING');
  }
  return toClosure({ ...latest, status: 'withdrawn', decidedAt: nowMs });
}

async function toAdminClosures(db: Db | Trx, rows: ClosureRow[]): Promise<AdminClosure[]> {
  const phones = await users.phonesByUserId(
    db,
    rows.map((row) => Number(row.userId)),
  );
  return rows.map((row) => ({
    ...toClosure(row),
    userId: Number(row.userId),
    phone: phones.get(Number(row.userId)) ?? '',
  }));
}

/** The console's list of requests by status, with each investor's phone. */
export async function listClosuresForConsole(
  ctx: AppContext,
  query: { status?: ClosureRequest['status'] | undefined; page: number; pageSize: number },
) {
  const db = ctx.database.db;
  const { rows, total } = await repo.pageClosures(db, {
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: await toAdminClosures(db, rows), total, page: query.page, pageSize: query.pageSize };
}

/**
 * An operator decides a pending request, in the caller's (audited) transaction. Completing checks
 * the conditions again (the investor may have deposited or traded since) and refuses as the
 * investor's request would; then the account is closed and every session revoked (announcing the
 * revocation to the stream is the caller's, after the commit). Rejecting needs a reason.
 */
export async function decideClosure(
  ctx: AppContext,
  trx: Trx,
  input: {
    id: number;
    decision: 'complete' | 'reject';
    reason?: string | undefined;
    operatorId: number;
    nowMs: number;
  },
): Promise<AdminClosure> {
  const row = await repo.findClosure(trx, input.id);
  if (!row) throw new AppError('CLOSURE_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('CLOSURE_NOT_PENDING');
  const userId = Number(row.userId);
  if (input.decision === 'complete') {
    // PostgreSQL: the investor's row locked, so money writes that lock it too wait for the decision.
    if (ctx.database.dialect === 'postgres') await users.lockUser(trx, userId);
    refuseIfBlocked(await closureBlockers(trx, userId));
  }
  const status = input.decision === 'complete' ? 'completed' : 'rejected';
  const rejectReason = input.decision === 'reject' ? (input.reason ?? null) : null;
  const decided = await repo.decideClosure(trx, {
    id: input.id,
    status,
    rejectReason,
    decidedBy: input.operatorId,
    nowMs: input.nowMs,
  });
  if (!decided) throw new AppError('CLOSURE_NOT_PENDING');
  if (input.decision === 'complete') {
    await users.setAccountStatus(trx, { userId, status: 'closed', nowMs: input.nowMs });
    await auth.revokeAllSessions(trx, userId, input.nowMs, 'closed');
  }
  const [closure] = await toAdminClosures(trx, [
    { ...row, status, rejectReason, decidedAt: input.nowMs, decidedBy: input.operatorId },
  ]);
  return closure as AdminClosure;
}

// ── export ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * Every domain's part of an investor's data, each asked through its service (`exportFor`) for this
 * investor only. A domain added later adds its line here (docs/architecture.md, "Data rights").
 */
const EXPORTERS: ReadonlyArray<(db: Db, userId: number) => Promise<ExportSection>> = [
  users.exportFor,
  auth.exportFor,
  kyc.exportFor,
  cards.exportFor,
  wallet.exportFor,
  trading.exportFor,
  ipo.exportFor,
  blocktrade.exportFor,
  balance.exportFor,
  loans.exportFor,
  members.exportFor,
  market.exportFor,
  messages.exportFor,
  support.exportFor,
  ledgerExport,
  closureExport,
];

async function ledgerExport(db: Db, userId: number): Promise<ExportSection> {
  const [accounts, postings] = await Promise.all([accountsOfUser(db, userId), postingsOfUser(db, userId)]);
  return {
    ledgerAccounts: accounts.map((account) => exportRow(account)),
    ledgerPostings: postings.map((posting) => exportRow(posting)),
  };
}

async function closureExport(db: Db, userId: number): Promise<ExportSection> {
  return { closureRequests: (await repo.closuresOfUser(db, userId)).map((row) => exportRow(row, ['decidedBy'])) };
}

/** The investor's data as one document, and the file name it is downloaded under. */
export async function exportData(
  ctx: AppContext,
  userId: number,
): Promise<{ fileName: string; document: Record<string, unknown> }> {
  const db = ctx.database.db;
  const sections = await Promise.all(EXPORTERS.map((exporter) => exporter(db, userId)));
  const nowMs = ctx.clock.nowMs();
  const date = new Date(nowMs).toISOString().slice(0, 10);
  return {
    fileName: `bourse-data-${userId}-${date}.json`,
    document: {
      format: 'bourse-data-export/1',
      userId,
      exportedAt: new Date(nowMs).toISOString(),
      ...sections.reduce<ExportSection>((all, section) => ({ ...all, ...section }), {}),
    },
  };
}
