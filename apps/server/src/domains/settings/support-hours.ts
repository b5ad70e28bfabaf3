/**
 * Whether customer service is staffed at a given instant: Monday to Friday, 08:00–20:00 local time
 * in the support team's zone.
 */
export function isSupportOnline(at: Date, timeZone: string): boolean {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = parts.weekday ?? '';
  const hour = Number(parts.hour);
  return !['Sat', 'Sun'].includes(weekday) && hour >= 8 && hour < 20;
}
