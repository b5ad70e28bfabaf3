import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { costBreakdown, type CostBreakdown, type TradeQuoteBody } from '@bourse/shared/schemas/trading';
import { post } from '../../../lib/request';

export type TradeQuoteInput = Omit<TradeQuoteBody, 'timeInForce'> & Partial<Pick<TradeQuoteBody, 'timeInForce'>>;

/**
 * POST /api/trade/quote: the ex-ante cost breakdown of an order (gross, each fee, total, in money
 * and percent) with the cash available or the lot's sellable shares. Nothing is reserved.
 */
export function getTradeQuote(body: TradeQuoteInput, signal?: AbortSignal): Promise<CostBreakdown> {
  // A preview asked again with the same inputs (the price moved) is not a double submission.
  return post('/api/trade/quote', body, { schema: costBreakdown, signal, allowDuplicate: true });
}

export const tradeQuoteQueryRoot = ['trading', 'quote'] as const;

/**
 * `priceMark` changes whenever the market price the estimate depends on changes (market orders),
 * so the preview follows the price without the body changing.
 */
export const tradeQuoteQueryOptions = (body: TradeQuoteInput, priceMark: string | null) =>
  queryOptions({
    queryKey: [...tradeQuoteQueryRoot, body, priceMark],
    queryFn: ({ signal }) => getTradeQuote(body, signal),
    staleTime: 0,
    gcTime: 60_000,
  });

/** The preview of what the ticket holds, or nothing while the ticket is incomplete. */
export function useTradeQuote(body: TradeQuoteInput | null, priceMark: string | null) {
  return useQuery({
    ...tradeQuoteQueryOptions(body ?? { code: '', side: 'buy', type: 'market' }, priceMark),
    enabled: body !== null,
    // The previous estimate stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
