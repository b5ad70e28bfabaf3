import { z } from 'zod';
import { COLOR_CONVENTIONS } from '../color-conventions.ts';
import { LANGUAGES } from '../languages.ts';
import { PASSWORD_MAX_LENGTH } from '../password.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, isStrongPassword } from '../password.ts';

/** The body of login and register: one field holding a compact JWE. */
export const encryptedBody = z.strictObject({
  query: z.string().min(1).max(8192),
});
export type EncryptedBody = z.infer<typeof encryptedBody>;

/** Freshness fields every encrypted payload carries (iat in seconds, as in JWT). */
const freshness = {
  iat: z.number().int().positive(),
  nonce: z.string().min(16).max(128),
};

export const registerPayload = z.strictObject({
  phone: z.string().min(1).max(32),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  confirmPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  inviteCode: z.string().min(1).max(64),
  agree: z.boolean(),
  ...freshness,
});
export type RegisterPayload = z.infer<typeof registerPayload>;

export const loginPayload = z.strictObject({
  username: z.string().min(1).max(32),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  ...freshness,
});
export type LoginPayload = z.infer<typeof loginPayload>;

export const publicKeyResponse = z.object({
  kid: z.string(),
  alg: z.literal('RSA-OAEP-256'),
  enc: z.literal('A256GCM'),
  jwk: z.object({ kty: z.literal('RSA'), n: z.string(), e: z.string(), kid: z.string().optional() }),
  pem: z.string(),
});
export type PublicKeyResponse = z.infer<typeof publicKeyResponse>;

export const kycStatus = z.enum(['none', 'in_review', 'approved', 'resubmit']);
export type KycStatus = z.infer<typeof kycStatus>;

export const languageSchema = z.enum(LANGUAGES);

export { COLOR_CONVENTIONS } from '../color-conventions.ts';
export const colorConventionSchema = z.enum(COLOR_CONVENTIONS);
export type ColorConvention = z.infer<typeof colorConventionSchema>;

export const userInfo = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  /** The e-mail address the investor gave (personal info); optional: copies stored before it existed lack it. */
  email: z.string().nullable().optional(),
  lang: languageSchema,
  kycStatus,
  level: z.number().int(),
  creditPoints: z.number().int(),
  hasTradingPassword: z.boolean(),
  /** The investor's colour convention; null until chosen (the language decides). Optional: copies stored before it existed lack it. */
  colorConvention: colorConventionSchema.nullable().optional(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginResponse = z.object({
  userinfo: userInfo.extend({ token: z.string(), expiresAt: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** Registering signs the investor in: the same answer as a login, with the new session's token. */
export const registerResponse = loginResponse;
export type RegisterResponse = LoginResponse;

export const forgotPasswordCodeBody = z.strictObject({ phone: z.string().min(1).max(32) });

export const forgotPasswordBody = z.strictObject({
  phone: z.string().min(1).max(32),
  code: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  confirmPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const changePasswordBody = z.strictObject({
  oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  confirmPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const profileBody = z.strictObject({
  /** Checked by the server (1–30 characters once trimmed, no control characters): NICKNAME_INVALID. */
  nickname: z.string().max(200).optional(),
  email: z.email().max(254).optional(),
  lang: languageSchema.optional(),
  /** null goes back to the language's default. */
  colorConvention: colorConventionSchema.nullable().optional(),
});

export const feesSchema = z.object({
  commissionRate: z.string(),
  commissionMin: z.string(),
  transactionFeeRate: z.string(),
  stampDutyRate: z.string(),
});

export const configResponse = z.object({
  kf_url: z.string(),
  version: z.string(),
  minDeposit: z.string(),
  minWithdrawal: z.string(),
  minTransfer: z.string(),
  /** Charged on every withdrawal, shown before the investor confirms (DESIGN §4). */
  withdrawalFee: z.string(),
  currency: z.string(),
  languages: z.array(languageSchema),
  defaultLanguage: languageSchema,
  fees: feesSchema,
});
export type ConfigResponse = z.infer<typeof configResponse>;

export const kefuResponse = z.object({ url: z.string(), hours: z.string(), online: z.boolean() });
export type KefuResponse = z.infer<typeof kefuResponse>;

export const agreementQuery = z.strictObject({ lang: languageSchema.optional() });
export const agreementResponse = z.object({
  lang: languageSchema,
  title: z.string(),
  updated: z.string(),
  intro: z.string(),
  sections: z.array(z.object({ id: z.string(), title: z.string(), body: z.string() })),
});
export type AgreementResponse = z.infer<typeof agreementResponse>;

/** The trading password: exactly six digits. */
export const tradingPasswordPattern = /^\d{6}$/;
const tradingPassword = z.string().regex(tradingPasswordPattern, 'must be 6 digits');

export const tradingPasswordBody = z.strictObject({
  password: tradingPassword,
  confirmPassword: tradingPassword,
  /** Needed to set the first one, and accepted instead of the old one when changing it. */
  loginPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
  oldPassword: tradingPassword.optional(),
});
