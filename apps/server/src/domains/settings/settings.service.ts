import type { Db, Trx } from '../../platform/db/database.ts';
import type { SqlRunner } from '../../platform/db/sql-runner.ts';
import * as repo from './settings.repository.ts';

/**
 * Operator-adjustable settings with their defaults. Amounts are decimal strings (as on the wire);
 * rates are decimal fractions ("0.0025" = 0.25 %).
 */
export const SETTING_DEFAULTS = {
  minDeposit: '100.00',
  minWithdrawal: '50.00',
  minTransfer: '100.00',
  withdrawalFee: '0.00',
  /** Withdrawals of at least this amount need a second operator's approval (DESIGN §4). */
  fourEyesThreshold: '10000.00',
  commissionRate: '0.0025',
  commissionMin: '5.00',
  transactionFeeRate: '0.0001',
  stampDutyRate: '0.0010',
  /** T+1 rule: shares bought on a trading day can be sold from the next business day ('true'/'false'). */
  tPlusOne: 'false',
  /** The most one deposit or bank transfer in may bring. */
  maxDeposit: '50000.00',
  /** The most an investor's deposits and transfers in may add up to per business-calendar day. */
  maxDepositsPerDay: '100000.00',
  // Loans (issue 14).
  /** The annual interest rate of a loan passed from now on, in percent ("8.00" = 8 % a year). */
  loanAnnualRate: '8.00',
  /** The terms an investor may apply for, in calendar days, comma-separated. */
  loanTermsDays: '30,90,180,365',
  /** The most an investor of each member level (1..5) may owe in principal, this application included. */
  loanLimitLevel1: '5000.00',
  loanLimitLevel2: '10000.00',
  loanLimitLevel3: '20000.00',
  loanLimitLevel4: '50000.00',
  loanLimitLevel5: '100000.00',
  // Retention (issue 17).
  /** Hours a stored Idempotency-Key answer is kept; a replay after it (once cleaned up) is a new request. */
  idempotencyRetentionHours: '48',
  /** Days a sent notification (SMS, e-mail) is kept in the outbox. */
  outboxRetentionDays: '90',
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type Settings = Record<SettingKey, string>;

export async function getSettings(db: Db | Trx): Promise<Settings> {
  const rows = await repo.findSettingRows(db);
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    Object.entries(SETTING_DEFAULTS).map(([key, value]) => [key, stored[key] ?? value]),
  ) as Settings;
}

/** Stores the given values as they are, in the caller's transaction; keys that are no setting are skipped. */
export async function writeSettings(
  trx: Trx,
  values: Array<[SettingKey, string]>,
  by: { operatorId: number | null; nowMs: number },
): Promise<void> {
  const { operatorId, nowMs } = by;
  for (const [key, value] of values) {
    if (!(key in SETTING_DEFAULTS)) continue;
    await repo.upsertSetting(trx, { key, value, nowMs, operatorId });
  }
}

/** Every stored setting by key, read through the caller's runner (prepared SQL on the order path). */
export async function settingsMap(run: SqlRunner): Promise<Map<string, string>> {
  const rows = await repo.findSettingRowsVia(run);
  return new Map(rows.map((row) => [row.key, row.value]));
}
