import type { Language } from '../languages.ts';
import type { Catalog } from './types.ts';

/**
 * Each language's catalog as a chunk of its own, for the browser apps: a bundler splits every
 * dynamic import, so an app loads only the languages it shows (the investor app and the console
 * both start with one). Each catalog is complete by its type (`Catalog`: every English key), so an
 * app needs no fallback language. The server, which speaks every language, imports `index.ts`.
 */
export const catalogLoaders: Record<Language, () => Promise<Catalog>> = {
  de: () => import('./de.ts').then((m) => m.de),
  en: () => import('./en.ts').then((m) => m.en),
  fr: () => import('./fr.ts').then((m) => m.fr),
  it: () => import('./it.ts').then((m) => m.it),
  pt: () => import('./pt.ts').then((m) => m.pt),
  ru: () => import('./ru.ts').then((m) => m.ru),
  nl: () => import('./nl.ts').then((m) => m.nl),
  sv: () => import('./sv.ts').then((m) => m.sv),
  el: () => import('./el.ts').then((m) => m.el),
  es: () => import('./es.ts').then((m) => m.es),
  'zh-TW': () => import('./zh-TW.ts').then((m) => m.zhTW),
  'zh-CN': () => import('./zh-CN.ts').then((m) => m.zhCN),
};

/**
 * A language's download run once: concurrent calls share it, and a failure is forgotten so that a
 * later call (the investor retrying, the next screen) downloads again.
 */
export function oncePerLanguage(load: (lang: Language) => Promise<void>): (lang: Language) => Promise<void> {
  const pending = new Map<Language, Promise<void>>();
  return (lang) => {
    let running = pending.get(lang);
    if (!running) {
      running = load(lang).catch((error: unknown) => {
        pending.delete(lang);
        throw error;
      });
      pending.set(lang, running);
    }
    return running;
  };
}
