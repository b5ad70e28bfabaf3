import type { en } from './en.ts';

type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language catalog must have: the English keys, any string values. */
export type Catalog = Widen<typeof en>;

type Join<K extends string, P extends string> = `${K}.${P}`;

/** Every dotted leaf key of the catalog, e.g. `auth.login` or `errors.NOT_FOUND`. */
export type MessageKey<T = Catalog> = {
  [K in keyof T & string]: T[K] extends string ? K : Join<K, MessageKey<T[K]>>;
}[keyof T & string];

/** The catalog sections the investor app's first screen (the login) shows: `first-screen/*.ts`. */
export const FIRST_SCREEN_SECTIONS = ['app', 'common', 'auth', 'language', 'pwa'] as const;
export type FirstScreenCatalog = Pick<Catalog, (typeof FIRST_SCREEN_SECTIONS)[number]>;
