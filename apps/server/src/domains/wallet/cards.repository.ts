import type { Db, Trx } from '../../platform/db/database.ts';

/** The bank cards' SQL (binding, listing and unbinding an investor's accounts). */

type Executor = Db | Trx;

function activeCardsOf(db: Executor, userId: number) {
  return db.selectFrom('bankCards').selectAll().where('userId', '=', userId).where('status', '=', 'active');
}

/** The user's active cards, oldest first. */
export function findActiveCardsByUserId(db: Executor, userId: number) {
  return activeCardsOf(db, userId).orderBy('id').execute();
}

/**
 * The user's active cards with no ORDER BY: in whatever order the database's plan yields them (in
 * practice by IBAN, through the unique index), which is how the console's user page lists them.
 */
export function findActiveCardsByUserIdInPlanOrder(db: Executor, userId: number) {
  return activeCardsOf(db, userId).execute();
}

/** Who holds this IBAN among the active cards, if anyone. */
export function findActiveHolderOfIban(db: Executor, iban: string) {
  return db
    .selectFrom('bankCards')
    .select('userId')
    .where('iban', '=', iban)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export function insertCard(
  db: Executor,
  values: { userId: number; bankName: string; branch: string; holderName: string; iban: string; createdAt: number },
) {
  return db.insertInto('bankCards').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The user's card if it is active (its id only); someone else's card is not found. */
export function findActiveCardId(db: Executor, userId: number, cardId: number) {
  return db
    .selectFrom('bankCards')
    .select('id')
    .where('id', '=', cardId)
    .where('userId', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** A withdrawal to this card still waiting for an operator, if any. */
export function findPendingWithdrawalToCard(db: Executor, cardId: number) {
  return db
    .selectFrom('withdrawals')
    .select('id')
    .where('cardId', '=', cardId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export async function removeCard(db: Executor, cardId: number, nowMs: number): Promise<void> {
  await db.updateTable('bankCards').set({ status: 'removed', removedAt: nowMs }).where('id', '=', cardId).execute();
}

/** Every bank card row of one investor, for their data export. */
export function cardsOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('bankCards').selectAll().where('userId', '=', userId).orderBy('id').execute();
}
