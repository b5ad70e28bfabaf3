import { z } from 'zod';
import { pageQuery } from './common.ts';

/**
 * The investor's data rights (issue 15): the avatar, the export of everything stored about them and
 * the request to close the account, which an operator completes or rejects.
 */

/** The most an avatar upload may weigh; the stored image is far smaller (AVATAR_SIDE square). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The side of the stored square avatar, in pixels. */
export const AVATAR_SIDE = 256;

/** `POST /api/user/editAvatar` answers with where the new avatar is served. */
export const avatarResult = z.object({ avatar: z.string() });

export const avatarParams = z.strictObject({ file: z.string().max(64) });

/** What closing the account still waits for; each has its own error code (CLOSURE_…). */
export const closureBlocker = z.enum(['balances', 'openOrders', 'holds', 'loans', 'positions']);
export type ClosureBlocker = z.infer<typeof closureBlocker>;

export const closureStatus = z.enum(['pending', 'completed', 'rejected', 'withdrawn']);
export type ClosureStatus = z.infer<typeof closureStatus>;

export const closureBody = z.strictObject({ reason: z.string().trim().max(500).optional() });

export const closureRequest = z.object({
  id: z.number().int(),
  status: closureStatus,
  /** The investor's own words, if any. */
  reason: z.string().nullable(),
  /** Why an operator rejected it. */
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ClosureRequest = z.infer<typeof closureRequest>;

/** `GET /api/user/closure`: the latest request (null when none) and what closing still waits for now. */
export const closureState = z.object({
  request: closureRequest.nullable(),
  blockers: z.array(closureBlocker),
});
export type ClosureState = z.infer<typeof closureState>;

// ── the console ─────────────────────────────────────────────────────────────────────────────────────

export const adminClosure = closureRequest.extend({ userId: z.number().int(), phone: z.string() });
export type AdminClosure = z.infer<typeof adminClosure>;

/** `status=pending`: the queue, oldest first; any other status newest first. */
export const adminClosuresQuery = pageQuery.extend({ status: closureStatus.optional() });
