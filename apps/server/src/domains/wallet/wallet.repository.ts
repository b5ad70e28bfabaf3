import type { Selectable } from 'kysely';
import type { Db, Dialect, Trx } from '../../platform/db/database.ts';
import type { PaymentsTable, WithdrawalsTable } from '../../platform/db/schema.ts';

/** The wallet's SQL (payments, provider events, withdrawals, the card look-up of a money write). */

export type PaymentRow = Selectable<PaymentsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** The investor's card if it is active; someone else's card is not found. */
export function findActiveCard(db: Db | Trx, userId: number, cardId: number) {
  return db
    .selectFrom('bankCards')
    .selectAll()
    .where('id', '=', cardId)
    .where('userId', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export function insertPayment(
  db: Db | Trx,
  values: {
    userId: number;
    type: 'deposit' | 'transfer';
    cardId: number | null;
    amountMinor: number;
    currency: string;
    requestKey: string;
    createdAt: number;
  },
) {
  return db
    .insertInto('payments')
    .values(values)
    .returning(['id', 'type', 'amountMinor', 'status', 'createdAt'])
    .executeTakeFirstOrThrow();
}

/** Σ the user's deposits and transfers in, pending or succeeded, created at or after `sinceMs`. */
export async function paymentsInSince(trx: Trx, userId: number, sinceMs: number): Promise<number> {
  const row = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<string | number | null>('amountMinor').as('total'))
    .where('userId', '=', userId)
    .where('status', 'in', ['pending', 'succeeded'])
    .where('createdAt', '>=', sinceMs)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function setPaymentProviderRef(db: Db | Trx, paymentId: number, providerRef: string): Promise<void> {
  await db.updateTable('payments').set({ providerRef }).where('id', '=', paymentId).execute();
}

export async function paymentEventSeen(trx: Trx, eventId: string): Promise<boolean> {
  const seen = await trx
    .selectFrom('paymentEvents')
    .select('eventId')
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  return seen !== undefined;
}

export function findPaymentByProviderRef(trx: Trx, providerRef: string): Promise<PaymentRow | undefined> {
  return trx.selectFrom('payments').selectAll().where('providerRef', '=', providerRef).executeTakeFirst();
}

export async function insertPaymentEvent(
  trx: Trx,
  values: { eventId: string; paymentId: number | null; type: string; receivedAt: number },
): Promise<void> {
  await trx.insertInto('paymentEvents').values(values).execute();
}

/** How many of the user's payments in (deposits, transfers) have succeeded. */
export async function succeededPaymentsOf(trx: Db | Trx, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One payment in of the investor (undefined when it is not theirs or does not exist). */
export function findPaymentOfUser(db: Db | Trx, userId: number, paymentId: number): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function completePayment(
  trx: Trx,
  paymentId: number,
  change: { status: 'succeeded' | 'failed'; failureReason?: string; completedAt: number },
): Promise<void> {
  await trx.updateTable('payments').set(change).where('id', '=', paymentId).execute();
}

export function insertWithdrawal(
  trx: Trx,
  values: {
    userId: number;
    cardId: number;
    amountMinor: number;
    feeMinor: number;
    currency: string;
    holdId: number;
    requestKey: string;
    /** Operators who must act on it, fixed at request time (four eyes). */
    approvalsRequired: number;
    createdAt: number;
  },
): Promise<WithdrawalRow> {
  return trx.insertInto('withdrawals').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The withdrawal, locked for its decision on PostgreSQL (SQLite writers are serialized). */
export function lockWithdrawal(trx: Trx, dialect: Dialect, withdrawalId: number): Promise<WithdrawalRow | undefined> {
  const query = trx.selectFrom('withdrawals').selectAll().where('id', '=', withdrawalId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function approveWithdrawal(trx: Trx, withdrawalId: number, operatorId: number, nowMs: number) {
  await trx
    .updateTable('withdrawals')
    .set({ approvedBy: operatorId, approvedAt: nowMs })
    .where('id', '=', withdrawalId)
    .execute();
}

export async function decideWithdrawalRow(
  trx: Trx,
  withdrawalId: number,
  change: { status: 'paid' | 'rejected'; reason: string | null; decidedAt: number; decidedBy: number },
): Promise<void> {
  await trx.updateTable('withdrawals').set(change).where('id', '=', withdrawalId).execute();
}

export function paymentsSince(db: Db, userId: number, sinceMs: number): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('userId', '=', userId).where('createdAt', '>=', sinceMs).execute();
}

export function withdrawalsSince(db: Db, userId: number, sinceMs: number): Promise<WithdrawalRow[]> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('userId', '=', userId)
    .where('createdAt', '>=', sinceMs)
    .execute();
}

/** A page of withdrawals for the console with their card; pending ones oldest first. */
export async function pageWithdrawals(db: Db, filter: { status?: string | undefined; page: number; pageSize: number }) {
  let query = db.selectFrom('withdrawals as w').innerJoin('bankCards as c', 'c.id', 'w.cardId');
  if (filter.status) query = query.where('w.status', '=', filter.status);
  const [rows, total] = await Promise.all([
    query
      .select([
        'w.id',
        'w.userId',
        'w.cardId',
        'w.amountMinor',
        'w.feeMinor',
        'w.status',
        'w.reason',
        'w.createdAt',
        'c.bankName',
        'c.holderName',
        'c.iban',
      ])
      .orderBy('w.createdAt', filter.status === 'pending' ? 'asc' : 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A page of payments for the console, newest first. */
export async function pagePayments(
  db: Db,
  filter: { type?: 'deposit' | 'transfer' | undefined; page: number; pageSize: number },
) {
  let query = db.selectFrom('payments as p');
  if (filter.type) query = query.where('p.type', '=', filter.type);
  const [rows, total] = await Promise.all([
    query
      .select(['p.id', 'p.userId', 'p.type', 'p.amountMinor', 'p.status', 'p.createdAt', 'p.completedAt'])
      .orderBy('p.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Every payment (deposit) row of one investor, for their data export. */
export function paymentsOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('payments').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** Every withdrawal row of one investor, for their data export. */
export function withdrawalsOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('withdrawals').selectAll().where('userId', '=', userId).orderBy('id').execute();
}
