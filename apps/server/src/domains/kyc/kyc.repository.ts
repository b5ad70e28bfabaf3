import type { KycStatus } from '@bourse/shared/schemas/auth';
import type { KycSubmissionStatus } from '@bourse/shared/schemas/kyc';
import type { Db, Trx } from '../../platform/db/database.ts';

type Executor = Db | Trx;

export interface NewSubmission {
  userId: number;
  realName: string;
  idNumber: string;
  docType: string;
  frontFile: string;
  backFile: string;
  submittedAt: number;
}

export async function insertSubmission(db: Executor, submission: NewSubmission): Promise<number> {
  const row = await db
    .insertInto('kycSubmissions')
    .values({ ...submission, status: 'in_review' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The user's most recent submission, whatever its status. */
export function findLatestByUserId(db: Executor, userId: number) {
  return db
    .selectFrom('kycSubmissions')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findLatestApprovedByUserId(db: Executor, userId: number) {
  return db
    .selectFrom('kycSubmissions')
    .select(['id', 'realName'])
    .where('userId', '=', userId)
    .where('status', '=', 'approved')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function countByUserId(db: Executor, userId: number): Promise<number> {
  return db
    .selectFrom('kycSubmissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

export function findUserKycStatus(db: Executor, userId: number) {
  return db.selectFrom('users').select(['id', 'kycStatus']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Moves the user's status from one of `from` to `to` in one statement; returns false when the
 * user was not in any of `from` (someone else got there first, or the request came too late).
 */
export async function moveUserKycStatus(
  db: Executor,
  change: { userId: number; from: readonly KycStatus[]; to: KycStatus; nowMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ kycStatus: change.to, updatedAt: change.nowMs })
    .where('id', '=', change.userId)
    .where('kycStatus', 'in', [...change.from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records an operator's decision on a submission that is still in review; false when it is not. */
export async function decideSubmission(
  db: Executor,
  decision: {
    id: number;
    status: Exclude<KycSubmissionStatus, 'in_review'>;
    reason: string | null;
    operatorId: number;
    nowMs: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('kycSubmissions')
    .set({
      status: decision.status,
      reason: decision.reason,
      decidedAt: decision.nowMs,
      decidedBy: decision.operatorId,
    })
    .where('id', '=', decision.id)
    .where('status', '=', 'in_review')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Submissions as the console sees them: with the investor's phone and the deciding operator's name. */
function submissionViews(db: Executor) {
  return db
    .selectFrom('kycSubmissions')
    .innerJoin('users', 'users.id', 'kycSubmissions.userId')
    .leftJoin('operators', 'operators.id', 'kycSubmissions.decidedBy')
    .select([
      'kycSubmissions.id',
      'kycSubmissions.userId',
      'users.phone',
      'kycSubmissions.realName',
      'kycSubmissions.idNumber',
      'kycSubmissions.docType',
      'kycSubmissions.status',
      'kycSubmissions.reason',
      'kycSubmissions.submittedAt',
      'kycSubmissions.decidedAt',
      'operators.username as decidedBy',
    ]);
}

export type SubmissionViewRow = NonNullable<Awaited<ReturnType<typeof findViewById>>>;

export function findViewById(db: Executor, id: number) {
  return submissionViews(db).where('kycSubmissions.id', '=', id).executeTakeFirst();
}

/** One page of submissions in a status. */
export async function listByStatus(
  db: Executor,
  query: { status: KycSubmissionStatus; page: number; pageSize: number },
) {
  // The review queue is worked oldest first; decided submissions are looked up newest first.
  const inReview = query.status === 'in_review';
  const direction = inReview ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    submissionViews(db)
      .where('kycSubmissions.status', '=', query.status)
      .orderBy(inReview ? 'kycSubmissions.submittedAt' : 'kycSubmissions.decidedAt', direction)
      .orderBy('kycSubmissions.id', direction)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('kycSubmissions')
      .where('status', '=', query.status)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Every identity submission row of one investor, for their data export. */
export function submissionsOfUser(db: Db | Trx, userId: number) {
  return db.selectFrom('kycSubmissions').selectAll().where('userId', '=', userId).orderBy('id').execute();
}
