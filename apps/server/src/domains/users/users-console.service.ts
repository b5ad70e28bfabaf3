import { formatMinor } from '@bourse/shared/money';
import type { AdminUser, AdminUserPage } from '@bourse/shared/schemas/admin-users';
import type { Db, Trx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { accountsOfUser, recentEntriesOfAccounts } from '../../platform/ledger/ledger-reads.ts';
import { recentSessions, revokeAllSessions } from '../auth/auth.service.ts';
import { activeCardsForConsole } from '../wallet/cards.service.ts';
import { findUser, setAccountStatus, toAdminUser } from './users.service.ts';

/**
 * The console's view of an investor, put together from the domains that hold their money and
 * sessions. Apart from users.service.ts because auth and wallet import that one: composing them
 * there would close an import cycle.
 */

const RECENT_ENTRIES = 50;
const RECENT_SESSIONS = 20;

/**
 * An investor's page in the console: the contact part for everyone; with `withMoney` also the
 * balances, the latest ledger entries with their postings, the bound cards and the latest sessions.
 */
export async function userPageForConsole(
  db: Db,
  userId: number,
  options: { withMoney: boolean },
): Promise<AdminUserPage> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  if (!options.withMoney) return { user: toAdminUser(user) };
  const accounts = await accountsOfUser(db, user.id);
  const balance = (kind: string) => formatMinor(accounts.find((a) => a.kind === kind)?.balanceMinor ?? 0);
  const entries = await recentEntriesOfAccounts(
    db,
    accounts.map((a) => a.id),
    RECENT_ENTRIES,
  );
  const cards = await activeCardsForConsole(db, user.id);
  const sessions = await recentSessions(db, user.id, RECENT_SESSIONS);
  return {
    user: toAdminUser(user),
    balances: {
      cash: balance('cash'),
      frozen: balance('frozen'),
      fund: balance('fund'),
      fundPending: balance('fund_pending'),
      redeemPending: balance('redeem_pending'),
      loan: balance('loan'),
    },
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      memo: e.memo,
      createdAt: new Date(e.createdAtMs).toISOString(),
      postings: e.postings.map((p) => ({ account: p.accountCode, amount: formatMinor(p.amountMinor) })),
    })),
    cards: cards.map((c) => ({
      id: c.id,
      bankName: c.bankName,
      holderName: c.holderName,
      ibanMasked: c.ibanMasked,
      createdAt: c.createdAt,
    })),
    sessions,
  };
}

/**
 * Freezes or unfreezes an investor's account in the caller's transaction; a frozen account is
 * signed out everywhere at once. NOT_FOUND for an unknown user, CONFLICT when nothing would change.
 */
export async function freezeOrUnfreeze(
  trx: Trx,
  input: { userId: number; action: 'freeze' | 'unfreeze'; nowMs: number },
): Promise<AdminUser> {
  const status = input.action === 'freeze' ? 'frozen' : 'active';
  const user = await setAccountStatus(trx, { userId: input.userId, status, nowMs: input.nowMs });
  if (input.action === 'freeze') await revokeAllSessions(trx, user.id, input.nowMs, 'frozen');
  return toAdminUser(user);
}
