import { formatLongDate } from '@bourse/shared/format';
import type { Language } from '@bourse/shared/languages';

/** A long date in the interface language; the raw value if it is not a date. */
export function displayLongDate(value: string | number | Date, lang: Language): string {
  try {
    return formatLongDate(value, lang);
  } catch {
    return String(value);
  }
}
