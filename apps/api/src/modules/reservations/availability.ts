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
import { addDays, DAY_MS, MINUTE_MS, parseClockTime, zonedDayNumber, zonedInstant, zonedParts, type DayEvent, type WeekdayHours } from '@kusina/domain/restaurant-schedule';
import { SEAT_BUFFER_MINUTES } from '@kusina/domain/seat-allocation-rules';
import { TURN_TIME_MAX_MINUTES, turnTimeFor, turnTimes, type TurnTimeBand } from '@kusina/domain/turn-time-rules';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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
  /** Seated walk-ins and waitlist parties not yet finished: location, seated at, party size. */
  walk_ins: [number, number, number][];
};

/** The longest stay a walk-in can have (the largest turn time plus the buffer), in whole hours. */
const MAX_STAY_HOURS = Math.ceil((TURN_TIME_MAX_MINUTES + SEAT_BUFFER_MINUTES) / 60);

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
             (($3::date + 2)::timestamp AT TIME ZONE time_zone) AS until,
             (SELECT d.id FROM locations d WHERE d.restaurant_id = restaurants.id ORDER BY d.is_default DESC, d.id LIMIT 1) AS default_location
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
           AND v.id <> $4::int) AS held,
      (SELECT coalesce(json_agg(json_build_array(coalesce(w.location_id, r.default_location), (extract(epoch FROM w.seated_at) * 1000)::float8, w.party_size)), '[]')
         FROM waitlist_entries w
         WHERE w.restaurant_id = r.id AND w.status = 'seated' AND w.left_at IS NULL
           AND w.seated_at < r.until AND w.seated_at > r.since - interval '${MAX_STAY_HOURS} hours') AS walk_ins
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
  const bands = turnTimes(row.admin_settings);
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
    held: [
      ...row.held.map(([locationId, startsAt, endsAt, partySize]) => ({ locationId, startsAt, endsAt, partySize })),
      ...row.walk_ins.map(([locationId, seatedAt, partySize]) => ({ locationId, startsAt: seatedAt, endsAt: walkInEnd(seatedAt, partySize, bands), partySize })),
    ],
  };
}

/**
 * When a seated walk-in or waitlist party is expected to have left, its table reset (decision
 * 0105): its turn time from when it sat down, plus the buffer (the end its seats on the floor hold
 * for, too).
 */
export function walkInEnd(seatedAt: number, partySize: number, bands: readonly TurnTimeBand[]): number {
  return seatedAt + (turnTimeFor(partySize, bands) + SEAT_BUFFER_MINUTES) * MINUTE_MS;
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

// ── One capacity (decision 0104) ────────────────────────────────────────────────────────

/**
 * Serialises every write that can take seats at a location over the Guam days [startsAt, endsAt)
 * touches (ascending, so two writers never wait on each other in a circle); with an event cap,
 * the restaurant's days first. Transaction-scoped: released at commit or rollback.
 */
async function lockDays(tx: DbOrTx, restaurantId: number, locationIds: number[], ranges: [number, number][], timeZone: string, restaurantWide: boolean): Promise<void> {
  const days = new Set<number>();
  for (const [from, to] of ranges) for (let day = zonedDayNumber(from, timeZone); day <= zonedDayNumber(to - 1, timeZone); day++) days.add(day);
  const sorted = [...days].sort((a, b) => a - b);
  const keys: [number, number][] = [];
  // Key spaces: (−restaurant id, day) for a restaurant's day, (location id, day) for a location's.
  if (restaurantWide) for (const day of sorted) keys.push([-restaurantId, day]);
  for (const locationId of [...new Set(locationIds)].sort((a, b) => a - b)) for (const day of sorted) keys.push([locationId, day]);
  for (const [k1, k2] of keys) await tx.execute(sql`SELECT pg_advisory_xact_lock(${k1}::int, ${k2}::int)`);
}

/** Whether an event on any of the stay's dates caps guests (then the restaurant's days are locked too). */
async function hasEventCap(tx: DbOrTx, restaurantId: number, startsAt: number, endsAt: number, timeZone: string): Promise<boolean> {
  const result = await tx.execute<{ capped: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM special_events WHERE restaurant_id = ${restaurantId} AND coalesce(max_capacity, 0) > 0
      AND event_date BETWEEN (${new Date(startsAt - DAY_MS).toISOString()}::timestamptz AT TIME ZONE ${timeZone})::date
                         AND (${new Date(endsAt).toISOString()}::timestamptz AT TIME ZONE ${timeZone})::date) AS capped`);
  return Boolean(result.rows[0]?.capped);
}

/**
 * The room at a location over a span, as a write that puts a party in it must see it (decision
 * 0104): takes the locks every such write takes — the location's Guam days the span touches, and
 * the restaurant's days when an event caps guests across locations — then reads everything that
 * occupies the room (readSchedule: reservations that hold seats for their length, seated walk-ins
 * and waitlist parties for their turn time plus the buffer) in the same transaction. Public and
 * staff booking, a reservation's edit, seating a walk-in from the floor and from the Waitlist tab
 * all call it; then `slotAt` or `freeSeatsDuring` says whether the party fits. Two writes that could
 * overlap share a day, so they queue on the same lock and the second sees the first.
 * `exclude` leaves out the reservation being edited.
 */
export async function roomAt(
  ctx: { tx: DbOrTx; client: Queryable },
  restaurant: { id: number; timeZone: string },
  locationId: number,
  span: { start: number; end: number },
  exclude?: number,
): Promise<ScheduleData> {
  const { tx, client } = ctx;
  await lockDays(tx, restaurant.id, [locationId], [[span.start, span.end]], restaurant.timeZone, await hasEventCap(tx, restaurant.id, span.start, span.end, restaurant.timeZone));
  const fromDate = addDays(zonedParts(span.start, restaurant.timeZone).date, -1);
  const toDate = zonedParts(span.end, restaurant.timeZone).date;
  return loadSchedule(client, restaurant.id, locationId, fromDate, toDate, exclude);
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
