/**
 * The business calendar: trading days (weekdays except holidays), trading hours in the exchange's
 * time zone, and "next business day" for T+1. With hours `24/7` (the demo default) the market never
 * closes, but business days still skip weekends and holidays, so settlement stays realistic.
 */
export interface CalendarOptions {
  /**
   * `24/7` or `HH:MM-HH:MM` (local to `timeZone`); an exchange with a lunch break has several
   * sessions, comma-separated and in order (`09:30-11:30,13:00-15:00`).
   */
  hours: string;
  timeZone: string;
  /** Exchange holidays, `YYYY-MM-DD`. */
  holidays: readonly string[];
}

const DAY_MS = 86_400_000;

interface LocalParts {
  date: string;
  weekday: number;
  minuteOfDay: number;
}

export class BusinessCalendar {
  readonly alwaysOpen: boolean;
  /** The trading sessions of a day, minutes after local midnight, in order. */
  readonly sessions: ReadonlyArray<{ open: number; close: number }>;
  private readonly openMinute: number;
  private readonly closeMinute: number;
  private holidays: ReadonlySet<string>;
  private readonly holidayListeners = new Set<(holidays: readonly string[]) => void>();
  private readonly format: Intl.DateTimeFormat;

  constructor(private readonly initial: CalendarOptions) {
    const options = initial;
    this.alwaysOpen = options.hours === '24/7';
    this.sessions = (this.alwaysOpen ? ['00:00-24:00'] : options.hours.split(',')).map((range) => {
      const [open = '00:00', close = '24:00'] = range.trim().split('-');
      return { open: minutes(open), close: minutes(close) };
    });
    this.sessions.forEach((session, i) => {
      const previous = this.sessions[i - 1];
      if (session.close <= session.open || (previous && session.open < previous.close)) {
        throw new RangeError(`market hours ${options.hours}: each close must be after its open, sessions in order`);
      }
    });
    this.openMinute = this.sessions[0]!.open;
    this.closeMinute = this.sessions[this.sessions.length - 1]!.close;
    this.holidays = new Set(options.holidays);
    this.format = new Intl.DateTimeFormat('en-CA', {
      timeZone: options.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
  }

  /** The options as they are now (a thread that builds its own calendar starts from these). */
  get options(): CalendarOptions {
    return { ...this.initial, holidays: this.holidayList() };
  }

  /**
   * Replaces the holidays (operators edit them in the console); listeners — such as a thread that
   * keeps a calendar of its own — hear the new list.
   */
  setHolidays(holidays: readonly string[]): void {
    this.holidays = new Set(holidays);
    for (const listener of this.holidayListeners) listener([...this.holidays]);
  }

  /** The holidays in force now. */
  holidayList(): string[] {
    return [...this.holidays].sort();
  }

  /** Hears every change of the holidays; returns the way to stop. */
  onHolidays(listener: (holidays: readonly string[]) => void): () => void {
    this.holidayListeners.add(listener);
    return () => this.holidayListeners.delete(listener);
  }

  /** The trading date (`YYYY-MM-DD`, in the exchange's zone) that an instant belongs to. */
  tradingDate(ms: number): string {
    return this.local(ms).date;
  }

  /** Whether a date is a business day: Monday to Friday and not a holiday. */
  isBusinessDay(date: string): boolean {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6 && !this.holidays.has(date);
  }

  /** Whether orders may trade at this instant. */
  isOpen(ms: number): boolean {
    if (this.alwaysOpen) return true;
    const local = this.local(ms);
    if (!this.isBusinessDay(local.date)) return false;
    return this.sessions.some((session) => local.minuteOfDay >= session.open && local.minuteOfDay < session.close);
  }

  /**
   * The next time trading opens after `ms` (a session's start on a business day); null when the
   * market never closes.
   */
  nextOpen(ms: number): number | null {
    return this.alwaysOpen ? null : this.nextSessionEdge(ms, 'open');
  }

  /** The next time trading closes after `ms` (a session's end: the lunch break too); null when it never closes. */
  nextClose(ms: number): number | null {
    return this.alwaysOpen ? null : this.nextSessionEdge(ms, 'close');
  }

  private nextSessionEdge(ms: number, edge: 'open' | 'close'): number | null {
    let date = this.tradingDate(ms);
    // A fortnight of holidays in a row is more than any exchange has.
    for (let day = 0; day < 15; day++) {
      if (this.isBusinessDay(date)) {
        for (const session of this.sessions) {
          const at = this.localTime(date, session[edge]);
          if (at > ms) return at;
        }
      }
      date = isoDate(Date.parse(`${date}T00:00:00Z`) + DAY_MS);
    }
    return null;
  }

  /** The first business day after `date`. */
  nextBusinessDay(date: string): string {
    let t = Date.parse(`${date}T00:00:00Z`) + DAY_MS;
    while (!this.isBusinessDay(isoDate(t))) t += DAY_MS;
    return isoDate(t);
  }

  /** The business day on or after `date`. */
  businessDayOnOrAfter(date: string): string {
    return this.isBusinessDay(date) ? date : this.nextBusinessDay(date);
  }

  /**
   * When the trading day of `ms` ends: the close on a business day with hours, midnight (local) in
   * 24/7 mode. Day orders expire then.
   */
  sessionEnd(ms: number): number {
    const date = this.tradingDate(ms);
    return this.alwaysOpen
      ? this.localTime(isoDate(Date.parse(`${date}T00:00:00Z`) + DAY_MS), 0)
      : this.localTime(date, this.closeMinute);
  }

  /** When trading opens on the trading day of `ms` (local midnight in 24/7 mode). */
  sessionStart(ms: number): number {
    return this.localTime(this.tradingDate(ms), this.alwaysOpen ? 0 : this.openMinute);
  }

  /** The instant of a local wall-clock time (minutes after midnight) on a date, in the exchange's zone. */
  localTime(date: string, minuteOfDay: number): number {
    // Guess as if UTC, then correct by the zone's offset at that instant (twice, for DST edges).
    const guess = Date.parse(`${date}T00:00:00Z`) + minuteOfDay * 60_000;
    let t = guess - this.offsetMs(guess);
    t = guess - this.offsetMs(t);
    return t;
  }

  private offsetMs(ms: number): number {
    const local = this.local(ms);
    const asUtc = Date.parse(`${local.date}T00:00:00Z`) + local.minuteOfDay * 60_000;
    return asUtc - Math.floor(ms / 60_000) * 60_000;
  }

  /** The last minute converted: every order asks for the trading date, and Intl is slow. */
  private lastLocal: { minute: number; parts: LocalParts } | null = null;

  private local(ms: number): LocalParts {
    // Zone offsets are whole minutes, so every instant of a UTC minute has the same local parts.
    const minute = Math.floor(ms / 60_000);
    if (this.lastLocal?.minute === minute) return this.lastLocal.parts;
    const result = this.localUncached(ms);
    this.lastLocal = { minute, parts: result };
    return result;
  }

  private localUncached(ms: number): LocalParts {
    const parts: Record<string, string> = {};
    for (const part of this.format.formatToParts(new Date(ms))) parts[part.type] = part.value;
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts['weekday'] ?? '');
    return {
      date: `${parts['year']}-${parts['month']}-${parts['day']}`,
      weekday,
      minuteOfDay: Number(parts['hour']) * 60 + Number(parts['minute']),
    };
  }
}

function minutes(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** `YYYY-MM-DD` of an epoch-ms instant in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** 00:00 UTC of a `YYYY-MM-DD` date, the key of a daily bar. */
export function dateKey(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}
