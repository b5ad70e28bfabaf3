import type { MessageKey } from '@bourse/shared/i18n/types';
import {
  ID_NUMBER_MAX_LENGTH,
  ID_NUMBER_MIN_LENGTH,
  ID_NUMBER_PATTERN,
  KYC_IMAGE_MAX_BYTES,
  KYC_IMAGE_TYPES,
  REAL_NAME_MAX_LENGTH,
  REAL_NAME_MIN_LENGTH,
  REAL_NAME_PATTERN,
  type KycDocType,
  type KycImageSide,
} from '@bourse/shared/schemas/kyc';

/**
 * The server's rules (packages/shared/src/schemas/kyc.ts), checked before anything is uploaded. A
 * problem is a catalog key with its parameters, translated where it is shown.
 */
export interface Problem {
  key: MessageKey;
  params?: Record<string, number>;
  /** The field was left empty (the spec's "all information must be filled"). */
  missing?: boolean;
}

const REQUIRED: Problem = { key: 'common.required', missing: true };

export const IMAGE_MAX_MEGABYTES = KYC_IMAGE_MAX_BYTES / (1024 * 1024);

export function normalizeRealName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

export function normalizeIdNumber(value: string): string {
  return value.trim().toUpperCase();
}

export function checkRealName(value: string): Problem | null {
  const name = normalizeRealName(value);
  if (!name) return REQUIRED;
  if (name.length < REAL_NAME_MIN_LENGTH || name.length > REAL_NAME_MAX_LENGTH) {
    return { key: 'kyc.validation.realNameLength', params: { min: REAL_NAME_MIN_LENGTH, max: REAL_NAME_MAX_LENGTH } };
  }
  return REAL_NAME_PATTERN.test(name) ? null : { key: 'kyc.validation.realNameInvalid' };
}

export function checkIdNumber(value: string): Problem | null {
  const number = normalizeIdNumber(value);
  if (!number) return REQUIRED;
  if (number.length < ID_NUMBER_MIN_LENGTH || number.length > ID_NUMBER_MAX_LENGTH) {
    return { key: 'kyc.validation.idNumberLength', params: { min: ID_NUMBER_MIN_LENGTH, max: ID_NUMBER_MAX_LENGTH } };
  }
  return ID_NUMBER_PATTERN.test(number) ? null : { key: 'kyc.validation.idNumberInvalid' };
}

export function checkDocType(value: KycDocType | ''): Problem | null {
  return value ? null : REQUIRED;
}

/**
 * A chosen photo's declared type and size. The server decides from the bytes; this only spares the
 * user an upload that would certainly be refused.
 */
export function checkPhotoFile(file: File): Problem | null {
  if (!(KYC_IMAGE_TYPES as readonly string[]).includes(file.type)) return { key: 'kyc.validation.imageType' };
  if (file.size > KYC_IMAGE_MAX_BYTES)
    return { key: 'kyc.validation.imageTooLarge', params: { maxMb: IMAGE_MAX_MEGABYTES } };
  return null;
}

export interface KycFormValues {
  realName: string;
  idNumber: string;
  docType: KycDocType | '';
  photos: Partial<Record<KycImageSide, File>>;
}

export type KycField = 'realName' | 'idNumber' | 'docType' | KycImageSide;

export function checkForm(values: KycFormValues): Partial<Record<KycField, Problem>> {
  const problems: Partial<Record<KycField, Problem>> = {};
  const add = (field: KycField, problem: Problem | null) => {
    if (problem) problems[field] = problem;
  };
  add('realName', checkRealName(values.realName));
  add('idNumber', checkIdNumber(values.idNumber));
  add('docType', checkDocType(values.docType));
  add('front', values.photos.front ? null : REQUIRED);
  add('back', values.photos.back ? null : REQUIRED);
  return problems;
}
