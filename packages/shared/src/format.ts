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
  const formatter = numberFormat(locale, {
    style: options.currency ? 'currency' : 'decimal',
    ...(options.currency ? { currency: options.currency } : {}),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // Format a sentinel with the same integer part to learn the locale's layout, then put the exact cents in.
  // A zero integer part cannot carry the sign ("-0.07"), so -1 stands in for it and its digit becomes 0.
  const integer = BigInt(whole);
  const negative = sign === '-' && !/^0*$/.test(`${whole}${fraction}`);
  const sentinel = integer === 0n && negative ? -1n : negative ? -integer : integer;
  const parts = formatter.formatToParts(sentinel);
  return parts
    .map((part) => (part.type === 'fraction' ? cents : part.type === 'integer' && integer === 0n ? '0' : part.value))
    .join('');
}

/**
 * Intl formatters are costly to build (a fraction of a millisecond each, far more on a slow phone) and
 * a screen formats hundreds of figures, live lists and charts again at every tick: every formatter is
 * kept per locale and options. The options are few fixed shapes (time zones included), so the caches
 * stay small; they are emptied if they ever pass CACHE_LIMIT entries.
 */
const CACHE_LIMIT = 500;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = build();
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/** `new Intl.NumberFormat(locale, options)`, built once per locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, `${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(
    dateTimeFormats,
    `${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

/**
 * A decimal string (a price, a ratio) laid out for the language with every fraction digit it has,
 * and at least `minFractionDigits` (2 by default): "1234.5678" → "1.234,5678" in German. Like
 * formatMoney it never goes through a float. `signed` writes a plus sign before positive values.
 */
export function formatDecimal(
  value: string,
  options: { lang?: Language; minFractionDigits?: number; signed?: boolean } = {},
): string {
  const lang = options.lang ?? DEFAULT_LANGUAGE;
  const match = /^([-+])?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign = '', whole = '0', rawFraction = ''] = match;
  const fraction = rawFraction.padEnd(options.minFractionDigits ?? 2, '0');
  const zero = /^0*$/.test(`${whole}${rawFraction}`);
  const negative = sign === '-' && !zero;
  const integer = BigInt(whole);
  // Intl lays out the sign and the grouping of the integer part; the fraction digits are put in as
  // they are. A zero integer part cannot carry a sign, so ±1 stands in for it and its digit becomes 0.
  const magnitude = integer === 0n && !zero ? 1n : integer;
  const formatter = numberFormat(LOCALES[lang], {
    minimumFractionDigits: fraction ? 1 : 0,
    maximumFractionDigits: fraction ? 1 : 0,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  });
  return formatter
    .formatToParts(negative ? -magnitude : magnitude)
    .map((part) => (part.type === 'fraction' ? fraction : part.type === 'integer' && integer === 0n ? '0' : part.value))
    .join('');
}

/**
 * A percentage given as a decimal string of percent ("1.25" → "1,25 %" in German, "1.25%" in
 * English), with the language's sign and spacing; `signed` writes "+" before gains.
 */
export function formatPercent(value: string, options: { lang?: Language; signed?: boolean } = {}): string {
  const lang = options.lang ?? DEFAULT_LANGUAGE;
  const text = value.trim();
  const digits = formatDecimal(text.replace(/^[-+]/, ''), { lang });
  const zero = /^[-+]?0*(\.0*)?$/.test(text);
  const negative = text.startsWith('-') && !zero;
  // The layout of ±100 % in this language, with the digits replaced by the exact ones.
  const layout = numberFormat(LOCALES[lang], {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).formatToParts(zero ? 0 : negative ? -1 : 1);
  return layout.map((part) => (part.type === 'integer' ? digits : part.type === 'group' ? '' : part.value)).join('');
}

/**
 * A large whole quantity (shares traded) or amount in the language's short form ("1,2 Mio."),
 * from its integer part only; `currency` adds the currency symbol.
 */
export function formatCompact(value: string | number, options: { lang?: Language; currency?: string } = {}): string {
  const lang = options.lang ?? DEFAULT_LANGUAGE;
  const match = /^(-)?(\d+)(?:\.\d+)?$/.exec(String(value).trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign = '', whole = '0'] = match;
  return numberFormat(LOCALES[lang], {
    notation: 'compact',
    maximumFractionDigits: 1,
    ...(options.currency ? { style: 'currency', currency: options.currency } : {}),
  }).format(sign ? -BigInt(whole) : BigInt(whole));
}

export function formatNumber(value: number | bigint, lang: Language = DEFAULT_LANGUAGE, digits?: number): string {
  return numberFormat(
    LOCALES[lang],
    digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits },
  ).format(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The spec's default date format `YYYY-MM-DD HH:mm:ss`, in the given IANA time zone (the user's
 * zone in the browser; UTC by default). Uses Intl to shift into the zone, then lays the digits out.
 */
export function formatDateTime(value: Date | string | number, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  const parts = Object.fromEntries(
    dateTimeFormat('en-GB', {
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
  return dateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: timeZone ?? 'UTC' }).format(date);
}
