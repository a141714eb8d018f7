import type { OrderingStatusOutput, PickupOptionsOutput } from '@kusina/domain/checkout';
import {
  asapAvailable,
  checkPickup,
  dayHoursText,
  orderingStatus,
  PICKUP_DAYS_AHEAD,
  pickupSlots,
  type OrderingStatus,
  type PickupSchedule,
} from '@kusina/domain/pickup-schedule';
import { addDays, zonedParts } from '@kusina/domain/restaurant-schedule';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hoursAndEventsColumns, parseHoursAndEvents, type HoursAndEventsColumns } from '../reservations/service.ts';

/*
 * Opening hours decide ordering (issue #23, decision 0044): the restaurant's operating hours and
 * special events — the table the reservations Admin Settings edit — decide whether "as soon as
 * possible" may be chosen and which pickup times are offered; the quote shows them and the order
 * transaction checks the chosen one.
 */

/**
 * The restaurant's week and the events from yesterday to a week ahead (what any pickup decision
 * needs), in one round trip: the order transaction and the quote pay one small indexed read. The
 * reservations module's reader says how hours and events are read (decision 0097).
 */
export async function loadPickupSchedule(db: DbOrTx, restaurant: { id: number; timeZone: string }, now: number): Promise<PickupSchedule> {
  const today = zonedParts(now, restaurant.timeZone).date;
  const result = await db.execute<HoursAndEventsColumns & Record<string, unknown>>(sql`
    WITH p AS (SELECT ${restaurant.id}::int AS id, ${addDays(today, -1)}::date AS from_date, ${addDays(today, PICKUP_DAYS_AHEAD + 2)}::date AS to_date)
    SELECT ${sql.raw(hoursAndEventsColumns('p.id', 'p.from_date', 'p.to_date'))} FROM p`);
  return { ...parseHoursAndEvents(result.rows[0]!), timeZone: restaurant.timeZone };
}

/** "Open now · closes Wed 9:00 PM" or "Closed now · opens Thu 11:00 AM", on the restaurant's clock. */
function stateText(status: OrderingStatus, timeZone: string): string {
  const at = (ms: number) => new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(ms));
  if (status.open) return status.closesAt === null ? 'Open now' : `Open now · closes ${at(status.closesAt)}`;
  return status.nextOpensAt === null ? 'Closed now' : `Closed now · opens ${at(status.nextOpensAt)}`;
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** GET /restaurants/{id}/ordering_status: open now, closing, next opening and today's hours. */
export async function orderingStatusOf(db: DbOrTx, restaurant: { id: number; timeZone: string }, now: number): Promise<OrderingStatusOutput> {
  const schedule = await loadPickupSchedule(db, restaurant, now);
  const status = orderingStatus(schedule, now);
  return {
    restaurant_id: restaurant.id,
    open: status.open,
    closes_at: isoOrNull(status.closesAt),
    next_opens_at: isoOrNull(status.nextOpensAt),
    hours_today: dayHoursText(schedule, zonedParts(now, schedule.timeZone).date),
    state_text: stateText(status, schedule.timeZone),
    time_zone: schedule.timeZone,
  };
}

/** The quote's pickup block: the state now and the slots this cart may choose. */
export function pickupOptions(schedule: PickupSchedule, now: number, maxAdvanceNoticeHours: number | null): PickupOptionsOutput {
  const status = orderingStatus(schedule, now);
  return {
    open: status.open,
    asap_available: asapAvailable(schedule, now, maxAdvanceNoticeHours),
    slots: pickupSlots(schedule, now, maxAdvanceNoticeHours).map((ms) => new Date(ms).toISOString()),
    closes_at: isoOrNull(status.closesAt),
    next_opens_at: isoOrNull(status.nextOpensAt),
    hours_today: dayHoursText(schedule, zonedParts(now, schedule.timeZone).date),
    state_text: stateText(status, schedule.timeZone),
    time_zone: schedule.timeZone,
  };
}

/**
 * The pickup an order may have, or 422 naming pickup_time: the chosen time (inside the hours and
 * after the cart's advance notice), or null for "as soon as possible" (only while open).
 */
export function decidePickup(schedule: PickupSchedule, now: number, requested: string | undefined, maxAdvanceNoticeHours: number | null): number | null {
  const decision = checkPickup(schedule, now, requested === undefined ? null : Date.parse(requested), maxAdvanceNoticeHours);
  if (!decision.ok) throw AppError.validation(decision.message, { pickup_time: decision.message });
  return decision.pickupAt;
}

/** "Thu, Mar 5, 11:15 AM" on the restaurant's clock (the confirmation message's pickup time). */
export function formatPickupAt(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(ms));
}
