import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../languages.ts';
import { de } from './de.ts';
import { el } from './el.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { nl } from './nl.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import { sv } from './sv.ts';
import type { Catalog, MessageKey } from './types.ts';
import { zhCN } from './zh-CN.ts';
import { zhTW } from './zh-TW.ts';

export type { Catalog, MessageKey };

export const catalogs: Record<Language, Catalog> = {
  de,
  en,
  fr,
  it,
  pt,
  ru,
  nl,
  sv,
  el,
  es,
  'zh-TW': zhTW,
  'zh-CN': zhCN,
};

export type MessageParams = Record<string, string | number>;

/** Flattens a catalog into dotted keys, e.g. `{ auth: { login } }` → `auth.login`. */
export function flattenCatalog(catalog: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flattenCatalog(value as object, path));
  }
  return out;
}

const flat = Object.fromEntries(LANGUAGES.map((lang) => [lang, flattenCatalog(catalogs[lang])])) as Record<
  Language,
  Record<string, string>
>;

/** Fills {{name}} placeholders; unknown placeholders stay visible rather than vanish. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** Translates a key for the server and tests; falls back to German, then English, then the key. */
export function translate(lang: Language, key: MessageKey, params?: MessageParams): string {
  const template = flat[lang][key] ?? flat[DEFAULT_LANGUAGE][key] ?? flat.en[key] ?? key;
  return interpolate(template, params);
}
