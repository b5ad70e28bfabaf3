/** The twelve interface languages. German is the default (the spec's rule). */
export const LANGUAGES = ['de', 'en', 'fr', 'it', 'pt', 'ru', 'nl', 'sv', 'el', 'es', 'zh-TW', 'zh-CN'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'de';

/** Each language's name in itself (an endonym), shown in the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  fr: 'Français',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
  nl: 'Nederlands',
  sv: 'Svenska',
  el: 'Ελληνικά',
  es: 'Español',
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
};

/** BCP 47 locale used with Intl for each interface language. */
export const LOCALES: Record<Language, string> = {
  de: 'de-DE',
  en: 'en-GB',
  fr: 'fr-FR',
  it: 'it-IT',
  pt: 'pt-PT',
  ru: 'ru-RU',
  nl: 'nl-NL',
  sv: 'sv-SE',
  el: 'el-GR',
  es: 'es-ES',
  'zh-TW': 'zh-TW',
  'zh-CN': 'zh-CN',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the best supported language from a `lang` header value or an Accept-Language list
 * ("fr-CH, fr;q=0.9, en;q=0.8"). Chinese variants map by script or region: Hant/TW/HK/MO → zh-TW,
 * everything else → zh-CN.
 */
export function resolveLanguage(...candidates: Array<string | undefined | null>): Language | undefined {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const ranked = candidate
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const qParam = params.find((p) => p.trim().startsWith('q='));
        const q = qParam ? Number(qParam.trim().slice(2)) : 1;
        return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
      })
      .filter((entry) => entry.tag && entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    for (const { tag } of ranked) {
      const match = matchTag(tag);
      if (match) return match;
    }
  }
  return undefined;
}

function matchTag(tag: string): Language | undefined {
  const lower = tag.toLowerCase().replace('_', '-');
  if (lower.startsWith('zh')) {
    return /(hant|-tw|-hk|-mo)/.test(lower) ? 'zh-TW' : 'zh-CN';
  }
  const primary = lower.split('-')[0];
  return LANGUAGES.find((lang) => lang === primary);
}
