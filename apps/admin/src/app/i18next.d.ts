import type { en } from '@bourse/shared/i18n/en';

// Typed keys and interpolation parameters: the English catalog defines the key set for every language.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
