import { z } from 'zod';
import { pageQuery } from './common.ts';

/** An investor as the console lists them: contact data and account state, no money. */
export const adminUser = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  kycStatus: z.string(),
  status: z.enum(['active', 'frozen']),
  level: z.number().int(),
  creditPoints: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** The console's user search: a page, and part of a phone number or nickname. */
export const adminUsersQuery = pageQuery.extend({ q: z.string().trim().max(32).optional() });

/** What support sees of an investor: contact data (phone, name, KYC status, registration date). */
export const adminUserContact = z.object({ user: adminUser });
export type AdminUserContact = z.infer<typeof adminUserContact>;

/** The full page, for the roles that see investors' money (INVESTOR_MONEY_ROLES). */
export const adminUserDetail = z.object({
  user: adminUser,
  balances: z.object({
    cash: z.string(),
    frozen: z.string(),
    fund: z.string(),
    fundPending: z.string(),
    /** Fund units redeemed, paid into cash on the next business day (issue 14). */
    redeemPending: z.string(),
    loan: z.string(),
  }),
  entries: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      memo: z.string().nullable(),
      createdAt: z.string(),
      postings: z.array(z.object({ account: z.string(), amount: z.string() })),
    }),
  ),
  cards: z.array(
    z.object({
      id: z.number().int(),
      bankName: z.string(),
      holderName: z.string(),
      ibanMasked: z.string(),
      createdAt: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      revokedAt: z.string().nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** GET /api/admin/users/:id answers one or the other, by the caller's roles. */
export const adminUserPage = z.union([adminUserDetail, adminUserContact]);
export type AdminUserPage = z.infer<typeof adminUserPage>;
