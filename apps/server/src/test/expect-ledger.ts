import { expect } from 'vitest';
import { verifyLedger } from '../platform/ledger/ledger-verify.ts';
import type { TestApp } from './harness.ts';

/** The ledger of a test app verifies: balanced entries, cached balances, holds; no problem listed. */
export async function expectLedgerOk(t: TestApp): Promise<void> {
  const report = await verifyLedger(t.ctx.database.db);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}
