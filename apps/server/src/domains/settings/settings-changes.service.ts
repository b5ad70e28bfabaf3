import { parseAmount } from '@bourse/shared/money';
import type { SettingsChange, SettingsChangeStatus } from '@bourse/shared/schemas/settings-admin';
import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import { appendAudit } from '../../platform/audit.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import { operatorNames } from '../admin/operators.service.ts';
import * as repo from './settings.repository.ts';
import { getSettings, writeSettings, type SettingKey, type Settings } from './settings.service.ts';

type Loosens = (from: string, to: string) => boolean;

const amountMinor = (text: string) => parseAmount(text) ?? 0;
/** A rate ("0.0025") in millionths, exactly: rates have at most six decimals (the route checks). */
function rateMillionths(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}
const lowerAmount: Loosens = (from, to) => amountMinor(to) < amountMinor(from);
const higherAmount: Loosens = (from, to) => amountMinor(to) > amountMinor(from);
const lowerRate: Loosens = (from, to) => rateMillionths(to) < rateMillionths(from);

/**
 * The settings that are money controls, and which direction loosens each. A change in that
 * direction needs a second operator (four eyes, like a large withdrawal); a change the other way
 * tightens and applies at once. Settings not listed apply at once either way:
 * - `minDeposit`, `minTransfer`: minimums on money coming in exist to spare payment fees; lowering
 *   them lets no money out and no one around a limit.
 * - `tPlusOne`: the exchange's settlement rule for selling shares bought today, set to match the
 *   market; sale proceeds settle on the next business day either way.
 * - `loanAnnualRate`, `loanTermsDays`: the price and the terms of a loan, fixed on each loan when it
 *   is passed; the amount lent is bounded by the per-level limits, which are money controls.
 */
export const LOOSENING: Partial<Record<SettingKey, Loosens>> = {
  // 0 switches four eyes off: no threshold is the loosest of all.
  fourEyesThreshold: (from, to) => {
    const effective = (text: string) => (amountMinor(text) > 0 ? amountMinor(text) : Number.POSITIVE_INFINITY);
    return effective(to) > effective(from);
  },
  // Smaller withdrawals (more of them, to more accounts) and a smaller fee on each.
  minWithdrawal: lowerAmount,
  withdrawalFee: lowerAmount,
  // Trading fees and the stamp duty collected for the tax office.
  commissionRate: lowerRate,
  commissionMin: lowerAmount,
  transactionFeeRate: lowerRate,
  stampDutyRate: lowerRate,
  // More money in per deposit and per day than the anti-fraud limits allow today.
  maxDeposit: higherAmount,
  maxDepositsPerDay: higherAmount,
  // More money lent to an investor of a level than the credit policy allows today.
  loanLimitLevel1: higherAmount,
  loanLimitLevel2: higherAmount,
  loanLimitLevel3: higherAmount,
  loanLimitLevel4: higherAmount,
  loanLimitLevel5: higherAmount,
};

export function loosens(key: SettingKey, from: string, to: string): boolean {
  return LOOSENING[key]?.(from, to) ?? false;
}

type ChangeSet = Partial<Record<SettingKey, { from: string; to: string }>>;

/**
 * Applies an operator's settings change: what tightens (or is no money control) is stored at once;
 * what loosens a money control becomes one pending change for a second operator. Either part may be
 * empty. In the caller's transaction.
 */
export async function changeSettings(
  trx: Trx,
  input: { operatorId: number; values: Array<[SettingKey, string]>; nowMs: number },
): Promise<{ applied: ChangeSet; pending: { id: number; changes: ChangeSet } | null; settings: Settings }> {
  const before = await getSettings(trx);
  const applied: ChangeSet = {};
  const held: ChangeSet = {};
  for (const [key, to] of input.values) {
    (loosens(key, before[key], to) ? held : applied)[key] = { from: before[key], to };
  }
  await writeSettings(
    trx,
    Object.entries(applied).map(([key, change]) => [key as SettingKey, change.to]),
    { operatorId: input.operatorId, nowMs: input.nowMs },
  );
  let pending: { id: number; changes: ChangeSet } | null = null;
  if (Object.keys(held).length > 0) {
    const id = await repo.insertSettingsChange(trx, {
      changes: JSON.stringify(held),
      proposedBy: input.operatorId,
      proposedAt: input.nowMs,
    });
    pending = { id, changes: held };
  }
  return { applied, pending, settings: await getSettings(trx) };
}

/**
 * An operator's `PUT /api/admin/settings`, in the caller's transaction: the change (changeSettings)
 * with its audit lines — `settings.update` for what was stored (also for a change that stored
 * nothing and holds nothing), `settings.change.propose` for what waits for a second operator — and
 * the answer: the settings as now stored, and the pending change, if any.
 */
export async function updateSettings(
  trx: Trx,
  input: {
    operator: { operatorId: number; username: string };
    ip: string | null;
    values: Array<[SettingKey, string]>;
    nowMs: number;
  },
): Promise<Settings & { pendingChange: SettingsChange | null }> {
  const { operator, nowMs } = input;
  const changed = await changeSettings(trx, { operatorId: operator.operatorId, values: input.values, nowMs });
  const line = { operatorId: operator.operatorId, operatorUsername: operator.username, ip: input.ip, atMs: nowMs };
  if (Object.keys(changed.applied).length > 0 || !changed.pending) {
    await appendAudit(trx, { ...line, action: 'settings.update', target: null, details: changed.applied });
  }
  let pendingChange: SettingsChange | null = null;
  if (changed.pending) {
    await appendAudit(trx, {
      ...line,
      action: 'settings.change.propose',
      target: String(changed.pending.id),
      details: changed.pending.changes,
    });
    pendingChange = await findSettingsChange(trx, changed.pending.id);
  }
  return { ...changed.settings, pendingChange };
}

/** The changes as operators see them, with the names of who proposed and who decided each. */
async function toSettingsChanges(db: Db | Trx, rows: readonly repo.SettingsChangeRow[]): Promise<SettingsChange[]> {
  const names = await operatorNames(
    db,
    rows.flatMap((row) => (row.decidedBy === null ? [row.proposedBy] : [row.proposedBy, row.decidedBy])),
  );
  const nameOf = (operatorId: number) => {
    const name = names.get(Number(operatorId));
    invariant(name !== undefined, `operator ${operatorId} of a settings change exists`);
    return name;
  };
  return rows.map((row) => {
    const changes = JSON.parse(row.changes) as ChangeSet;
    return {
      id: Number(row.id),
      status: row.status as SettingsChangeStatus,
      changes: Object.entries(changes).map(([key, change]) => ({ key, from: change.from, to: change.to })),
      proposedBy: nameOf(row.proposedBy),
      proposedAt: new Date(Number(row.proposedAt)).toISOString(),
      decidedBy: row.decidedBy === null ? null : nameOf(row.decidedBy),
      decidedAt: row.decidedAt === null ? null : new Date(Number(row.decidedAt)).toISOString(),
      reason: row.reason,
    };
  });
}

/** One settings change as operators see it. */
export async function findSettingsChange(db: Db | Trx, id: number): Promise<SettingsChange> {
  const row = await repo.findSettingsChangeById(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [change] = await toSettingsChanges(db, [row]);
  invariant(change !== undefined, 'one row, one change');
  return change;
}

/** Settings changes, pending ones oldest first (the queue), decided ones newest first. */
export async function listSettingsChanges(
  db: Db,
  filter: { status?: SettingsChangeStatus | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.pageSettingsChanges(db, filter);
  return { items: await toSettingsChanges(db, rows), total, page: filter.page, pageSize: filter.pageSize };
}

/**
 * A second operator decides a pending change: `approve` stores its values — only if every setting
 * still has the value it had when proposed (else SETTINGS_CHANGE_STALE) and only by an operator
 * other than the proposer (SETTINGS_CHANGE_SELF_APPROVAL); `reject` keeps the settings as they are
 * (the proposer may withdraw their own). In the caller's transaction.
 */
export async function decideSettingsChange(
  trx: Trx,
  input: {
    id: number;
    operatorId: number;
    decision: 'approve' | 'reject';
    reason?: string | undefined;
    nowMs: number;
    dialect: Dialect;
  },
): Promise<SettingsChange> {
  const row = await repo.lockSettingsChange(trx, input.dialect, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('SETTINGS_CHANGE_NOT_PENDING');
  if (input.decision === 'approve') {
    if (Number(row.proposedBy) === input.operatorId) throw new AppError('SETTINGS_CHANGE_SELF_APPROVAL');
    const changes = JSON.parse(row.changes) as ChangeSet;
    const now = await getSettings(trx);
    const entries = Object.entries(changes) as Array<[SettingKey, { from: string; to: string }]>;
    if (entries.some(([key, change]) => now[key] !== change.from)) throw new AppError('SETTINGS_CHANGE_STALE');
    await writeSettings(
      trx,
      entries.map(([key, change]) => [key, change.to]),
      { operatorId: input.operatorId, nowMs: input.nowMs },
    );
  }
  await repo.decideSettingsChangeRow(trx, Number(row.id), {
    status: input.decision === 'approve' ? 'approved' : 'rejected',
    decidedBy: input.operatorId,
    decidedAt: input.nowMs,
    reason: input.reason ?? null,
  });
  return findSettingsChange(trx, Number(row.id));
}
