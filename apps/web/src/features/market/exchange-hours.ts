import type { TradingSession } from '@bourse/shared/schemas/market';
import { dateTimeFormat } from '@bourse/shared/format';

interface ZonedParts {
  date: string;
  minuteOfDay: number;
}

function zonedParts(ms: number, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  const format = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of format.formatToParts(new Date(ms))) parts[part.type] = part.value;
  return {
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    minuteOfDay: Number(parts['hour']) * 60 + Number(parts['minute']),
  };
}

function offsetMs(ms: number, timeZone: string): number {
  const local = zonedParts(ms, timeZone);
  return Date.parse(`${local.date}T00:00:00Z`) + local.minuteOfDay * 60_000 - Math.floor(ms / 60_000) * 60_000;
}

/** The instant of a wall-clock time `HH:MM` on a date (`YYYY-MM-DD`) in a zone, daylight saving included. */
export function zonedInstant(date: string, hhmm: string, timeZone: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  const guess = Date.parse(`${date}T00:00:00Z`) + (Number(h) * 60 + Number(m)) * 60_000;
  // As if UTC, then corrected by the zone's offset at that instant (twice, for the edges of DST).
  let t = guess - offsetMs(guess, timeZone);
  t = guess - offsetMs(t, timeZone);
  return t;
}

/**
 * An exchange's sessions as the investor's clock shows them on the exchange's trading date of `nowMs`
 * (`["15:30–22:00"]` for New York seen from Berlin; an hour less in the weeks the two zones' summer
 * time differ).
 */
export function sessionsInZone(
  sessions: readonly TradingSession[],
  exchangeZone: string,
  nowMs: number,
  options: { locale: string; timeZone: string | undefined },
): string[] {
  const date = zonedParts(nowMs, exchangeZone).date;
  const time = dateTimeFormat(options.locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
  return sessions.map(
    (session) =>
      `${time.format(zonedInstant(date, session.open, exchangeZone))}–${time.format(zonedInstant(date, session.close, exchangeZone))}`,
  );
}
