import { z } from 'zod';

/** The spans of the home screen's portfolio value chart. */
export const PORTFOLIO_RANGES = ['day', 'week', 'month', 'year'] as const;
export const portfolioRange = z.enum(PORTFOLIO_RANGES);
export type PortfolioRange = z.infer<typeof portfolioRange>;

/** GET /api/user/portfolio/history?range=… */
export const portfolioHistoryQuery = z.strictObject({ range: portfolioRange.default('day') });

/** One point of the portfolio's value: an instant (epoch ms) and total assets then, in minor units. */
export const portfolioPoint = z.object({
  t: z.number().int(),
  value: z.number().int(),
});
export type PortfolioPoint = z.infer<typeof portfolioPoint>;

/**
 * The portfolio's value over a range: the daily snapshots taken at each session's end (oldest
 * first), then one last point for now (the total assets /api/user/assets reports).
 */
export const portfolioHistory = z.object({
  range: portfolioRange,
  currency: z.string(),
  points: z.array(portfolioPoint),
});
export type PortfolioHistory = z.infer<typeof portfolioHistory>;
