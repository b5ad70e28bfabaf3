import { formatDecimal, formatMoney, formatNumber } from '@bourse/shared/format';
import { useSessionStore } from '../lib/session-store';
import { formatUserDateTime } from './format-date';
import { useLanguage } from './use-language';

export interface DisplayFormat {
  /** An amount with the deployment's currency ("1.234,50 €"). */
  money: (amount: string) => string;
  /** A price or ratio with the decimals it has, at least two ("12,3456"). */
  decimal: (value: string) => string;
  /** A whole number, grouped ("1.200"). */
  count: (value: number) => string;
  /** A time in the user's zone, `YYYY-MM-DD HH:mm:ss`. */
  dateTime: (value: string) => string;
}

/** Formats wire figures (amounts, prices, counts, times) in the interface language, digits exactly as received. */
export function useDisplayFormat(): DisplayFormat {
  const lang = useLanguage();
  const currency = useSessionStore((state) => state.config?.currency) ?? '';
  return {
    money: (amount) => {
      try {
        return formatMoney(amount, { lang, currency: currency || undefined });
      } catch {
        return amount;
      }
    },
    decimal: (value) => {
      try {
        return formatDecimal(value, { lang });
      } catch {
        return value;
      }
    },
    count: (value) => formatNumber(value, lang),
    dateTime: formatUserDateTime,
  };
}
