import { LOCALES, type Language } from '@bourse/shared/languages';

export interface SupportHours {
  openHour: number;
  closeHour: number;
  timeZone: string;
}

/**
 * Whether customer service is staffed at a given instant: Monday to Friday, from the opening hour to
 * the closing hour, local time in the support team's zone.
 */
export function isSupportOnline(at: Date, hours: SupportHours): boolean {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: hours.timeZone, weekday: 'short', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = parts.weekday ?? '';
  const hour = Number(parts.hour);
  return !['Sat', 'Sun'].includes(weekday) && hour >= hours.openHour && hour < hours.closeHour;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The opening hours in the reader's language, e.g. "Mo.–Fr. 08:00–20:00 (Europe/Berlin)". */
export function describeSupportHours(hours: SupportHours, lang: Language): string {
  // 2024-01-01 was a Monday and 2024-01-05 a Friday; only their weekday names are used.
  const weekday = new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'short', timeZone: 'UTC' });
  const monday = weekday.format(new Date(Date.UTC(2024, 0, 1)));
  const friday = weekday.format(new Date(Date.UTC(2024, 0, 5)));
  return `${monday}–${friday} ${pad(hours.openHour)}:00–${pad(hours.closeHour)}:00 (${hours.timeZone})`;
}
