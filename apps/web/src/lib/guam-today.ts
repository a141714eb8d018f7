import { zonedParts } from '@kusina/domain/restaurant-schedule';

/** Today in Guam, YYYY-MM-DD (the UTC+10 clock of §5, whatever the device's zone). */
export function guamToday(now: Date = new Date()): string {
  return zonedParts(now.getTime()).date;
}
