import { queryOptions } from '@tanstack/react-query';
import { portfolioHistory, type PortfolioHistory, type PortfolioRange } from '@bourse/shared/schemas/portfolio';
import { get } from '../../../lib/request';

/** GET /api/user/portfolio/history: the daily snapshots of the range, then now (minor units). */
export function getPortfolioHistory(range: PortfolioRange, signal?: AbortSignal): Promise<PortfolioHistory> {
  return get('/api/user/portfolio/history', { range }, { schema: portfolioHistory, signal });
}

export const portfolioHistoryQueryOptions = (range: PortfolioRange) =>
  queryOptions({
    queryKey: ['user', 'portfolio', 'history', range],
    queryFn: ({ signal }) => getPortfolioHistory(range, signal),
    staleTime: 0,
  });
