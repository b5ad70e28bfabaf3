import { DEFAULT_LANGUAGE, LOCALES, type Language } from './languages.ts';

/**
 * Formatting for display. Money arrives as decimal strings and is formatted from its digits, never
 * through a float: Intl gets the integer part as a BigInt and the fraction is placed with the
 * locale's decimal separator.
 */
export function formatMoney(amount: string, options: { lang?: Language; currency?: string } = {}): string {
  const lang = options.lang ?? DEFAULT_LANGUAGE;
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a decimal amount: ${amount}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const cents = `${fraction}00`.slice(0, 2);
  const locale = LOCALES[lang];
  const formatter = new Intl.NumberFormat(locale, {
    style: options.currency ? 'currency' : 'decimal',
    currency: options.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // Format a sentinel with the same integer part to learn the locale's layout, then put the exact cents in.
  const parts = formatter.formatToParts(BigInt(whole) * (sign ? -1n : 1n));
  return parts.map((part) => (part.type === 'fraction' ? cents : part.value)).join('');
}

export function formatNumber(value: number | bigint, lang: Language = DEFAULT_LANGUAGE, digits?: number): string {
  return new Intl.NumberFormat(LOCALES[lang], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The spec's default date format `YYYY-MM-DD HH:mm:ss`, in the given IANA time zone (the user's
 * zone in the browser; UTC by default). Uses Intl to shift into the zone, then lays the digits out.
 */
export function formatDateTime(value: Date | string | number, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone ?? 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${pad(Number(parts.hour))}:${parts.minute}:${parts.second}`;
}

/** A localized long date for prose (e.g. "21. November 2026"). */
export function formatLongDate(value: Date | string | number, lang: Language = DEFAULT_LANGUAGE, timeZone?: string) {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: timeZone ?? 'UTC' }).format(date);
}
