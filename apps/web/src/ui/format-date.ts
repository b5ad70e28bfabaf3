import { formatDateTime, formatLongDate } from '@bourse/shared/format';
import type { Language } from '@bourse/shared/languages';

/** A long date in the interface language; the raw value if it is not a date. */
export function displayLongDate(value: string | number | Date, lang: Language): string {
  try {
    return formatLongDate(value, lang);
  } catch {
    return String(value);
  }
}

/** The zone the device is set to (what "the user's zone" means in the browser). */
export function userTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The spec's `YYYY-MM-DD HH:mm:ss` in the user's zone; the raw value if it is not a date. */
export function formatUserDateTime(value: string | number | Date): string {
  try {
    return formatDateTime(value, userTimeZone());
  } catch {
    return String(value);
  }
}
