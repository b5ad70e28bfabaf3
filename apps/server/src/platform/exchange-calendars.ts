import { BusinessCalendar } from './calendar.ts';

/** An exchange as stored (`exchanges` table): its IANA zone and trading sessions. */
export interface ExchangeHours {
  code: string;
  timeZone: string;
  /** Sessions `HH:MM-HH:MM`, comma-separated, local to `timeZone`. */
  hours: string;
}

/** Whether an exchange trades at an instant, and when it next opens and closes (null: never closes). */
export interface ExchangeStatus {
  open: boolean;
  nextOpen: number | null;
  nextClose: number | null;
}

/**
 * One business calendar per exchange, each in the exchange's own time zone and hours. With
 * MARKET_HOURS `24/7` (the demo default; the base calendar is then always open) every exchange is
 * always open. Every exchange keeps the base calendar's holidays (the console edits one list), and
 * follows its changes.
 */
export class ExchangeCalendars {
  private readonly calendars = new Map<string, { hours: ExchangeHours; calendar: BusinessCalendar }>();

  constructor(private readonly base: BusinessCalendar) {
    base.onHolidays((holidays) => {
      for (const entry of this.calendars.values()) entry.calendar.setHolidays(holidays);
    });
  }

  /** Whether every exchange trades around the clock (MARKET_HOURS=24/7). */
  get alwaysOpen(): boolean {
    return this.base.alwaysOpen;
  }

  /** Takes the exchanges as stored; a calendar is rebuilt only when its zone or hours changed. */
  load(exchanges: readonly ExchangeHours[]): void {
    for (const hours of exchanges) {
      const known = this.calendars.get(hours.code);
      if (known && known.hours.timeZone === hours.timeZone && known.hours.hours === hours.hours) continue;
      const calendar = new BusinessCalendar({
        hours: this.alwaysOpen ? '24/7' : hours.hours,
        timeZone: hours.timeZone,
        holidays: this.base.holidayList(),
      });
      this.calendars.set(hours.code, { hours, calendar });
    }
  }

  /** The exchange's calendar; the base calendar for an exchange not loaded. */
  calendar(code: string): BusinessCalendar {
    return this.calendars.get(code)?.calendar ?? this.base;
  }

  isOpen(code: string, ms: number): boolean {
    return this.calendar(code).isOpen(ms);
  }

  status(code: string, ms: number): ExchangeStatus {
    const calendar = this.calendar(code);
    return { open: calendar.isOpen(ms), nextOpen: calendar.nextOpen(ms), nextClose: calendar.nextClose(ms) };
  }
}
