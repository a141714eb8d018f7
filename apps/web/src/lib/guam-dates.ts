import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { SCHEDULE_TIME_ZONE as RESTAURANT_TIME_ZONE } from '@kusina/domain/restaurant-schedule';

/* Every time on these screens is shown in Pacific/Guam (backoffice §1), whatever the device's zone. */

export function guamDate(iso: string): TZDate {
  return new TZDate(new Date(iso).getTime(), RESTAURANT_TIME_ZONE);
}

/** "Jun 4, 2030" (the date picker's format, §2). */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), 'MMM d, yyyy');
}

/** "Tue, Jun 4, 2030, 6:00 PM". */
export function formatDateTime(iso: string): string {
  return format(guamDate(iso), 'EEE, MMM d, yyyy, h:mm a');
}

export function formatTime(iso: string): string {
  return format(guamDate(iso), 'h:mm a');
}

/** "18:30" → "6:30 PM". */
export function formatClock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** An instant as <input type="datetime-local"> in Guam, and back (the server reads it as Guam time). */
export function toLocalInput(iso: string): string {
  return format(guamDate(iso), "yyyy-MM-dd'T'HH:mm");
}
