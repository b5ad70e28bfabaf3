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

let deviceZone: { zone: string | undefined } | null = null;

/**
 * The zone the device is set to (what "the user's zone" means in the browser), read once per page load:
 * it took a new Intl.DateTimeFormat for every time shown (a list of a hundred orders, a hundred).
 */
export function userTimeZone(): string | undefined {
  if (deviceZone === null) {
    try {
      deviceZone = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    } catch {
      deviceZone = { zone: undefined };
    }
  }
  return deviceZone.zone;
}

/** The spec's `YYYY-MM-DD HH:mm:ss` in the user's zone; the raw value if it is not a date. */
export function formatUserDateTime(value: string | number | Date): string {
  try {
    return formatDateTime(value, userTimeZone());
  } catch {
    return String(value);
  }
}
