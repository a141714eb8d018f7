import { REPORT_MAX_DAYS } from '@kusina/domain/reports';
import { addDays, parseCalendarDate, zonedInstant } from '@kusina/domain/restaurant-schedule';
import { AppError } from './errors.ts';

const fieldError = (field: string, message: string) => new AppError('VALIDATION_ERROR', 400, message, { fields: { [field]: message } });

/**
 * A report's Guam days `from`..`to` (inclusive) as instants [start, end), checked at the field it is
 * wrong in: real dates, not backwards, at most REPORT_MAX_DAYS.
 */
export function reportRange(from: string, to: string): { start: Date; end: Date; days: number } {
  if (!parseCalendarDate(from)) throw fieldError('from', 'Not a date.');
  if (!parseCalendarDate(to)) throw fieldError('to', 'Not a date.');
  if (to < from) throw fieldError('to', 'The end date is before the start date.');
  const start = zonedInstant(from, 0);
  const end = zonedInstant(addDays(to, 1), 0);
  const days = Math.round((end - start) / 86_400_000);
  if (days > REPORT_MAX_DAYS) throw fieldError('to', `Choose at most ${REPORT_MAX_DAYS} days.`);
  return { start: new Date(start), end: new Date(end), days };
}
