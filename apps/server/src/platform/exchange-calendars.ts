import { DEFAULT_EXCHANGE } from '@bourse/shared/exchanges';
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

/** Everything the calendars were built from: a thread that keeps calendars of its own restores it. */
export interface ExchangeCalendarsSnapshot {
  exchanges: ExchangeHours[];
  /** Holidays (`YYYY-MM-DD`) by exchange code. */
  holidays: Record<string, string[]>;
}

/**
 * One business calendar per exchange, each in the exchange's own time zone and hours and with the
 * exchange's own holidays (the console edits them per exchange). With MARKET_HOURS `24/7` (the demo
 * default; the base calendar is then always open) every exchange is always open. The base calendar
 * (the deployment's home market: fund confirmations, loans, snapshots) keeps the default exchange's
 * holidays.
 */
export class ExchangeCalendars {
  private readonly calendars = new Map<string, { hours: ExchangeHours; calendar: BusinessCalendar }>();
  private holidays = new Map<string, string[]>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly base: BusinessCalendar,
    /** The exchange whose holidays the base calendar keeps. */
    private readonly home: string = DEFAULT_EXCHANGE,
  ) {}

  /** Whether every exchange trades around the clock (MARKET_HOURS=24/7). */
  get alwaysOpen(): boolean {
    return this.base.alwaysOpen;
  }

  /**
   * Takes the exchanges as stored; a calendar is rebuilt only when its zone or hours changed. Throws
   * (and changes nothing) when an exchange's hours are not well-formed sessions in order.
   */
  load(exchanges: readonly ExchangeHours[]): void {
    const rebuilt: Array<{ hours: ExchangeHours; calendar: BusinessCalendar }> = [];
    for (const hours of exchanges) {
      const known = this.calendars.get(hours.code);
      if (known && known.hours.timeZone === hours.timeZone && known.hours.hours === hours.hours) continue;
      const calendar = new BusinessCalendar({
        hours: this.alwaysOpen ? '24/7' : hours.hours,
        timeZone: hours.timeZone,
        holidays: this.holidaysOf(hours.code),
      });
      rebuilt.push({ hours: { code: hours.code, timeZone: hours.timeZone, hours: hours.hours }, calendar });
    }
    if (rebuilt.length === 0) return;
    for (const entry of rebuilt) this.calendars.set(entry.hours.code, entry);
    this.changed();
  }

  /**
   * Replaces every exchange's holidays (the stored list, by exchange code); the base calendar takes
   * the home exchange's, and listeners hear the change.
   */
  setHolidays(byExchange: Readonly<Record<string, readonly string[]>>): void {
    this.holidays = new Map(Object.entries(byExchange).map(([code, dates]) => [code, [...dates].sort()]));
    for (const [code, entry] of this.calendars) entry.calendar.setHolidays(this.holidaysOf(code));
    this.base.setHolidays(this.holidaysOf(this.home));
    this.changed();
  }

  /** An exchange's holidays in force now, in order. */
  holidaysOf(code: string): string[] {
    return [...(this.holidays.get(code) ?? [])];
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

  /** The exchanges and holidays as they are now. */
  snapshot(): ExchangeCalendarsSnapshot {
    return {
      exchanges: [...this.calendars.values()].map((entry) => ({ ...entry.hours })),
      holidays: Object.fromEntries([...this.holidays].map(([code, dates]) => [code, [...dates]])),
    };
  }

  /** Takes another instance's snapshot (the order writer's thread follows the main thread's calendars). */
  restore(snapshot: ExchangeCalendarsSnapshot): void {
    this.setHolidays(snapshot.holidays);
    this.load(snapshot.exchanges);
  }

  /** Hears every change of hours or holidays; returns the way to stop. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
