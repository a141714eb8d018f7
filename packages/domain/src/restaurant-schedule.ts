import { TZDate } from '@date-fns/tz';
/** Pacific/Guam, as menu-calendar's RESTAURANT_TIME_ZONE; not imported from there so the SPA's reservation chunks do not split the storefront's menu-calendar into a chunk of its own. */
export const SCHEDULE_TIME_ZONE = 'Pacific/Guam';
const RESTAURANT_TIME_ZONE = SCHEDULE_TIME_ZONE;

/*
 * A restaurant's schedule (backoffice-reservations.md §3 Operating hours, Special event): when it is
 * open on a calendar day of its own zone, whatever the zone of the server or the browser. Pure, so
 * reservation slots use it now and pickup hours can later (ARCHITECTURE.md, shared concepts).
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** One weekday's hours; times 'HH:MM' or 'HH:MM:SS' in the restaurant's zone. */
export interface WeekdayHours {
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  openTime: string;
  /** At or before openTime: the restaurant closes after midnight, on the next calendar day. */
  closeTime: string;
  closed: boolean;
}

/** The special event of a date, as far as the hours are concerned. */
export interface DayEvent {
  /** Both set: that day's hours replace the weekday's; otherwise the weekday's hours stand. */
  startTime: string | null;
  endTime: string | null;
  closed: boolean;
  /** Private Only: only staff may book. */
  exclusiveBooking: boolean;
  /** Max Guests at once across the restaurant; null or 0: no cap. */
  maxCapacity: number | null;
}

export interface OpenWindow {
  /** Epoch ms, inclusive. */
  opensAt: number;
  /** Epoch ms, exclusive; may fall on the next calendar day. */
  closesAt: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** [y, m, d] of a 'YYYY-MM-DD' that names a real calendar date, else null. */
export function parseCalendarDate(date: string): [number, number, number] | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return [y, m, d];
}

/** Minutes after midnight of 'HH:MM[:SS]', or null. */
export function parseClockTime(time: string): number | null {
  const match = TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 'HH:MM' of minutes after midnight (0 ≤ minutes < 1440). */
export function clockTime(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The weekday of a calendar date (the date's own, not any zone's). */
export function weekdayOf(date: string): number {
  const parts = parseCalendarDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])).getUTCDay();
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date: string, days: number): string {
  const parts = parseCalendarDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(parts[0], parts[1] - 1, parts[2] + days)).toISOString().slice(0, 10);
}

/** The instant of a wall-clock time on a calendar date in the zone (epoch ms). */
export function zonedInstant(date: string, minutes: number, timeZone: string = RESTAURANT_TIME_ZONE): number {
  const parts = parseCalendarDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  return new TZDate(parts[0], parts[1] - 1, parts[2], Math.floor(minutes / 60), minutes % 60, timeZone).getTime();
}

/** The calendar date and minutes after midnight of an instant in the zone. */
export function zonedParts(at: number, timeZone: string = RESTAURANT_TIME_ZONE): { date: string; minutes: number } {
  const local = new TZDate(at, timeZone);
  const date = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
  return { date, minutes: local.getHours() * 60 + local.getMinutes() };
}

/**
 * A 'YYYY-MM-DDTHH:MM[:SS]' without an offset is a wall-clock time in the zone (the spec's
 * "date T time :00"); with Z or an offset it is that instant. NaN when it is neither.
 */
export function parseRestaurantDateTime(value: string, timeZone: string = RESTAURANT_TIME_ZONE): number {
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?$/.exec(value.trim());
  if (local) {
    const minutes = parseClockTime(local[2]!);
    if (minutes === null || !parseCalendarDate(local[1]!)) return Number.NaN;
    return zonedInstant(local[1]!, minutes, timeZone);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) return Number.NaN;
  return Date.parse(value);
}

/**
 * When the restaurant is open on a calendar date: the event's hours when it has both times, else
 * the weekday's; null when the weekday or the event is closed (or the weekday has no row).
 */
export function openWindow(date: string, week: readonly WeekdayHours[], event: DayEvent | null, timeZone: string = RESTAURANT_TIME_ZONE): OpenWindow | null {
  if (event?.closed) return null;
  let open: number | null;
  let close: number | null;
  if (event && event.startTime && event.endTime) {
    open = parseClockTime(event.startTime);
    close = parseClockTime(event.endTime);
  } else {
    const day = week.find((h) => h.dayOfWeek === weekdayOf(date));
    if (!day || day.closed) return null;
    open = parseClockTime(day.openTime);
    close = parseClockTime(day.closeTime);
  }
  if (open === null || close === null) return null;
  const opensAt = zonedInstant(date, open, timeZone);
  const closesAt = close > open ? zonedInstant(date, close, timeZone) : zonedInstant(addDays(date, 1), close, timeZone);
  return { opensAt, closesAt };
}

/** The weekdays the restaurant never opens (the modal greys them out). */
export function closedWeekdays(week: readonly WeekdayHours[]): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((d) => {
    const row = week.find((h) => h.dayOfWeek === d);
    return !row || row.closed;
  });
}

/** A day number for locks and grouping: days since 1970-01-01 of the instant's date in the zone. */
export function zonedDayNumber(at: number, timeZone: string = RESTAURANT_TIME_ZONE): number {
  const { date } = zonedParts(at, timeZone);
  const parts = parseCalendarDate(date)!;
  return Math.round(Date.UTC(parts[0], parts[1] - 1, parts[2]) / DAY_MS);
}
