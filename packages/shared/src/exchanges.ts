/**
 * The exchanges instruments are listed on, with their trading sessions (local time, in the
 * exchange's IANA zone; a lunch break makes two sessions). Seeded into the `exchanges` table by
 * migration 0023; an operator may later change a row there.
 */
export interface ExchangeDefinition {
  code: string;
  /** The exchange's usual international name. */
  name: string;
  /** Names by language, only where the exchange really has one in that language. */
  names: Record<string, string>;
  timeZone: string;
  /** Sessions `HH:MM-HH:MM`, comma-separated, in `timeZone`. */
  hours: string;
}

export const EXCHANGES: readonly ExchangeDefinition[] = [
  { code: 'XETRA', name: 'Xetra', names: {}, timeZone: 'Europe/Berlin', hours: '09:00-17:30' },
  { code: 'XPAR', name: 'Euronext Paris', names: {}, timeZone: 'Europe/Paris', hours: '09:00-17:30' },
  { code: 'XAMS', name: 'Euronext Amsterdam', names: {}, timeZone: 'Europe/Amsterdam', hours: '09:00-17:30' },
  { code: 'XMAD', name: 'Bolsa de Madrid', names: {}, timeZone: 'Europe/Madrid', hours: '09:00-17:30' },
  { code: 'XSWX', name: 'SIX Swiss Exchange', names: {}, timeZone: 'Europe/Zurich', hours: '09:00-17:30' },
  { code: 'XCSE', name: 'Nasdaq Copenhagen', names: {}, timeZone: 'Europe/Copenhagen', hours: '09:00-17:00' },
  {
    code: 'XATH',
    name: 'Athens Stock Exchange',
    names: { el: 'Χρηματιστήριο Αθηνών' },
    timeZone: 'Europe/Athens',
    hours: '10:00-17:20',
  },
  {
    code: 'SSE',
    name: 'Shanghai Stock Exchange',
    names: { 'zh-CN': '上海证券交易所', 'zh-TW': '上海證券交易所' },
    timeZone: 'Asia/Shanghai',
    hours: '09:30-11:30,13:00-15:00',
  },
  {
    code: 'SZSE',
    name: 'Shenzhen Stock Exchange',
    names: { 'zh-CN': '深圳证券交易所', 'zh-TW': '深圳證券交易所' },
    timeZone: 'Asia/Shanghai',
    hours: '09:30-11:30,13:00-15:00',
  },
  {
    code: 'HKEX',
    name: 'Hong Kong Exchanges',
    names: { 'zh-CN': '香港交易所', 'zh-TW': '香港交易所' },
    timeZone: 'Asia/Hong_Kong',
    hours: '09:30-12:00,13:00-16:00',
  },
  {
    code: 'TWSE',
    name: 'Taiwan Stock Exchange',
    names: { 'zh-CN': '台湾证券交易所', 'zh-TW': '臺灣證券交易所' },
    timeZone: 'Asia/Taipei',
    hours: '09:00-13:30',
  },
  { code: 'NYSE', name: 'New York Stock Exchange', names: {}, timeZone: 'America/New_York', hours: '09:30-16:00' },
  { code: 'NASDAQ', name: 'Nasdaq', names: {}, timeZone: 'America/New_York', hours: '09:30-16:00' },
];

/** The exchange of the demo catalogue's instruments whose code alone does not tell it. */
const BY_CODE: Record<string, string> = {
  DAX: 'XETRA',
  SX5E: 'XETRA',
  CSI300: 'SSE',
  HSI: 'HKEX',
  '2330': 'TWSE',
  '2454': 'TWSE',
  MC: 'XPAR',
  TTE: 'XPAR',
  AIR: 'XPAR',
  IBE: 'XMAD',
  ASML: 'XAMS',
  NESN: 'XSWX',
  GALD: 'XSWX',
  'NOVO-B': 'XCSE',
  OTE: 'XATH',
  ETE: 'XATH',
  AAPL: 'NASDAQ',
  MSFT: 'NASDAQ',
  NVDA: 'NASDAQ',
  AMZN: 'NASDAQ',
  GOOGL: 'NASDAQ',
  TSLA: 'NASDAQ',
  JPM: 'NYSE',
  'BRK.B': 'NYSE',
  JNJ: 'NYSE',
  XOM: 'NYSE',
  KO: 'NYSE',
  PLD: 'NYSE',
};

/** Where an instrument without a known exchange is listed: the deployment's home market. */
export const DEFAULT_EXCHANGE = 'XETRA';

/**
 * The exchange an instrument code belongs to: the catalogue's own list, then the code's shape
 * (six digits: Shanghai for 6…/9…, Shenzhen otherwise; four or five digits: Hong Kong), else Xetra.
 */
export function exchangeForCode(code: string): string {
  const known = BY_CODE[code];
  if (known) return known;
  if (/^[69]\d{5}$/.test(code)) return 'SSE';
  if (/^\d{6}$/.test(code)) return 'SZSE';
  if (/^\d{4,5}$/.test(code)) return 'HKEX';
  return DEFAULT_EXCHANGE;
}

/** One session `HH:MM-HH:MM` (24:00 only as a close). */
const SESSION = /^([01]\d|2[0-3]):([0-5]\d)-(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/**
 * An exchange's trading sessions (`HH:MM-HH:MM`, comma-separated) as minutes after local midnight,
 * or null when they are not well-formed, a session does not close after it opens, or a session
 * starts before the one before it has closed.
 */
export function parseSessions(hours: string): Array<{ open: number; close: number }> | null {
  const sessions: Array<{ open: number; close: number }> = [];
  for (const range of hours.split(',')) {
    const match = SESSION.exec(range.trim());
    if (!match) return null;
    const open = Number(match[1]) * 60 + Number(match[2]);
    const close = match[3] === undefined ? 24 * 60 : Number(match[3]) * 60 + Number(match[4]);
    const previous = sessions[sessions.length - 1];
    if (close <= open || (previous && open < previous.close)) return null;
    sessions.push({ open, close });
  }
  return sessions;
}

/** Sessions as stored: trimmed, comma-separated without spaces. */
export function normalizeSessions(hours: string): string {
  return hours
    .split(',')
    .map((range) => range.trim())
    .join(',');
}

/** The IANA name of a time zone this runtime knows (canonical spelling), or null. */
export function canonicalTimeZone(zone: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
