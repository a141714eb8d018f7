import type { DayEvent, WeekdayHours } from '@kusina/domain/restaurant-schedule';

/*
 * The one reader of a restaurant's opening hours and special events (decision 0097). The reservations
 * module owns operating_hours and special_events (the Admin Settings edit them, schedule.ts); every
 * other reading — the pickup schedule of orders, the reservation engine's schedule — goes through
 * these two functions, so the tables' shape is known here alone. They are parts of a statement, not
 * a statement: each caller reads the hours and events in the same round trip (and snapshot) as what
 * else it needs.
 */

/** The two columns as they come back: JSON arrays, nothing to map column by column. */
export interface HoursAndEventsColumns {
  week: [number, string, string, boolean][];
  events: [string, string | null, string | null, boolean, boolean, number | null][];
}

export interface HoursAndEvents {
  week: WeekdayHours[];
  /** By date (YYYY-MM-DD). */
  events: Map<string, DayEvent>;
}

/**
 * The select-list items `week` and `events` for a statement in which `restaurantId`, `fromDate` and
 * `toDate` are SQL expressions (columns of a CTE, or placeholders): the week's hours in day order
 * and the events dated [fromDate, toDate].
 */
export function hoursAndEventsColumns(restaurantId: string, fromDate: string, toDate: string): string {
  return `
      (SELECT coalesce(json_agg(json_build_array(h.day_of_week, h.open_time, h.close_time, h.closed) ORDER BY h.day_of_week), '[]')
         FROM operating_hours h WHERE h.restaurant_id = ${restaurantId}) AS week,
      (SELECT coalesce(json_agg(json_build_array(e.event_date, e.start_time, e.end_time, e.closed, e.exclusive_booking, e.max_capacity)), '[]')
         FROM special_events e WHERE e.restaurant_id = ${restaurantId} AND e.event_date BETWEEN ${fromDate} AND ${toDate}) AS events`;
}

/** The columns of hoursAndEventsColumns as the domain's schedule functions take them. */
export function parseHoursAndEvents(row: HoursAndEventsColumns): HoursAndEvents {
  return {
    week: row.week.map(([dayOfWeek, openTime, closeTime, closed]) => ({ dayOfWeek, openTime, closeTime, closed })),
    events: new Map(row.events.map(([date, startTime, endTime, closed, exclusiveBooking, maxCapacity]) => [date, { startTime, endTime, closed, exclusiveBooking, maxCapacity }])),
  };
}
