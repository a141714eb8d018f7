import { and, asc, eq, gte, inArray, lt, gt, lte, ne, type SQL } from 'drizzle-orm';
import type {
  BlockedPeriodInput,
  BlockedPeriodListQuery,
  BlockedPeriodOutput,
  LocationCapacityCreateInput,
  LocationCapacityOutput,
  LocationCapacityUpdateInput,
  LocationOutput,
  OperatingHoursOutput,
  OperatingHoursUpdateInput,
  RestaurantScheduleOutput,
  SpecialEventCreateInput,
  SpecialEventOutput,
  SpecialEventUpdateInput,
} from '@kusina/domain/reservations';
import { ReservationMessages } from '@kusina/domain/reservations';
import { DEFAULT_TABLE_CAPACITY, DEFAULT_TOTAL_CAPACITY } from '@kusina/domain/reservation-availability';
import { addDays, parseRestaurantDateTime, zonedInstant, zonedParts } from '@kusina/domain/restaurant-schedule';
import type { DbOrTx } from '../../db/client.ts';
import { blockedPeriods, locationCapacities, locations, operatingHours, specialEvents } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { assertRestaurantAccess, canActFor, scopeRestaurant, type SessionUser } from '../../lib/access.ts';
import { announceRestaurantChanged, getRestaurant } from '../restaurants/service.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * The restaurant's schedule and rooms (issue #21): locations, operating hours, special events,
 * blocked periods and location capacities. Reads that the public modal needs are open; every
 * write is for the restaurant's admins (decision 0032).
 */

export type LocationRow = typeof locations.$inferSelect;
type HoursRow = typeof operatingHours.$inferSelect;
type EventRow = typeof specialEvents.$inferSelect;
type BlockedRow = typeof blockedPeriods.$inferSelect;
const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));

// ── Locations ─────────────────────────────────────────────────────────────────────────────

export function locationView(row: LocationRow): LocationOutput {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    name: row.name,
    address: row.address,
    phone_number: row.phoneNumber,
    is_default: row.isDefault,
    is_active: row.isActive,
    active: row.isActive,
  };
}

/** The public sees active locations; staff of the restaurant may ask for inactive ones too. */
export async function listLocations(db: DbOrTx, restaurantId: number, options: { includeInactive: boolean }): Promise<LocationRow[]> {
  return db
    .select()
    .from(locations)
    .where(and(eq(locations.restaurantId, restaurantId), options.includeInactive ? undefined : eq(locations.isActive, true)))
    .orderBy(asc(locations.id));
}

export async function getLocation(db: DbOrTx, id: number): Promise<LocationRow> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  if (!row) throw AppError.notFound(ReservationMessages.locationNotFound);
  return row;
}

/**
 * The location a booking or a lookup is for: the one named (active, of this restaurant), else the
 * only active one, else the default. With several and none named, 'Please select a location'.
 */
export async function resolveLocation(db: DbOrTx, restaurantId: number, locationId: number | undefined, options: { requireChoice: boolean }): Promise<LocationRow> {
  return pickLocation(await listLocations(db, restaurantId, { includeInactive: false }), locationId, options);
}

/** resolveLocation's rule over a restaurant's active locations already read. */
export function pickLocation<L extends { id: number; isDefault: boolean }>(active: readonly L[], locationId: number | undefined, options: { requireChoice: boolean }): L {
  if (locationId !== undefined) {
    const found = active.find((l) => l.id === locationId);
    if (!found) throw new AppError('VALIDATION_ERROR', 400, ReservationMessages.locationNotFound, { fields: { location_id: ReservationMessages.locationNotFound } });
    return found;
  }
  if (active.length === 0) throw AppError.notFound(ReservationMessages.locationNotFound);
  if (active.length > 1 && options.requireChoice) {
    throw new AppError('VALIDATION_ERROR', 400, ReservationMessages.selectLocation, { fields: { location_id: ReservationMessages.selectLocation } });
  }
  return active.find((l) => l.isDefault) ?? active[0]!;
}

export function canSeeInactive(user: SessionUser | null | undefined, restaurantId: number): boolean {
  return canActFor(user, restaurantId);
}

/** GET /locations: the restaurant's active locations; its staff may ask for the inactive ones too. */
export async function listLocationsFor(deps: Pick<ServiceDeps, 'db'>, viewer: SessionUser | null | undefined, restaurantId: number, wantsAll: boolean): Promise<LocationOutput[]> {
  const rows = await listLocations(deps.db, restaurantId, { includeInactive: wantsAll && canSeeInactive(viewer, restaurantId) });
  return rows.map(locationView);
}

/** GET /locations/:id: one location; an inactive one only for the restaurant's staff (404 for others). */
export async function locationFor(deps: Pick<ServiceDeps, 'db'>, viewer: SessionUser | null | undefined, id: number): Promise<LocationOutput> {
  const row = await getLocation(deps.db, id);
  if (!row.isActive && !canActFor(viewer, row.restaurantId)) throw AppError.notFound(ReservationMessages.locationNotFound);
  return locationView(row);
}

// ── Capacities ────────────────────────────────────────────────────────────────────────────

/** total_capacity of a location (26 when no row says otherwise, §9). */
export async function capacityOf(db: DbOrTx, locationId: number): Promise<{ total: number; table: number }> {
  const [row] = await db.select().from(locationCapacities).where(eq(locationCapacities.locationId, locationId)).limit(1);
  return { total: row?.totalCapacity ?? DEFAULT_TOTAL_CAPACITY, table: row?.defaultTableCapacity ?? DEFAULT_TABLE_CAPACITY };
}

/** Every location of the restaurant with its capacity (a default row shown as id 0 until saved). */
export async function listCapacities(deps: ServiceDeps, user: SessionUser, requested: number | undefined): Promise<LocationCapacityOutput[]> {
  const restaurantId = scopeRestaurant(user, requested);
  const rows = await deps.db
    .select({ location: locations, capacity: locationCapacities })
    .from(locations)
    .leftJoin(locationCapacities, eq(locationCapacities.locationId, locations.id))
    .where(and(eq(locations.restaurantId, restaurantId), eq(locations.isActive, true)))
    .orderBy(asc(locations.id));
  return rows.map(({ location, capacity }) => ({
    id: capacity?.id ?? 0,
    restaurant_id: restaurantId,
    location_id: location.id,
    location: { id: location.id, name: location.name },
    total_capacity: capacity?.totalCapacity ?? DEFAULT_TOTAL_CAPACITY,
    default_table_capacity: capacity?.defaultTableCapacity ?? DEFAULT_TABLE_CAPACITY,
    is_active: location.isActive,
  }));
}

async function capacityOutput(db: DbOrTx, id: number): Promise<LocationCapacityOutput> {
  const [row] = await db
    .select({ capacity: locationCapacities, location: locations })
    .from(locationCapacities)
    .innerJoin(locations, eq(locations.id, locationCapacities.locationId))
    .where(eq(locationCapacities.id, id))
    .limit(1);
  if (!row) throw AppError.notFound(ReservationMessages.capacityNotFound);
  return {
    id: row.capacity.id,
    restaurant_id: row.capacity.restaurantId,
    location_id: row.location.id,
    location: { id: row.location.id, name: row.location.name },
    total_capacity: row.capacity.totalCapacity,
    default_table_capacity: row.capacity.defaultTableCapacity,
    is_active: row.location.isActive,
  };
}

export async function getCapacity(deps: ServiceDeps, user: SessionUser, id: number): Promise<LocationCapacityOutput> {
  const out = await capacityOutput(deps.db, id);
  assertRestaurantAccess(user, out.restaurant_id);
  return out;
}

/** Create or (for a location that has one) replace its capacity. */
export async function createCapacity(deps: ServiceDeps, user: SessionUser, input: LocationCapacityCreateInput): Promise<LocationCapacityOutput> {
  const location = await getLocation(deps.db, input.location_id);
  assertRestaurantAccess(user, location.restaurantId, 'admin');
  if (input.restaurant_id !== undefined && input.restaurant_id !== location.restaurantId) throw AppError.forbidden();
  const [row] = await deps.db
    .insert(locationCapacities)
    .values({ restaurantId: location.restaurantId, locationId: location.id, totalCapacity: input.total_capacity, defaultTableCapacity: input.default_table_capacity })
    .onConflictDoUpdate({ target: locationCapacities.locationId, set: { totalCapacity: input.total_capacity, defaultTableCapacity: input.default_table_capacity } })
    .returning({ id: locationCapacities.id });
  return capacityOutput(deps.db, row!.id);
}

export async function updateCapacity(deps: ServiceDeps, user: SessionUser, id: number, input: LocationCapacityUpdateInput): Promise<LocationCapacityOutput> {
  const existing = await capacityOutput(deps.db, id);
  assertRestaurantAccess(user, existing.restaurant_id, 'admin');
  const values = {
    ...(input.total_capacity === undefined ? {} : { totalCapacity: input.total_capacity }),
    ...(input.default_table_capacity === undefined ? {} : { defaultTableCapacity: input.default_table_capacity }),
  };
  // Nothing to change (an empty body): the row as it is.
  if (Object.keys(values).length === 0) return existing;
  await deps.db.update(locationCapacities).set(values).where(eq(locationCapacities.id, id));
  return capacityOutput(deps.db, id);
}

// ── Operating hours and special events ───────────────────────────────────────────────────

function hoursView(row: HoursRow): OperatingHoursOutput {
  return { id: row.id, restaurant_id: row.restaurantId, day_of_week: row.dayOfWeek, open_time: hhmm(row.openTime)!, close_time: hhmm(row.closeTime)!, closed: row.closed };
}

async function weekOf(db: DbOrTx, restaurantId: number): Promise<HoursRow[]> {
  return db.select().from(operatingHours).where(eq(operatingHours.restaurantId, restaurantId)).orderBy(asc(operatingHours.dayOfWeek));
}

export async function listHours(deps: ServiceDeps, user: SessionUser, requested: number | undefined): Promise<OperatingHoursOutput[]> {
  return (await weekOf(deps.db, scopeRestaurant(user, requested))).map(hoursView);
}

async function writeUpdateHours(deps: ServiceDeps, user: SessionUser, id: number, input: OperatingHoursUpdateInput): Promise<OperatingHoursOutput> {
  const [existing] = await deps.db.select().from(operatingHours).where(eq(operatingHours.id, id)).limit(1);
  if (!existing) throw AppError.notFound(ReservationMessages.hoursNotFound);
  assertRestaurantAccess(user, existing.restaurantId, 'admin');
  const values = {
    ...(input.open_time === undefined ? {} : { openTime: input.open_time }),
    ...(input.close_time === undefined ? {} : { closeTime: input.close_time }),
    ...(input.closed === undefined ? {} : { closed: input.closed }),
  };
  if (Object.keys(values).length === 0) return hoursView(existing);
  const [row] = await deps.db
    .update(operatingHours)
    .set(values)
    .where(eq(operatingHours.id, id))
    .returning();
  return hoursView(row!);
}

/** Changes a weekday’s hours; the restaurant's open pages refetch it. */
export async function updateHours(deps: ServiceDeps, user: SessionUser, id: number, input: OperatingHoursUpdateInput): Promise<OperatingHoursOutput> {
  const hours = await writeUpdateHours(deps, user, id, input);
  announceRestaurantChanged(deps, hours.restaurant_id);
  return hours;
}

function eventView(row: EventRow): SpecialEventOutput {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    event_date: row.eventDate,
    start_time: hhmm(row.startTime),
    end_time: hhmm(row.endTime),
    closed: row.closed,
    exclusive_booking: row.exclusiveBooking,
    max_capacity: row.maxCapacity,
    description: row.description,
  };
}

async function eventsBetween(db: DbOrTx, restaurantId: number, fromDate: string, toDate: string): Promise<EventRow[]> {
  return db
    .select()
    .from(specialEvents)
    .where(and(eq(specialEvents.restaurantId, restaurantId), gte(specialEvents.eventDate, fromDate), lte(specialEvents.eventDate, toDate)))
    .orderBy(asc(specialEvents.eventDate));
}

export async function listEvents(deps: ServiceDeps, user: SessionUser, requested: number | undefined): Promise<SpecialEventOutput[]> {
  const restaurantId = scopeRestaurant(user, requested);
  const rows = await deps.db.select().from(specialEvents).where(eq(specialEvents.restaurantId, restaurantId)).orderBy(asc(specialEvents.eventDate));
  return rows.map(eventView);
}

function eventDateTaken(error: unknown): never {
  if (isUniqueViolation(error, 'special_events_restaurant_date_unique')) {
    throw AppError.conflict(ReservationMessages.eventDateTaken, { fields: { event_date: ReservationMessages.eventDateTaken } });
  }
  throw error;
}

async function writeCreateEvent(deps: ServiceDeps, user: SessionUser, input: SpecialEventCreateInput): Promise<SpecialEventOutput> {
  const restaurantId = scopeRestaurant(user, input.restaurant_id, 'admin');
  const [row] = await deps.db
    .insert(specialEvents)
    .values({
      restaurantId,
      eventDate: input.event_date,
      startTime: input.start_time ?? null,
      endTime: input.end_time ?? null,
      closed: input.closed,
      exclusiveBooking: input.exclusive_booking,
      maxCapacity: input.max_capacity ?? null,
      description: input.description ?? null,
    })
    .returning()
    .catch(eventDateTaken);
  return eventView(row!);
}

/** Creates a special event; the restaurant's open pages refetch it. */
export async function createEvent(deps: ServiceDeps, user: SessionUser, input: SpecialEventCreateInput): Promise<SpecialEventOutput> {
  const event = await writeCreateEvent(deps, user, input);
  announceRestaurantChanged(deps, event.restaurant_id);
  return event;
}

async function eventForAdmin(deps: ServiceDeps, user: SessionUser, id: number): Promise<EventRow> {
  const [row] = await deps.db.select().from(specialEvents).where(eq(specialEvents.id, id)).limit(1);
  if (!row) throw AppError.notFound(ReservationMessages.eventNotFound);
  assertRestaurantAccess(user, row.restaurantId, 'admin');
  return row;
}

async function writeUpdateEvent(deps: ServiceDeps, user: SessionUser, id: number, input: SpecialEventUpdateInput): Promise<SpecialEventOutput> {
  const existing = await eventForAdmin(deps, user, id);
  const values = {
    ...(input.event_date === undefined ? {} : { eventDate: input.event_date }),
    ...(input.start_time === undefined ? {} : { startTime: input.start_time }),
    ...(input.end_time === undefined ? {} : { endTime: input.end_time }),
    ...(input.closed === undefined ? {} : { closed: input.closed }),
    ...(input.exclusive_booking === undefined ? {} : { exclusiveBooking: input.exclusive_booking }),
    ...(input.max_capacity === undefined ? {} : { maxCapacity: input.max_capacity }),
    ...(input.description === undefined ? {} : { description: input.description }),
  };
  if (Object.keys(values).length === 0) return eventView(existing);
  const [row] = await deps.db
    .update(specialEvents)
    .set(values)
    .where(eq(specialEvents.id, id))
    .returning()
    .catch(eventDateTaken);
  return eventView(row!);
}

/** Changes a special event; the restaurant's open pages refetch it. */
export async function updateEvent(deps: ServiceDeps, user: SessionUser, id: number, input: SpecialEventUpdateInput): Promise<SpecialEventOutput> {
  const event = await writeUpdateEvent(deps, user, id, input);
  announceRestaurantChanged(deps, event.restaurant_id);
  return event;
}

/** Deletes the event; answers its restaurant's id. */
export async function deleteEvent(deps: ServiceDeps, user: SessionUser, id: number): Promise<void> {
  const event = await eventForAdmin(deps, user, id);
  await deps.db.delete(specialEvents).where(eq(specialEvents.id, id));
  announceRestaurantChanged(deps, event.restaurantId);
}

/** What the public modal needs to grey out dates (§7 GET /public/restaurant_schedule/{id}): upcoming events only. */
export async function restaurantSchedule(deps: ServiceDeps, restaurantId: number, now = new Date()): Promise<RestaurantScheduleOutput> {
  const restaurant = await getRestaurant(deps, restaurantId);
  const today = zonedParts(now.getTime(), restaurant.timeZone).date;
  const [week, events] = await Promise.all([weekOf(deps.db, restaurantId), eventsBetween(deps.db, restaurantId, today, addDays(today, 366))]);
  return {
    restaurant_id: restaurantId,
    time_zone: restaurant.timeZone,
    operating_hours: week.map((r) => ({ day_of_week: r.dayOfWeek, open_time: hhmm(r.openTime)!, close_time: hhmm(r.closeTime)!, closed: r.closed })),
    special_events: events.map((e) => ({ event_date: e.eventDate, closed: e.closed, exclusive_booking: e.exclusiveBooking, start_time: hhmm(e.startTime), end_time: hhmm(e.endTime) })),
  };
}

// ── Blocked periods ──────────────────────────────────────────────────────────────────────

async function blockedView(db: DbOrTx, rows: BlockedRow[]): Promise<BlockedPeriodOutput[]> {
  const ids = [...new Set(rows.map((r) => r.locationId).filter((v): v is number => v !== null))];
  const names = new Map(
    ids.length ? (await db.select({ id: locations.id, name: locations.name }).from(locations).where(inArray(locations.id, ids))).map((l) => [l.id, l.name]) : [],
  );
  return rows.map((r) => ({
    id: r.id,
    restaurant_id: r.restaurantId,
    location_id: r.locationId,
    location: r.locationId === null ? null : { id: r.locationId, name: names.get(r.locationId) ?? '' },
    start_time: r.startTime.toISOString(),
    end_time: r.endTime.toISOString(),
    reason: r.reason,
    status: r.status,
  }));
}

export async function listBlocked(deps: ServiceDeps, user: SessionUser, query: BlockedPeriodListQuery): Promise<BlockedPeriodOutput[]> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id);
  const filters: SQL[] = [eq(blockedPeriods.restaurantId, restaurantId)];
  if (query.location_id !== undefined) filters.push(eq(blockedPeriods.locationId, query.location_id));
  if (query.active === 'true') filters.push(eq(blockedPeriods.status, 'active'));
  if (query.active === 'false') filters.push(ne(blockedPeriods.status, 'active'));
  // Dates are Guam days: a period is listed when it overlaps them.
  if (query.start_date) filters.push(gt(blockedPeriods.endTime, new Date(zonedInstant(query.start_date, 0))));
  if (query.end_date) filters.push(lt(blockedPeriods.startTime, new Date(zonedInstant(addDays(query.end_date, 1), 0))));
  const rows = await deps.db.select().from(blockedPeriods).where(and(...filters)).orderBy(asc(blockedPeriods.startTime));
  return blockedView(deps.db, rows);
}

async function checkBlockedLocation(deps: ServiceDeps, restaurantId: number, locationId: number | null | undefined): Promise<void> {
  if (locationId === null || locationId === undefined) return;
  const location = await getLocation(deps.db, locationId).catch(() => null);
  if (!location || location.restaurantId !== restaurantId) {
    throw new AppError('VALIDATION_ERROR', 400, ReservationMessages.locationNotFound, { fields: { location_id: ReservationMessages.locationNotFound } });
  }
}

export async function createBlocked(deps: ServiceDeps, user: SessionUser, input: BlockedPeriodInput): Promise<BlockedPeriodOutput> {
  const restaurantId = scopeRestaurant(user, input.restaurant_id, 'admin');
  await checkBlockedLocation(deps, restaurantId, input.location_id);
  const [row] = await deps.db
    .insert(blockedPeriods)
    .values({
      restaurantId,
      locationId: input.location_id ?? null,
      startTime: new Date(parseRestaurantDateTime(input.start_time)),
      endTime: new Date(parseRestaurantDateTime(input.end_time)),
      reason: input.reason,
      status: input.status,
    })
    .returning();
  return (await blockedView(deps.db, [row!]))[0]!;
}

async function blockedForAdmin(deps: ServiceDeps, user: SessionUser, id: number): Promise<BlockedRow> {
  const [row] = await deps.db.select().from(blockedPeriods).where(eq(blockedPeriods.id, id)).limit(1);
  if (!row) throw AppError.notFound(ReservationMessages.blockedNotFound);
  assertRestaurantAccess(user, row.restaurantId, 'admin');
  return row;
}

export async function updateBlocked(deps: ServiceDeps, user: SessionUser, id: number, input: BlockedPeriodInput): Promise<BlockedPeriodOutput> {
  const existing = await blockedForAdmin(deps, user, id);
  await checkBlockedLocation(deps, existing.restaurantId, input.location_id);
  const [row] = await deps.db
    .update(blockedPeriods)
    .set({
      locationId: input.location_id ?? null,
      startTime: new Date(parseRestaurantDateTime(input.start_time)),
      endTime: new Date(parseRestaurantDateTime(input.end_time)),
      reason: input.reason,
      status: input.status,
    })
    .where(eq(blockedPeriods.id, id))
    .returning();
  return (await blockedView(deps.db, [row!]))[0]!;
}

export async function deleteBlocked(deps: ServiceDeps, user: SessionUser, id: number): Promise<void> {
  await blockedForAdmin(deps, user, id);
  await deps.db.delete(blockedPeriods).where(eq(blockedPeriods.id, id));
}
