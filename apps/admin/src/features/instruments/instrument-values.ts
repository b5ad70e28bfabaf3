import { en } from '@bourse/shared/i18n/en';
import { PRICE_PATTERN, parsePrice } from '@bourse/shared/price';
import { INSTRUMENT_CODE_PATTERN, RATIO_PATTERN } from '@bourse/shared/schemas/market';

/** The server's limits for an instrument (`instrumentInput`), checked here first for a clear message. */
export const NAME_LENGTH_MAX = 100;
export const SECTOR_LENGTH_MAX = 40;
export const LOT_SIZE_MAX = 1_000_000;
export const SHARES_OUTSTANDING_MAX = 1e15;

export const isInstrumentCode = (text: string) => INSTRUMENT_CODE_PATTERN.test(text);

/** Sectors the investor app translates (`market.sectors`); any other sector is shown as typed. */
export type KnownSector = keyof typeof en.market.sectors;
export const KNOWN_SECTORS = Object.keys(en.market.sectors) as KnownSector[];
export const isKnownSector = (sector: string): sector is KnownSector => Object.hasOwn(en.market.sectors, sector);

/** A whole number from 1 to 1,000,000, digits only. */
export function isLotSize(text: string): boolean {
  return /^[1-9]\d{0,6}$/.test(text) && Number(text) <= LOT_SIZE_MAX;
}

/** A whole number of shares, digits only, at most 10^15. */
export function isShareCount(text: string): boolean {
  return /^(0|[1-9]\d{0,15})$/.test(text) && Number(text) <= SHARES_OUTSTANDING_MAX;
}

/** A P/E ratio: up to 2 decimals, possibly negative; an empty field means none. */
export const isRatio = (text: string) => RATIO_PATTERN.test(text);

/** A price above zero with at most 4 decimals ("12.50"). */
export function isPositivePrice(text: string): boolean {
  return PRICE_PATTERN.test(text) && (parsePrice(text) ?? 0) > 0;
}

/** One row of the translated-names editor. */
export interface NameRow {
  language?: string;
  name?: string;
}

/** The editor's rows as the API's map of names by language, blank rows left out. */
export function namesOf(rows: readonly NameRow[] | undefined): Record<string, string> {
  const names: Record<string, string> = {};
  for (const row of rows ?? []) {
    const name = row.name?.trim() ?? '';
    if (row.language && name !== '') names[row.language] = name;
  }
  return names;
}

/** The map of names as editor rows, in the catalog's language order. */
export function nameRowsOf(names: Record<string, string>, order: readonly string[]): NameRow[] {
  const known = order.filter((language) => language in names);
  const others = Object.keys(names).filter((language) => !order.includes(language));
  return [...known, ...others].map((language) => ({ language, name: names[language] }));
}

/** Whether two maps of names hold the same names, whatever their order. */
export function sameNames(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
