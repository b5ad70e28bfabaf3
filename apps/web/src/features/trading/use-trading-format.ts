import { formatMoney, formatNumber } from '@bourse/shared/format';
import { priceAtTick } from '@bourse/shared/price';
import { useSessionStore } from '../../lib/session-store';
import { useLanguage } from '../../ui/use-language';
import { formatDecimal, toneOf } from './figures';

export interface TradingFormat {
  /** The deployment's currency code ("EUR"), empty until the configuration is loaded. */
  currency: string;
  /** An amount with the currency ("€1,234.50"); signed adds "+" to gains. */
  money: (amount: string, options?: { signed?: boolean }) => string;
  /** A price with its 2–4 decimals, without currency ("12.3456"). */
  price: (price: string) => string;
  /** A price inside a sentence: on the instrument's tick grid, with its decimals ("23,09", not "23,0895"). */
  priceInText: (price: string, rounding?: 'nearest' | 'down' | 'up') => string;
  /** A percentage ("0.25 %"); signed adds "+" to gains. */
  percent: (pct: string, options?: { signed?: boolean }) => string;
  /** A whole number of shares or lots, grouped ("1,200"). */
  count: (value: number) => string;
}

const plus = (value: string, signed: boolean | undefined) => (signed && toneOf(value) === 'gain' ? '+' : '');

/** Formats the figures of the trading screens in the interface language, digits exactly as received. */
export function useTradingFormat(): TradingFormat {
  const lang = useLanguage();
  const currency = useSessionStore((state) => state.config?.currency) ?? '';
  return {
    currency,
    money: (amount, options) => {
      try {
        return `${plus(amount, options?.signed)}${formatMoney(amount, { lang, currency: currency || undefined })}`;
      } catch {
        return amount;
      }
    },
    price: (price) => formatDecimal(price, lang),
    priceInText: (price, rounding) => formatDecimal(priceAtTick(price, rounding), lang),
    percent: (pct, options) => `${plus(pct, options?.signed)}${formatDecimal(pct, lang)}\u00a0%`,
    count: (value) => formatNumber(value, lang),
  };
}
