import type { Invitation } from '@bourse/shared/schemas/admin';
import { normalizeBase32, randomBase32 } from '../../platform/crypto.ts';
import { isUniqueViolation, type Db, type Trx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './invitations.repository.ts';

/** 14 Crockford base32 characters: 70 random bits, well above the 64 the policy asks for. */
export const INVITE_CODE_LENGTH = 14;

type Row = NonNullable<Awaited<ReturnType<typeof repo.findByCode>>>;

function toInvitation(row: Row): Invitation {
  return {
    code: row.code,
    note: row.note,
    maxUses: row.maxUses,
    uses: row.uses,
    status: row.status === 'disabled' ? 'disabled' : 'active',
    createdAt: new Date(row.createdAt).toISOString(),
    createdBy: row.createdBy ?? null,
  };
}

/** Uses one invitation for a registration; refuses unknown, disabled and used-up codes alike. */
export async function consumeInvitation(trx: Trx, typed: string): Promise<string> {
  const code = normalizeBase32(typed);
  if (!(await repo.takeUse(trx, code))) throw new AppError('INVITE_INVALID');
  return code;
}

export async function createInvitation(
  trx: Trx,
  input: { note?: string | undefined; maxUses?: number | undefined; operatorId: number | null; nowMs: number },
): Promise<Invitation> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = randomBase32(INVITE_CODE_LENGTH);
    try {
      await repo.insert(trx, {
        code,
        note: input.note || null,
        maxUses: input.maxUses ?? null,
        createdAt: input.nowMs,
        createdBy: input.operatorId,
      });
    } catch (error) {
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    const row = await repo.findByCode(trx, code);
    if (row) return toInvitation(row);
  }
  throw new Error('could not draw a unique invitation code in 5 attempts');
}

export async function listInvitations(db: Db, page: { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    repo.listPage(db, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize }),
    repo.countAll(db),
  ]);
  return { items: rows.map(toInvitation), total, page: page.page, pageSize: page.pageSize };
}

export async function disableInvitation(trx: Trx, typed: string, nowMs: number): Promise<Invitation> {
  const code = normalizeBase32(typed);
  const existing = await repo.findByCode(trx, code);
  if (!existing) throw new AppError('INVITE_NOT_FOUND');
  if (!(await repo.disable(trx, code, nowMs))) throw new AppError('INVITE_ALREADY_DISABLED');
  const row = await repo.findByCode(trx, code);
  if (!row) throw new Error('the invitation just disabled is missing');
  return toInvitation(row);
}
