import type pg from 'pg';
import {
  dayAvailability,
  DEFAULT_TOTAL_CAPACITY,
  findSlot,
  partySizeLimits,
  peakGuests,
  type AvailabilityInput,
  type Blocked,
  type HeldSeats,
  type SlotAvailability,
} from '@kusina/domain/reservation-availability';
import { restaurantDay } from '@kusina/domain/menu-calendar';
import type { AvailabilityOutput, AvailabilityQuery, AvailableCapacityOutput, SimpleCapacityOutput } from '@kusina/domain/reservations';
import { SEAT_HOLDING_STATUSES } from '@kusina/domain/reservations';
import { parseClockTime, zonedInstant, zonedParts, type DayEvent, type WeekdayHours } from '@kusina/domain/restaurant-schedule';
import type { restaurants } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { canActFor } from '../../lib/access.ts';
import type { Auth } from '../../lib/access.ts';
import { getRestaurant } from '../restaurants/service.ts';
import { hoursAndEventsColumns, parseHoursAndEvents, type HoursAndEventsColumns } from './hours.ts';
import { capacityOf, getLocation, listLocations, pickLocation } from './schedule.ts';
import type { ServiceDeps } from '../../deps.ts';

type RestaurantRow = typeof restaurants.$inferSelect;

/** What the engine needs of a restaurant. */
type ScheduleRestaurant = Pick<RestaurantRow, 'id' | 'timeZone' | 'defaultReservationLength' | 'timeSlotInterval' | 'adminSettings'>;

/** A location of the restaurant as the schedule sees it: whether it takes bookings and its capacity. */
interface ScheduleLocation {
  id: number;
  isActive: boolean;
  isDefault: boolean;
  /** total_capacity (26 when no capacity row says otherwise, §9). */
  capacity: number;
}

/**
 * Everything the engine reads about a restaurant for a few days: its settings, every location
 * with its capacity, the week's hours, the dates' events, the active blocked periods and the
 * seat-holding reservations around them. Read by ONE statement (readSchedule), so every input
 * comes from the same snapshot and an availability answer costs one round trip.
 */
interface ScheduleRows {
  restaurant: ScheduleRestaurant;
  locations: ScheduleLocation[];
  week: WeekdayHours[];
  events: Map<string, DayEvent>;
  blocked: Blocked[];
  held: HeldSeats[];
}

/** Everything the engine reads for a few days at one location. */
export interface ScheduleData {
  restaurant: ScheduleRestaurant;
  locationId: number;
  capacity: number;
  timeZone: string;
  input: (date: string, party: { partySize: number; durationMinutes: number; audience: 'public' | 'staff'; now: Date }) => AvailabilityInput;
  held: HeldSeats[];
  events: Map<string, DayEvent>;
}

type Row = HoursAndEventsColumns & {
  id: number;
  time_zone: string;
  default_reservation_length: number;
  time_slot_interval: number;
  admin_settings: RestaurantRow['adminSettings'];
  locations: [number, boolean, boolean, number | null][];
  blocked: [number | null, number, number][];
  held: [number, number, number, number][];
};

const HOLDING = SEAT_HOLDING_STATUSES.map((s) => `'${s}'`).join(', ');

/** What readSchedule runs on: the pool, or a transaction's connection. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/**
 * The schedule statement. Named, so each connection plans it once and then only executes it
 * ($1 restaurant, $2 first date, $3 last date, $4 the reservation an edit leaves out, or 0).
 */
const SCHEDULE_STATEMENT = {
  name: 'reservation_schedule',
  text: `
    WITH r AS (
      SELECT id, time_zone, default_reservation_length, time_slot_interval, admin_settings,
             (($2::date)::timestamp AT TIME ZONE time_zone) - interval '1 day' AS since,
             (($3::date + 2)::timestamp AT TIME ZONE time_zone) AS until
      FROM restaurants WHERE id = $1::int
    )
    SELECT r.id, r.time_zone, r.default_reservation_length, r.time_slot_interval, r.admin_settings,
      (SELECT coalesce(json_agg(json_build_array(l.id, l.is_active, l.is_default, c.total_capacity) ORDER BY l.id), '[]')
         FROM locations l LEFT JOIN location_capacities c ON c.location_id = l.id WHERE l.restaurant_id = r.id) AS locations,
      ${hoursAndEventsColumns('r.id', '$2::date', '$3::date')},
      (SELECT coalesce(json_agg(json_build_array(b.location_id, (extract(epoch FROM b.start_time) * 1000)::float8, (extract(epoch FROM b.end_time) * 1000)::float8)), '[]')
         FROM blocked_periods b
         WHERE b.restaurant_id = r.id AND b.status = 'active' AND b.start_time < r.until AND b.end_time > r.since) AS blocked,
      (SELECT coalesce(json_agg(json_build_array(v.location_id, (extract(epoch FROM v.start_time) * 1000)::float8, (extract(epoch FROM v.end_time) * 1000)::float8, v.party_size)), '[]')
         FROM reservations v
         WHERE v.restaurant_id = r.id AND v.status IN (${HOLDING}) AND v.start_time < r.until AND v.end_time > r.since
           AND v.id <> $4::int) AS held
    FROM r`,
};

/**
 * Reads the schedule of a restaurant for the Guam dates [fromDate, toDate] in one statement. The
 * blocked periods and seat-holding reservations are those overlapping [fromDate - 1 day,
 * toDate + 2 days) in the restaurant's zone: a stay may run up to a day past its slot, and one
 * that began the day before may still hold seats. `exclude` leaves out the reservation being
 * edited. Times come back as epoch milliseconds and rows as JSON arrays: one row to parse,
 * nothing to map column by column. Null when the restaurant does not exist.
 */
async function readSchedule(db: Queryable, restaurantId: number, fromDate: string, toDate: string, exclude?: number): Promise<ScheduleRows | null> {
  const result = await db.query<Row>({ ...SCHEDULE_STATEMENT, values: [restaurantId, fromDate, toDate, exclude ?? 0] });
  const row = result.rows[0];
  if (!row) return null;
  return {
    restaurant: {
      id: row.id,
      timeZone: row.time_zone,
      defaultReservationLength: row.default_reservation_length,
      timeSlotInterval: row.time_slot_interval,
      adminSettings: row.admin_settings,
    },
    locations: row.locations.map(([id, isActive, isDefault, capacity]) => ({ id, isActive, isDefault, capacity: capacity ?? DEFAULT_TOTAL_CAPACITY })),
    ...parseHoursAndEvents(row),
    blocked: row.blocked.map(([locationId, startsAt, endsAt]) => ({ locationId, startsAt, endsAt })),
    held: row.held.map(([locationId, startsAt, endsAt, partySize]) => ({ locationId, startsAt, endsAt, partySize })),
  };
}

/** The schedule of the restaurant for [fromDate, toDate]; 404 when it does not exist. */
async function scheduleOf(db: Queryable, restaurantId: number, fromDate: string, toDate: string, exclude?: number): Promise<ScheduleRows> {
  const rows = await readSchedule(db, restaurantId, fromDate, toDate, exclude);
  if (!rows) throw AppError.notFound('Restaurant not found.');
  return rows;
}

/** The engine's view of the schedule at one location of the restaurant (active or not: an edit keeps its room). */
function atLocation(rows: ScheduleRows, locationId: number): ScheduleData {
  const { restaurant, week, events, blocked, held } = rows;
  const capacity = rows.locations.find((l) => l.id === locationId)?.capacity ?? DEFAULT_TOTAL_CAPACITY;
  return {
    restaurant,
    locationId,
    capacity,
    timeZone: restaurant.timeZone,
    held,
    events,
    input: (date, party) => ({
      date,
      timeZone: restaurant.timeZone,
      partySize: party.partySize,
      durationMinutes: party.durationMinutes,
      slotLengthMinutes: restaurant.defaultReservationLength,
      slotIntervalMinutes: restaurant.timeSlotInterval,
      week,
      event: events.get(date) ?? null,
      locationId,
      capacity,
      held,
      blocked,
      now: party.now,
      audience: party.audience,
    }),
  };
}

/** Reads the schedule (one statement) and views it at a location: what a write checks inside its transaction. */
export async function loadSchedule(db: Queryable, restaurantId: number, locationId: number, fromDate: string, toDate: string, exclude?: number): Promise<ScheduleData> {
  return atLocation(await scheduleOf(db, restaurantId, fromDate, toDate, exclude), locationId);
}

/** The offered slot at `startsAt` for this party, or null when the engine would not offer that time at all. */
export function slotAt(data: ScheduleData, startsAt: number, party: { partySize: number; durationMinutes: number; audience: 'public' | 'staff'; now: Date }): SlotAvailability | null {
  return findSlot(startsAt, data.timeZone, (date) => data.input(date, party));
}

/** Seats free during [startsAt, endsAt) at the location and under the date's event cap. */
export function freeSeatsDuring(data: ScheduleData, startsAt: number, endsAt: number): number {
  let free = data.capacity - peakGuests(data.held, startsAt, endsAt, data.locationId);
  const cap = data.events.get(zonedParts(startsAt, data.timeZone).date)?.maxCapacity;
  if (cap) free = Math.min(free, cap - peakGuests(data.held, startsAt, endsAt, null));
  return free;
}

/** admin_settings.reservation_settings.max_party_size. */
export function adminMaxPartySize(restaurant: Pick<RestaurantRow, 'adminSettings'>): number | undefined {
  return restaurant.adminSettings.reservation_settings?.max_party_size;
}

/**
 * GET /availability: the slots of a date for a party (public: the restaurant's default length, no
 * Private Only). One statement reads everything it needs (readSchedule).
 */
export async function availability(deps: ServiceDeps, auth: Auth | null, restaurantId: number, query: AvailabilityQuery, now = new Date()): Promise<AvailabilityOutput> {
  const staff = canActFor(auth?.user, restaurantId);
  const rows = await scheduleOf(deps.pool, restaurantId, query.date, query.date, staff ? query.exclude_reservation_id : undefined);
  const { restaurant } = rows;
  const location = pickLocation(
    rows.locations.filter((l) => l.isActive),
    query.location_id,
    { requireChoice: false },
  );
  const data = atLocation(rows, location.id);
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
export async function simpleCapacity(deps: ServiceDeps, restaurantId: number): Promise<SimpleCapacityOutput> {
  const restaurant = await getRestaurant(deps, restaurantId);
  const active = await listLocations(deps.db, restaurantId, { includeInactive: false });
  const capacities = await Promise.all(active.map((l) => capacityOf(deps.db, l.id)));
  const actual = capacities.reduce((max, c) => Math.max(max, c.total), 0);
  const limits = partySizeLimits(adminMaxPartySize(restaurant), actual);
  return { actual_capacity: actual, admin_max_party_size: limits.admin, effective_max_party_size: limits.effective };
}

/** GET /locations/{id}/available_capacity: seats free at a date and time for the default stay. */
export async function availableCapacity(deps: ServiceDeps, locationId: number, date: string, time: string): Promise<AvailableCapacityOutput> {
  const location = await getLocation(deps.db, locationId);
  const data = await loadSchedule(deps.pool, location.restaurantId, location.id, date, date);
  const { restaurant } = data;
  const startsAt = zonedInstant(date, parseClockTime(time)!, restaurant.timeZone);
  const free = Math.max(0, freeSeatsDuring(data, startsAt, startsAt + restaurant.defaultReservationLength * 60_000));
  return { location_id: location.id, date, time: time.slice(0, 5), total_capacity: data.capacity, booked_seats: data.capacity - free, available_capacity: free };
}

/** Today's date in the restaurant's zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return restaurantDay(now, timeZone).date;
}
