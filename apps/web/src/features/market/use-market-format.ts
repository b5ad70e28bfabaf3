import { useMemo } from 'react';
import { formatCompact, formatDecimal, formatNumber, formatPercent } from '@bourse/shared/format';
import { useLanguage } from '../../ui/use-language';

/** Shows a value as received when it is not the decimal the API promises, rather than break a screen. */
function orRaw(format: () => string, raw: string | number): string {
  try {
    return format();
  } catch {
    return String(raw);
  }
}

/** Whether a signed decimal string is a gain, a loss or no change. */
export type Trend = 'up' | 'down' | 'flat';

export function trendOf(change: string): Trend {
  const text = change.trim();
  if (/^[-+]?0*(\.0*)?$/.test(text)) return 'flat';
  return text.startsWith('-') ? 'down' : 'up';
}

/** Number formats of the market screens in the interface language; prices keep every digit. */
export function useMarketFormat() {
  const lang = useLanguage();
  return useMemo(
    () => ({
      lang,
      price: (value: string) => orRaw(() => formatDecimal(value, { lang }), value),
      /** A change in price with its sign ("+1.25", "−0.40"). */
      change: (value: string) => orRaw(() => formatDecimal(value, { lang, signed: true }), value),
      /** A change in percent with its sign ("+1.25 %"). */
      percent: (value: string) => orRaw(() => formatPercent(value, { lang, signed: true }), value),
      /** A ratio such as P/E, as many decimals as it has. */
      ratio: (value: string) => orRaw(() => formatDecimal(value, { lang, minFractionDigits: 0 }), value),
      integer: (value: number) => formatNumber(value, lang),
      /** Shares or an amount in short form ("1.2M"); with a currency, as money. */
      compact: (value: string | number, currency?: string) =>
        orRaw(() => formatCompact(value, { lang, currency }), value),
    }),
    [lang],
  );
}

export type MarketFormat = ReturnType<typeof useMarketFormat>;
