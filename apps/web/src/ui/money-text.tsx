import { formatMoney } from '@bourse/shared/format';
import { useLanguage } from './use-language';

export interface MoneyTextProps {
  /** A decimal string from the API, e.g. "1234.50" (never a float). */
  amount: string;
  /** ISO currency code; without it the number is shown without a symbol. */
  currency?: string;
  /** Colours gains and losses (and prefixes gains with +), for P/L figures. */
  signed?: boolean;
  className?: string;
}

/** An amount of money formatted for the interface language. */
export function MoneyText({ amount, currency, signed = false, className }: MoneyTextProps) {
  const lang = useLanguage();
  const trimmed = amount.trim();
  let text: string;
  try {
    text = formatMoney(trimmed, { lang, currency });
  } catch {
    // Not a decimal string: show it as received rather than break the screen.
    text = trimmed;
  }
  const negative = trimmed.startsWith('-');
  const zero = /^-?0*(\.0*)?$/.test(trimmed);
  const tone = !signed || zero ? '' : negative ? ' money-text-loss' : ' money-text-gain';
  return (
    <span className={`money-text${tone}${className ? ` ${className}` : ''}`}>
      {signed && !negative && !zero ? '+' : ''}
      {text}
    </span>
  );
}
