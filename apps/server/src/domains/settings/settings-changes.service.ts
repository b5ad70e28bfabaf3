import { parseAmount } from '@bourse/shared/money';
import type { SettingsChange, SettingsChangeStatus } from '@bourse/shared/schemas/settings-admin';
import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
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
    const row = await trx
      .insertInto('settingsChanges')
      .values({ changes: JSON.stringify(held), proposedBy: input.operatorId, proposedAt: input.nowMs })
      .returning('id')
      .executeTakeFirstOrThrow();
    pending = { id: Number(row.id), changes: held };
  }
  return { applied, pending, settings: await getSettings(trx) };
}

function changeQuery(db: Db | Trx) {
  return db
    .selectFrom('settingsChanges as c')
    .innerJoin('operators as p', 'p.id', 'c.proposedBy')
    .leftJoin('operators as d', 'd.id', 'c.decidedBy')
    .select([
      'c.id',
      'c.status',
      'c.changes',
      'c.proposedBy',
      'c.proposedAt',
      'c.decidedAt',
      'c.reason',
      'p.username as proposer',
      'd.username as decider',
    ]);
}

function toSettingsChange(row: {
  id: number;
  status: string;
  changes: string;
  proposedAt: number;
  decidedAt: number | null;
  reason: string | null;
  proposer: string;
  decider: string | null;
}): SettingsChange {
  const changes = JSON.parse(row.changes) as ChangeSet;
  return {
    id: Number(row.id),
    status: row.status as SettingsChangeStatus,
    changes: Object.entries(changes).map(([key, change]) => ({ key, from: change.from, to: change.to })),
    proposedBy: row.proposer,
    proposedAt: new Date(Number(row.proposedAt)).toISOString(),
    decidedBy: row.decider,
    decidedAt: row.decidedAt === null ? null : new Date(Number(row.decidedAt)).toISOString(),
    reason: row.reason,
  };
}

/** One settings change as operators see it. */
export async function findSettingsChange(db: Db | Trx, id: number): Promise<SettingsChange> {
  const row = await changeQuery(db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return toSettingsChange(row);
}

/** Settings changes, pending ones oldest first (the queue), decided ones newest first. */
export async function listSettingsChanges(
  db: Db,
  filter: { status?: SettingsChangeStatus | undefined; page: number; pageSize: number },
) {
  let query = changeQuery(db);
  let count = db.selectFrom('settingsChanges as c');
  if (filter.status) {
    query = query.where('c.status', '=', filter.status);
    count = count.where('c.status', '=', filter.status);
  }
  const [rows, total] = await Promise.all([
    query
      .orderBy('c.id', filter.status === 'pending' ? 'asc' : 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toSettingsChange), total: Number(total.n), page: filter.page, pageSize: filter.pageSize };
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
  const lock = trx.selectFrom('settingsChanges').selectAll().where('id', '=', input.id);
  const row = await (input.dialect === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst();
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
  await trx
    .updateTable('settingsChanges')
    .set({
      status: input.decision === 'approve' ? 'approved' : 'rejected',
      decidedBy: input.operatorId,
      decidedAt: input.nowMs,
      reason: input.reason ?? null,
    })
    .where('id', '=', row.id)
    .execute();
  return findSettingsChange(trx, Number(row.id));
}
