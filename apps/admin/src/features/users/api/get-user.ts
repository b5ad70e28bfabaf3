import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/request.ts';
import { userSummary, usersQueryKey } from './get-users.ts';

export const adminUser = userSummary.extend({ level: z.number().int(), creditPoints: z.number().int() });
export type AdminUser = z.infer<typeof adminUser>;

const posting = z.object({ account: z.string(), amount: z.string() });
export type Posting = z.infer<typeof posting>;

const ledgerEntry = z.object({
  id: z.number().int(),
  kind: z.string(),
  memo: z.string().nullable(),
  createdAt: z.string(),
  postings: z.array(posting),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

const userCard = z.object({
  id: z.number().int(),
  bankName: z.string(),
  holderName: z.string(),
  ibanMasked: z.string(),
  createdAt: z.string(),
});
export type UserCard = z.infer<typeof userCard>;

const userSession = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type UserSession = z.infer<typeof userSession>;

/** The user's ledger account balances (DESIGN §3), as decimal strings. */
const balances = z.object({
  cash: z.string(),
  frozen: z.string(),
  fund: z.string(),
  fundPending: z.string(),
  loan: z.string(),
});
export type UserBalances = z.infer<typeof balances>;

/** Everything the console shows on a user's page: profile, balances, recent entries, cards, sessions. */
export const userDetail = z.object({
  user: adminUser,
  balances,
  entries: z.array(ledgerEntry),
  cards: z.array(userCard),
  sessions: z.array(userSession),
});
export type UserDetail = z.infer<typeof userDetail>;

/** What support is shown of an investor: the profile (contact data) only, no money (DESIGN §4). */
export const userContact = z.object({ user: adminUser });
export type UserContact = z.infer<typeof userContact>;

export const userDetailQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'detail', userId],
    queryFn: ({ signal }) =>
      request(`/api/admin/users/${userId}`, { schema: z.union([userDetail, userContact]), signal }),
    meta: { errorDisplay: 'inline' },
  });

export function useUserDetail(userId: number) {
  return useQuery(userDetailQueryOptions(userId));
}
