import type { KycStatus } from '@bourse/shared/schemas/auth';
import {
  maskIdNumber,
  type AuthenticationDetail,
  type KycDocType,
  type KycImageSide,
  type KycQueuePage,
  type KycQueueQuery,
  type KycSubmission,
  type KycSubmissionFields,
  type KycSubmissionStatus,
} from '@bourse/shared/schemas/kyc';
import type { AppContext } from '../../platform/context.ts';
import { isUniqueViolation, type Db, type Trx } from '../../platform/db/database.ts';
import { AppError, invariant } from '../../platform/errors.ts';
import { contentTypeOfStoredName, reencodeImage, UploadStore } from '../../platform/storage.ts';
import { awardCreditPoints } from '../members/members.service.ts';
import { notifyInvestor } from '../users/users.service.ts';
import * as repo from './kyc.repository.ts';
import { exportRow, type ExportSection } from '../../platform/data-export.ts';

/** Where ID images live inside UPLOAD_DIR. */
const UPLOAD_AREA = 'kyc';

/** A submission is accepted only from these states: never verified yet, or asked to resubmit. */
const MAY_SUBMIT_FROM: readonly KycStatus[] = ['none', 'resubmit'];

function uploads(ctx: AppContext): UploadStore {
  return new UploadStore(ctx.config.uploadDir);
}

function refuseSubmission(status: string | undefined): never {
  if (status === 'approved') throw new AppError('KYC_ALREADY_APPROVED');
  if (status === 'in_review') throw new AppError('KYC_ALREADY_SUBMITTED');
  throw new AppError('UNAUTHORIZED');
}

export interface SubmissionInput {
  fields: KycSubmissionFields;
  /** The uploaded bytes as received; only re-encoded copies are ever stored. */
  front: Buffer;
  back: Buffer;
}

/**
 * Records a submission and puts the user in review. Either everything is written (two cleaned
 * images, the row, the user's new status) or nothing is: no row and no file stays behind when any
 * step fails.
 */
export async function submitVerification(
  ctx: AppContext,
  userId: number,
  input: SubmissionInput,
): Promise<AuthenticationDetail> {
  // A cheap early answer before any image work; the transaction below checks again.
  const user = await repo.findUserKycStatus(ctx.database.db, userId);
  if (!user || !MAY_SUBMIT_FROM.includes(user.kycStatus as KycStatus)) refuseSubmission(user?.kycStatus);

  const front = await reencodeImage(input.front);
  const back = await reencodeImage(input.back);

  const store = uploads(ctx);
  const saved: string[] = [];
  const nowMs = ctx.clock.nowMs();
  try {
    saved.push(await store.save(UPLOAD_AREA, front.bytes, front.extension));
    saved.push(await store.save(UPLOAD_AREA, back.bytes, back.extension));
    const [frontFile, backFile] = saved as [string, string];
    await ctx.database.transaction(async (trx) => {
      const moved = await repo.moveUserKycStatus(trx, { userId, from: MAY_SUBMIT_FROM, to: 'in_review', nowMs });
      if (!moved) refuseSubmission((await repo.findUserKycStatus(trx, userId))?.kycStatus);
      await repo.insertSubmission(trx, { userId, ...input.fields, frontFile, backFile, submittedAt: nowMs });
    });
  } catch (error) {
    await store.remove(UPLOAD_AREA, saved).catch(() => undefined);
    // Two submissions racing each other: the one-in-review index decides.
    if (isUniqueViolation(error)) throw new AppError('KYC_ALREADY_SUBMITTED');
    throw error;
  }
  return getAuthenticationDetail(ctx, userId);
}

/** The investor's own view: status, and of the latest submission the name, masked number and reason. */
export async function getAuthenticationDetail(ctx: AppContext, userId: number): Promise<AuthenticationDetail> {
  const db = ctx.database.db;
  const user = await repo.findUserKycStatus(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const status = user.kycStatus as KycStatus;
  const latest = status === 'none' ? undefined : await repo.findLatestByUserId(db, userId);
  if (!latest) return { status };
  return {
    status,
    realName: latest.realName,
    idNumberMasked: maskIdNumber(latest.idNumber),
    docType: latest.docType as KycDocType,
    ...(latest.status === 'resubmit' && latest.reason ? { reason: latest.reason } : {}),
    submittedAt: new Date(latest.submittedAt).toISOString(),
    ...(latest.decidedAt !== null ? { decidedAt: new Date(latest.decidedAt).toISOString() } : {}),
  };
}

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * One side of the user's latest submission. Callers decide who may ask: the owner for themself, a
 * compliance operator for anyone. NOT_FOUND when there is no submission.
 */
export async function readSubmissionImage(ctx: AppContext, userId: number, side: KycImageSide): Promise<StoredImage> {
  const latest = await repo.findLatestByUserId(ctx.database.db, userId);
  if (!latest) throw new AppError('NOT_FOUND');
  const name = side === 'front' ? latest.frontFile : latest.backFile;
  let bytes: Buffer;
  try {
    bytes = await uploads(ctx).read(UPLOAD_AREA, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NOT_FOUND');
    throw error;
  }
  return { bytes, contentType: contentTypeOfStoredName(name) };
}

/**
 * The verified identity other domains rely on (the wallet checks a card holder against it): the
 * real name of the approved submission, or null while the user is not approved.
 */
export async function getVerifiedIdentity(db: Db | Trx, userId: number): Promise<{ realName: string } | null> {
  const user = await repo.findUserKycStatus(db, userId);
  if (user?.kycStatus !== 'approved') return null;
  const approved = await repo.findLatestApprovedByUserId(db, userId);
  invariant(approved, `user ${userId} is approved without an approved submission`);
  return { realName: approved.realName };
}

function toSubmissionView(row: repo.SubmissionViewRow): KycSubmission {
  return {
    id: Number(row.id),
    userId: Number(row.userId),
    phone: row.phone,
    realName: row.realName,
    idNumber: row.idNumber,
    docType: row.docType as KycDocType,
    status: row.status as KycSubmissionStatus,
    reason: row.reason,
    submittedAt: new Date(row.submittedAt).toISOString(),
    decidedAt: row.decidedAt === null ? null : new Date(row.decidedAt).toISOString(),
    decidedBy: row.decidedBy,
  };
}

/** The compliance queue (or the decided submissions of one status), one page. */
export async function listSubmissions(db: Db, query: KycQueueQuery): Promise<KycQueuePage> {
  const { rows, total } = await repo.listByStatus(db, query);
  return { items: rows.map(toSubmissionView), total, page: query.page, pageSize: query.pageSize };
}

export interface Decision {
  userId: number;
  operatorId: number;
  nowMs: number;
}

/**
 * Decides the user's submission that is in review, in the caller's transaction (which also writes
 * the audit line): the submission and the user's status change together or not at all.
 */
async function decide(
  trx: Trx,
  decision: Decision & { status: 'approved' | 'resubmit'; reason: string | null },
): Promise<{ submissionId: number }> {
  const latest = await repo.findLatestByUserId(trx, decision.userId);
  if (!latest) throw new AppError('NOT_FOUND');
  const decided =
    latest.status === 'in_review' &&
    (await repo.decideSubmission(trx, {
      id: latest.id,
      status: decision.status,
      reason: decision.reason,
      operatorId: decision.operatorId,
      nowMs: decision.nowMs,
    }));
  if (!decided) throw new AppError('KYC_NOT_IN_REVIEW');
  const moved = await repo.moveUserKycStatus(trx, {
    userId: decision.userId,
    from: ['in_review'],
    to: decision.status,
    nowMs: decision.nowMs,
  });
  invariant(moved, `user ${decision.userId} was not in review while their submission was`);
  return { submissionId: Number(latest.id) };
}

/**
 * Approves the submission in review; the user becomes verified and earns the `identity_verified`
 * credit points in the same transaction (once per investor).
 */
export async function approveSubmission(trx: Trx, decision: Decision) {
  const decided = await decide(trx, { ...decision, status: 'approved', reason: null });
  await awardCreditPoints(trx, {
    userId: decision.userId,
    rule: 'identity_verified',
    reference: `kyc:${decided.submissionId}`,
    nowMs: decision.nowMs,
  });
  return decided;
}

/** Sends the submission in review back with a reason the user will see; they may then submit again. */
export function requestResubmission(trx: Trx, decision: Decision & { reason: string }) {
  return decide(trx, { ...decision, status: 'resubmit', reason: decision.reason });
}

/**
 * Tells the investor of the decision (SMS outbox and message centre), in the decision's
 * transaction: verified, or asked to submit again with the operator's reason.
 */
export async function notifyDecision(
  ctx: AppContext,
  trx: Trx,
  decision: { userId: number } & ({ status: 'approved' } | { status: 'resubmit'; reason: string }),
): Promise<void> {
  await notifyInvestor(
    ctx,
    trx,
    decision.userId,
    decision.status === 'approved' ? 'notify.kycApproved' : 'notify.kycResubmit',
    decision.status === 'approved' ? {} : { reason: decision.reason },
  );
}

/** A submission as the console shows it, after a decision. */
export async function findSubmissionView(db: Db | Trx, userId: number): Promise<KycSubmission> {
  const latest = await repo.findLatestByUserId(db, userId);
  if (!latest) throw new AppError('NOT_FOUND');
  const row = await repo.findViewById(db, latest.id);
  invariant(row, `submission ${latest.id} vanished`);
  return toSubmissionView(row);
}

/** The investor's identity submissions for their data export: no images, the ID number masked. */
export async function exportFor(db: Db, userId: number): Promise<ExportSection> {
  const rows = await repo.submissionsOfUser(db, userId);
  return {
    identitySubmissions: rows.map((row) => ({
      ...exportRow(row, ['idNumber', 'frontFile', 'backFile', 'decidedBy']),
      idNumberMasked: maskIdNumber(row.idNumber),
    })),
  };
}
