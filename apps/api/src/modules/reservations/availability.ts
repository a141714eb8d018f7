import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  dayAvailability,
  findSlot,
  partySizeLimits,
  peakGuests,
  type AvailabilityInput,
  type HeldSeats,
  type SlotAvailability,
} from '@kusina/domain/reservation-availability';
import { restaurantDay } from '@kusina/domain/menu-calendar';
import type { AvailabilityOutput, AvailabilityQuery, AvailableCapacityOutput, SimpleCapacityOutput } from '@kusina/domain/reservations';
import { SEAT_HOLDING_STATUSES } from '@kusina/domain/reservations';
import { addDays, DAY_MS, parseClockTime, zonedInstant, zonedParts, type DayEvent } from '@kusina/domain/restaurant-schedule';
import type { DbOrTx } from '../../db/client.ts';
import { reservations, type restaurants } from '../../db/schema/index.ts';
import { canActFor } from '../../plugins/auth.ts';
import type { Auth } from '../../plugins/auth.ts';
import { getRestaurant } from '../restaurants/service.ts';
import {
  activeBlocksBetween,
  capacityOf,
  eventsBetween,
  getLocation,
  listLocations,
  resolveLocation,
  toDayEvent,
  toWeekdayHours,
  weekOf,
  type LocationRow,
} from './schedule.ts';

type RestaurantRow = typeof restaurants.$inferSelect;

/** Everything the engine reads for a few days at one location, loaded once. */
export interface ScheduleData {
  restaurant: RestaurantRow;
  location: LocationRow;
  capacity: number;
  timeZone: string;
  input: (date: string, party: { partySize: number; durationMinutes: number; audience: 'public' | 'staff'; now: Date }) => AvailabilityInput;
  held: HeldSeats[];
  events: Map<string, DayEvent>;
}

/**
 * Loads the schedule, the restaurant's seat-holding reservations and the active blocked periods
 * around [fromDate, toDate] (a stay may run up to a day past its slot; one that began the day
 * before may still hold seats). `exclude` leaves out the reservation being edited.
 */
export async function loadSchedule(
  db: DbOrTx,
  restaurant: RestaurantRow,
  location: LocationRow,
  fromDate: string,
  toDate: string,
  exclude?: number,
): Promise<ScheduleData> {
  const from = new Date(zonedInstant(fromDate, 0, restaurant.timeZone) - DAY_MS);
  const to = new Date(zonedInstant(addDays(toDate, 2), 0, restaurant.timeZone));
  const [week, events, blocks, heldRows, capacity] = await Promise.all([
    weekOf(db, restaurant.id),
    eventsBetween(db, restaurant.id, fromDate, toDate),
    activeBlocksBetween(db, restaurant.id, from, to),
    db
      .select({ locationId: reservations.locationId, startTime: reservations.startTime, endTime: reservations.endTime, partySize: reservations.partySize })
      .from(reservations)
      .where(
        and(
          eq(reservations.restaurantId, restaurant.id),
          inArray(reservations.status, [...SEAT_HOLDING_STATUSES]),
          lt(reservations.startTime, to),
          gt(reservations.endTime, from),
          exclude === undefined ? undefined : ne(reservations.id, exclude),
        ),
      ),
    capacityOf(db, location.id),
  ]);
  const hours = toWeekdayHours(week);
  const eventMap = new Map(events.map((e) => [e.eventDate, toDayEvent(e)]));
  const held = heldRows.map((r) => ({ locationId: r.locationId, startsAt: r.startTime.getTime(), endsAt: r.endTime.getTime(), partySize: r.partySize }));
  const blocked = blocks.map((b) => ({ locationId: b.locationId, startsAt: b.startTime.getTime(), endsAt: b.endTime.getTime() }));
  return {
    restaurant,
    location,
    capacity: capacity.total,
    timeZone: restaurant.timeZone,
    held,
    events: eventMap,
    input: (date, party) => ({
      date,
      timeZone: restaurant.timeZone,
      partySize: party.partySize,
      durationMinutes: party.durationMinutes,
      slotLengthMinutes: restaurant.defaultReservationLength,
      slotIntervalMinutes: restaurant.timeSlotInterval,
      week: hours,
      event: eventMap.get(date) ?? null,
      locationId: location.id,
      capacity: capacity.total,
      held,
      blocked,
      now: party.now,
      audience: party.audience,
    }),
  };
}

/** The offered slot at `startsAt` for this party, or null when the engine would not offer that time at all. */
export function slotAt(data: ScheduleData, startsAt: number, party: { partySize: number; durationMinutes: number; audience: 'public' | 'staff'; now: Date }): SlotAvailability | null {
  return findSlot(startsAt, data.timeZone, (date) => data.input(date, party));
}

/** Seats free during [startsAt, endsAt) at the location and under the date's event cap. */
export function freeSeatsDuring(data: ScheduleData, startsAt: number, endsAt: number): number {
  let free = data.capacity - peakGuests(data.held, startsAt, endsAt, data.location.id);
  const cap = data.events.get(zonedParts(startsAt, data.timeZone).date)?.maxCapacity;
  if (cap) free = Math.min(free, cap - peakGuests(data.held, startsAt, endsAt, null));
  return free;
}

/** admin_settings.reservation_settings.max_party_size. */
export function adminMaxPartySize(restaurant: RestaurantRow): number | undefined {
  return restaurant.adminSettings.reservation_settings?.max_party_size;
}

/** GET /availability: the slots of a date for a party (public: the restaurant's default length, no Private Only). */
export async function availability(app: FastifyInstance, auth: Auth | null, restaurantId: number, query: AvailabilityQuery, now = new Date()): Promise<AvailabilityOutput> {
  const staff = canActFor(auth?.user, restaurantId);
  const [restaurant, location] = await Promise.all([
    getRestaurant(app.db, restaurantId),
    resolveLocation(app.db, restaurantId, query.location_id, { requireChoice: false }),
  ]);
  const data = await loadSchedule(app.db, restaurant, location, query.date, query.date);
  const durationMinutes = staff && query.duration_minutes ? query.duration_minutes : restaurant.defaultReservationLength;
  const day = dayAvailability(data.input(query.date, { partySize: query.party_size, durationMinutes, audience: staff ? 'staff' : 'public', now }));
  const limits = partySizeLimits(adminMaxPartySize(restaurant), data.capacity);
  let maxAvailable = day.maxAvailableSeats;
  if (query.time) {
    const slot = day.candidates.find((c) => c.time === query.time!.slice(0, 5));
    maxAvailable = slot && !slot.blocked ? slot.freeSeats : 0;
  }
  return {
    date: query.date,
    location_id: location.id,
    slots: day.slots,
    slot_details: day.candidates
      .filter((c) => c.available)
      .map((c) => ({ time: c.time, start_time: new Date(c.startsAt).toISOString(), available_seats: c.freeSeats })),
    closed_reason: day.closedReason,
    actual_capacity: data.capacity,
    admin_max_party_size: limits.admin,
    effective_max_party_size: limits.effective,
    max_available_seats: maxAvailable,
    default_reservation_length: restaurant.defaultReservationLength,
  };
}

/**
 * GET /availability/simple_capacity: the largest room among the active locations decides how big
 * a party can be at all (the modal's party-size dropdown).
 */
export async function simpleCapacity(app: FastifyInstance, restaurantId: number): Promise<SimpleCapacityOutput> {
  const restaurant = await getRestaurant(app.db, restaurantId);
  const active = await listLocations(app.db, restaurantId, { includeInactive: false });
  const capacities = await Promise.all(active.map((l) => capacityOf(app.db, l.id)));
  const actual = capacities.reduce((max, c) => Math.max(max, c.total), 0);
  const limits = partySizeLimits(adminMaxPartySize(restaurant), actual);
  return { actual_capacity: actual, admin_max_party_size: limits.admin, effective_max_party_size: limits.effective };
}

/** GET /locations/{id}/available_capacity: seats free at a date and time for the default stay. */
export async function availableCapacity(app: FastifyInstance, locationId: number, date: string, time: string): Promise<AvailableCapacityOutput> {
  const location = await getLocation(app.db, locationId);
  const restaurant = await getRestaurant(app.db, location.restaurantId);
  const data = await loadSchedule(app.db, restaurant, location, date, date);
  const startsAt = zonedInstant(date, parseClockTime(time)!, restaurant.timeZone);
  const free = Math.max(0, freeSeatsDuring(data, startsAt, startsAt + restaurant.defaultReservationLength * 60_000));
  return { location_id: location.id, date, time: time.slice(0, 5), total_capacity: data.capacity, booked_seats: data.capacity - free, available_capacity: free };
}

/** Today's date in the restaurant's zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return restaurantDay(now, timeZone).date;
}
