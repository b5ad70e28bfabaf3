import { z } from 'zod';
import { kycStatus } from './auth.ts';
import { page, pageQuery } from './common.ts';

/**
 * Identity verification (KYC): what an investor submits, what they see of it afterwards, and what
 * a compliance operator works with. The server validates the multipart fields with these schemas;
 * the web form runs the same rules before sending.
 */

export const KYC_DOC_TYPES = ['id_card', 'passport', 'residence_permit'] as const;
export const kycDocType = z.enum(KYC_DOC_TYPES);
export type KycDocType = z.infer<typeof kycDocType>;

export const KYC_IMAGE_SIDES = ['front', 'back'] as const;
export const kycImageSide = z.enum(KYC_IMAGE_SIDES);
export type KycImageSide = z.infer<typeof kycImageSide>;

/** Each image may be at most 8 MiB as uploaded. */
export const KYC_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** The only image types accepted; the server decides from the bytes, never from the name or header. */
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const REAL_NAME_MIN_LENGTH = 2;
export const REAL_NAME_MAX_LENGTH = 100;
export const ID_NUMBER_MIN_LENGTH = 5;
export const ID_NUMBER_MAX_LENGTH = 32;
export const KYC_REASON_MAX_LENGTH = 500;

/**
 * A person's name as written on the document: letters of any script (with their combining marks),
 * spaces, apostrophes, hyphens and dots, plus the middle dot of transliterated names (约翰·史密斯).
 * It must start with a letter.
 */
export const REAL_NAME_PATTERN = /^\p{L}[\p{L}\p{M} '’.·-]*$/u;

/** Document numbers: ASCII letters and digits, dashes allowed between them. */
export const ID_NUMBER_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

export const realNameSchema = z
  .string()
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(REAL_NAME_MIN_LENGTH)
      .max(REAL_NAME_MAX_LENGTH)
      .regex(REAL_NAME_PATTERN, "must contain only letters, spaces and ' - ."),
  );

export const idNumberSchema = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .pipe(
    z
      .string()
      .min(ID_NUMBER_MIN_LENGTH)
      .max(ID_NUMBER_MAX_LENGTH)
      .regex(ID_NUMBER_PATTERN, 'must contain only letters, digits and dashes'),
  );

/** The text fields of `POST /api/user/authentication` (multipart; the images come as files). */
export const kycSubmissionFields = z.strictObject({
  realName: realNameSchema,
  idNumber: idNumberSchema,
  docType: kycDocType,
});
export type KycSubmissionFields = z.infer<typeof kycSubmissionFields>;
export type KycSubmissionInput = z.input<typeof kycSubmissionFields>;

/** `GET /api/user/authenticationDetail`: the investor's own verification, with the ID number masked. */
export const authenticationDetail = z.object({
  status: kycStatus,
  realName: z.string().optional(),
  idNumberMasked: z.string().optional(),
  docType: kycDocType.optional(),
  /** The operator's reason when the status is `resubmit`. */
  reason: z.string().optional(),
  submittedAt: z.string().optional(),
  decidedAt: z.string().optional(),
});
export type AuthenticationDetail = z.infer<typeof authenticationDetail>;

export const kycImageParams = z.strictObject({ side: kycImageSide });

/** Shows only the last four characters of a document number. */
export function maskIdNumber(idNumber: string): string {
  const visible = Math.min(4, Math.max(0, idNumber.length - 2));
  return `${'*'.repeat(idNumber.length - visible)}${idNumber.slice(idNumber.length - visible)}`;
}

// ---------- Operator console ----------

/** Submissions as they move through review; `none` is a user state, never a submission's. */
export const KYC_SUBMISSION_STATUSES = ['in_review', 'approved', 'resubmit'] as const;
export const kycSubmissionStatus = z.enum(KYC_SUBMISSION_STATUSES);
export type KycSubmissionStatus = z.infer<typeof kycSubmissionStatus>;

export const kycQueueQuery = pageQuery.extend({
  status: kycSubmissionStatus.default('in_review'),
});
export type KycQueueQuery = z.infer<typeof kycQueueQuery>;

export const kycSubmission = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  phone: z.string(),
  realName: z.string(),
  /** In full: the console is for compliance operators only. */
  idNumber: z.string(),
  docType: kycDocType,
  status: kycSubmissionStatus,
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type KycSubmission = z.infer<typeof kycSubmission>;

export const kycQueuePage = page(kycSubmission);
export type KycQueuePage = z.infer<typeof kycQueuePage>;

export const kycUserParams = z.strictObject({
  userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const kycAdminImageParams = kycUserParams.extend({ side: kycImageSide });

export const kycResubmitBody = z.strictObject({
  reason: z.string().trim().min(1).max(KYC_REASON_MAX_LENGTH),
});
export type KycResubmitBody = z.infer<typeof kycResubmitBody>;
