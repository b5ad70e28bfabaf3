import type { BankCard } from '@bourse/shared/schemas/wallet';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { AppContext } from '../../platform/context.ts';
import { isUniqueViolation, type Db, type Trx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { getVerifiedIdentity } from '../kyc/kyc.service.ts';
import * as repo from './cards.repository.ts';
import { maskIban } from './wallet.service.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

/**
 * Two spellings of a name are the same when they match after Unicode normalization (NFKC, so
 * composed and decomposed "é" agree), case folding and collapsing whitespace.
 */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFKC').toLocaleLowerCase('und').replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

function toCard(row: {
  id: number;
  bankName: string;
  branch: string;
  holderName: string;
  iban: string;
  createdAt: number;
}): BankCard {
  return {
    id: Number(row.id),
    bankName: row.bankName,
    branch: row.branch,
    holderName: row.holderName,
    ibanMasked: maskIban(row.iban),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export async function listCards(ctx: AppContext, userId: number): Promise<BankCard[]> {
  return activeCards(ctx.database.db, userId);
}

/** The investor's bound (active) cards, oldest first, the IBAN masked. */
export async function activeCards(db: Db | Trx, userId: number): Promise<BankCard[]> {
  const rows = await repo.findActiveCardsByUserId(db, userId);
  return rows.map(toCard);
}

/**
 * The investor's bound cards for the console's user page, the IBAN masked, in the order that page
 * has always shown them (none asked of the database; see the repository).
 */
export async function activeCardsForConsole(db: Db | Trx, userId: number): Promise<BankCard[]> {
  const rows = await repo.findActiveCardsByUserIdInPlanOrder(db, userId);
  return rows.map(toCard);
}

/**
 * Binds a bank account: the agreement accepted, the identity verified, the IBAN valid (checksum and
 * country format), the holder the verified person — an investor withdraws only to their own account —
 * and the account bound to no other investor.
 */
export async function bindCard(
  ctx: AppContext,
  userId: number,
  input: { bankName: string; branch: string; holderName: string; iban: string; agree: boolean },
): Promise<BankCard> {
  if (!input.agree) throw new AppError('AGREEMENT_REQUIRED');
  const iban = electronicFormatIBAN(input.iban) ?? '';
  if (!isValidIBAN(iban)) throw new AppError('INVALID_IBAN');
  const identity = await getVerifiedIdentity(ctx.database.db, userId);
  if (!identity) throw new AppError('KYC_REQUIRED');
  if (!sameName(input.holderName, identity.realName)) throw new AppError('CARD_HOLDER_MISMATCH');
  // One account, one investor: the holder check alone lets two investors whose own names match
  // bind the same IBAN. The partial unique index (migration 0009) settles a race between the two.
  const boundTo = async () => repo.findActiveHolderOfIban(ctx.database.db, iban);
  const holder = await boundTo();
  if (holder)
    throw new AppError(Number(holder.userId) === userId ? 'CARD_ALREADY_BOUND' : 'IBAN_BOUND_TO_ANOTHER_ACCOUNT');
  try {
    const row = await repo.insertCard(ctx.database.db, {
      userId,
      bankName: input.bankName,
      branch: input.branch,
      holderName: input.holderName.normalize('NFC'),
      iban,
      createdAt: ctx.clock.nowMs(),
    });
    return toCard(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const winner = await boundTo();
      throw new AppError(
        winner && Number(winner.userId) !== userId ? 'IBAN_BOUND_TO_ANOTHER_ACCOUNT' : 'CARD_ALREADY_BOUND',
      );
    }
    throw error;
  }
}

/** Unbinds a card, unless a withdrawal to it is still waiting for an operator. */
export async function unbindCard(ctx: AppContext, userId: number, cardId: number): Promise<void> {
  await ctx.database.transaction(async (trx) => {
    const card = await repo.findActiveCardId(trx, userId, cardId);
    if (!card) throw new AppError('CARD_NOT_FOUND');
    const pending = await repo.findPendingWithdrawalToCard(trx, cardId);
    if (pending) throw new AppError('CARD_HAS_PENDING_WITHDRAWAL');
    await repo.removeCard(trx, cardId, ctx.clock.nowMs());
  });
}

/** The investor's bank cards (bound and removed) for their data export, the IBAN masked. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const rows = await repo.cardsOfUser(db, userId);
  return { bankCards: rows.map((row) => ({ ...exportRow(row, ['iban']), iban: maskIban(row.iban) })) };
}
