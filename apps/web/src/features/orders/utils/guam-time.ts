import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { RESTAURANT_TIME_ZONE } from '@kusina/domain/menu-calendar';

/*
 * The counter reads every time in Pacific/Guam (UTC+10, no DST), whatever zone the browser or the
 * tablet is set to.
 */

function guam(iso: string | Date | null | undefined): TZDate | null {
  if (!iso) return null;
  const time = typeof iso === 'string' ? new Date(iso).getTime() : iso.getTime();
  return Number.isNaN(time) ? null : new TZDate(time, RESTAURANT_TIME_ZONE);
}

/** The Guam calendar day (YYYY-MM-DD) of an instant. */
export function guamDayOf(iso: string | Date | null | undefined): string {
  const date = guam(iso);
  return date ? format(date, 'yyyy-MM-dd') : '';
}

/** Today in Guam, YYYY-MM-DD. */
export function guamToday(now: Date = new Date()): string {
  return guamDayOf(now);
}

/** "6:30 PM" when the instant is today in Guam, else "Sat, Mar 7, 6:30 PM". */
export function formatGuamClock(iso: string | null | undefined, now: Date = new Date()): string {
  const date = guam(iso);
  if (!date) return '';
  return format(date, guamDayOf(date) === guamToday(now) ? 'h:mm a' : 'EEE, MMM d, h:mm a');
}

/** "Mar 7, 2026, 6:30 PM". */
export function formatGuamDateTime(iso: string | null | undefined): string {
  const date = guam(iso);
  return date ? format(date, 'MMM d, yyyy, h:mm a') : '';
}

/** An instant as the value of <input type="datetime-local"> in Guam time (YYYY-MM-DDTHH:mm). */
export function toGuamInputValue(iso: string | Date | null | undefined): string {
  const date = guam(iso);
  return date ? format(date, "yyyy-MM-dd'T'HH:mm") : '';
}

/** The instant a Guam wall-clock value (YYYY-MM-DDTHH:mm) names, as ISO UTC; null when it is not one. */
export function fromGuamInputValue(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  const date = new TZDate(y, m - 1, d, h, min, RESTAURANT_TIME_ZONE);
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime()).toISOString();
}

/** "just now", "4 min", "1 h 5 min", "2 d": how long ago an order came in. */
export function formatAge(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** Minutes from now until an instant (negative when it has passed). */
export function minutesUntil(iso: string, now: number = Date.now()): number {
  return Math.round((new Date(iso).getTime() - now) / 60_000);
}
