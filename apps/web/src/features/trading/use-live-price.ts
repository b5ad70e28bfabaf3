import type { Quote } from '@bourse/shared/schemas/market';
import { useLiveQuote } from '../../lib/stream';

/**
 * The instrument's quote as it streams in, starting from what the last answer held; the trading
 * screens read its last, bid and ask.
 */
export function useLivePrice(code: string, initial?: Quote): Quote | undefined {
  return useLiveQuote(code, initial) ?? initial;
}
