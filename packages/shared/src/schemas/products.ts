import { z } from 'zod';

/**
 * GET /api/products (open): the products on offer with the conditions in force, read from the
 * settings, the fund's rate and the loan settings. Fee rates are decimal fractions ("0.0025" =
 * 0.25 %), interest rates percentages a year ("8.00"), amounts decimal strings.
 */
export const products = z.object({
  shares: z.object({
    commissionRate: z.string(),
    commissionMin: z.string(),
    transactionFeeRate: z.string(),
    stampDutyRate: z.string(),
    /** Shares bought today can be sold from the next business day only. */
    tPlusOne: z.boolean(),
  }),
  fund: z.object({
    /** The annual rate in force today. */
    rate: z.string(),
    effectiveDate: z.string().nullable(),
  }),
  loans: z.object({
    rate: z.string(),
    termsDays: z.array(z.number().int()),
    limits: z.array(z.object({ level: z.number().int(), limit: z.string() })),
  }),
  wallet: z.object({
    minDeposit: z.string(),
    maxDeposit: z.string(),
    minWithdrawal: z.string(),
  }),
});
export type Products = z.infer<typeof products>;
