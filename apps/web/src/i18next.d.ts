import 'i18next';
import type { Catalog } from '@bourse/shared/i18n/types';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}
