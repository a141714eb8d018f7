import { zonedParts } from '@kusina/domain/restaurant-schedule';

/*
 * The codes screens take an end date as a Guam calendar day: a code "valid until" a day works to
 * the end of that day in Guam (UTC+10, no daylight saving).
 */

/** YYYY-MM-DD → the last second of that day in Guam, as ISO. */
export function endOfGuamDay(date: string): string {
  return new Date(`${date}T23:59:59+10:00`).toISOString();
}

/** An instant → its Guam calendar day (YYYY-MM-DD), for the date input. */
export function guamDay(iso: string): string {
  return zonedParts(new Date(iso).getTime()).date;
}
