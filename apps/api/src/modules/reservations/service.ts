import { smsAllowed } from '@kusina/domain/phone';
import { smsCountryCodes, smsCountryMessage } from '@kusina/domain/restaurants';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import {
  GUEST_LINK_DAYS_AFTER,
  ReservationEvents,
  ReservationMessages,
  SEAT_HOLDING_STATUSES,
  type GuestReservationOutput,
  type ReservationCreateInput,
  type ReservationListQuery,
  type ReservationOutput,
  type ReservationStatus,
  type ReservationUpdateInput,
} from '@kusina/domain/reservations';
import { partySizeLimits } from '@kusina/domain/reservation-availability';
import { preferencesOverParty } from '@kusina/domain/seat-allocation-rules';
import { addDays, MINUTE_MS, parseRestaurantDateTime, zonedInstant } from '@kusina/domain/restaurant-schedule';
import type { DbOrTx } from '../../db/client.ts';
import { locations, reservations, restaurants } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { assertRestaurantAccess, canActFor, type Auth, type SessionUser, scopeRestaurant } from '../../lib/access.ts';
import { rooms } from '../../realtime/socket.ts';
import { getRestaurant, restaurantInTransaction } from '../restaurants/service.ts';
import { adminMaxPartySize, freeSeatsDuring, roomAt, slotAt, todayIn } from './availability.ts';
import { guestMessages, type GuestMessageKind } from './messages.ts';
import { capacityOf, getLocation, resolveLocation, type LocationRow } from './schedule.ts';

/** The one reader of a restaurant's hours and events (decision 0097): orders' pickup schedule uses it. */
export { hoursAndEventsColumns, parseHoursAndEvents, type HoursAndEvents, type HoursAndEventsColumns } from './hours.ts';
/** The largest party an admin may seat (the waitlist's guest join is held to it too). */
export { adminMaxPartySize } from './availability.ts';
/** The waitlist rows seating (modules/seating) locks and moves in its transaction; the waitlist module adds and tells. */
export { announceWaitlistChange, assertWalkInFits, createWaitlistEntry, lockWaitlistEntryForFloor, waitlistEntryView, writeWaitlistMove, type WaitlistEntryRow } from './waitlist.ts';
import { announceSeatsChanged, liveSeatCount, moveHeldSeats, releaseHeldSeats, releaseOccupantSeats } from '../floor/service.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * Reservations (issue #21). One path writes a booking's seats: `holdSeats` inside the transaction
 * that writes the row, after taking the advisory locks of every Guam day the stay touches at its
 * location (and of the restaurant's day when an event caps guests across locations). Two bookings
 * that could overlap share a day, so they queue on the same lock; the second one then sees the first.
 */

export type ReservationRow = typeof reservations.$inferSelect;

const fieldError = (field: string, message: string, status = 400) => new AppError('VALIDATION_ERROR', status, message, { fields: { [field]: message } });

/** §5: an option holds at most party-size seats ('Option n can only have up to N seat(s).'). */
function assertPreferencesFit(preferences: readonly (readonly string[])[] | undefined, partySize: number): void {
  const over = preferencesOverParty(preferences, partySize);
  if (over) throw fieldError('seat_preferences', over);
}

function reservationView(row: ReservationRow, location: Pick<LocationRow, 'id' | 'name'>): ReservationOutput {
  return {
    id: row.id,
    reservation_number: row.reservationNumber ?? `R-${String(row.id).padStart(6, '0')}`,
    restaurant_id: row.restaurantId,
    location_id: row.locationId,
    location: { id: location.id, name: location.name },
    start_time: row.startTime.toISOString(),
    end_time: row.endTime.toISOString(),
    duration_minutes: row.durationMinutes,
    party_size: row.partySize,
    contact_name: row.contactName,
    contact_phone: row.contactPhone,
    contact_email: row.contactEmail,
    status: row.status,
    seat_preferences: row.seatPreferences,
    seat_labels: row.seatLabels,
    special_requests: row.specialRequests,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function viewOf(db: DbOrTx, row: ReservationRow): Promise<ReservationOutput> {
  const [location] = await db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.id, row.locationId)).limit(1);
  return reservationView(row, location ?? { id: row.locationId, name: '' });
}

const holdsSeats = (status: ReservationStatus) => SEAT_HOLDING_STATUSES.includes(status);

// ── Reading ──────────────────────────────────────────────────────────────────────────────

/** GET /reservations: a Guam day (default today) of the restaurant, by start time. */
export async function listReservations(deps: ServiceDeps, user: SessionUser, query: ReservationListQuery, now = new Date()): Promise<ReservationOutput[]> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id);
  const restaurant = await getRestaurant(deps, restaurantId);
  const date = query.date ?? todayIn(restaurant.timeZone, now);
  const filters: SQL[] = [
    eq(reservations.restaurantId, restaurantId),
    gte(reservations.startTime, new Date(zonedInstant(date, 0, restaurant.timeZone))),
    lt(reservations.startTime, new Date(zonedInstant(addDays(date, 1), 0, restaurant.timeZone))),
  ];
  if (query.location_id !== undefined) filters.push(eq(reservations.locationId, query.location_id));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = query.search.replace(/\D/g, '');
    filters.push(
      or(
        ilike(reservations.contactName, like),
        ilike(reservations.contactEmail, like),
        ilike(reservations.contactPhone, like),
        digits.length >= 3 ? ilike(reservations.contactPhone, `%${digits}%`) : undefined,
      )!,
    );
  }
  const rows = await deps.db
    .select({ r: reservations, l: { id: locations.id, name: locations.name } })
    .from(reservations)
    .innerJoin(locations, eq(locations.id, reservations.locationId))
    .where(and(...filters))
    .orderBy(asc(reservations.startTime), asc(reservations.id));
  return rows.map(({ r, l }) => reservationView(r, l));
}

async function reservationForStaff(db: DbOrTx, user: SessionUser, id: number): Promise<ReservationRow> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
  if (!row) throw AppError.notFound(ReservationMessages.notFound);
  assertRestaurantAccess(user, row.restaurantId);
  return row;
}

export async function getReservation(deps: ServiceDeps, user: SessionUser, id: number): Promise<ReservationOutput> {
  return viewOf(deps.db, await reservationForStaff(deps.db, user, id));
}

// ── Booking ──────────────────────────────────────────────────────────────────────────────

/**
 * POST /reservations. Staff of the restaurant book any slot the engine offers staff (Private Only
 * included) with the status, duration and seat preferences they choose. Anyone else is a guest:
 * status, duration and seat preferences are refused, the stay is the restaurant's default
 * length, the slot must be one the public is offered, and phone and e-mail are required.
 */
export async function createReservation(deps: ServiceDeps, auth: Auth | null, restaurantId: number, input: ReservationCreateInput, now = new Date()): Promise<ReservationOutput> {
  const restaurant = await getRestaurant(deps, restaurantId);
  const staff = canActFor(auth?.user, restaurantId);
  if (!staff) {
    if (input.status !== undefined && input.status !== 'booked') throw fieldError('status', ReservationMessages.guestOnly);
    if (input.duration_minutes !== undefined && input.duration_minutes !== restaurant.defaultReservationLength) throw fieldError('duration_minutes', ReservationMessages.guestOnly);
    if (input.seat_preferences !== undefined && input.seat_preferences.length > 0) throw fieldError('seat_preferences', ReservationMessages.guestOnly);
    if (!input.contact_phone) throw fieldError('contact_phone', ReservationMessages.requiredFields);
    if (!input.contact_email) throw fieldError('contact_email', ReservationMessages.requiredFields);
    // The guest's texts must be able to reach the number (issue #33): say so at the field, now.
    const codes = smsCountryCodes(restaurant.adminSettings);
    if (!smsAllowed(input.contact_phone, codes)) throw fieldError('contact_phone', smsCountryMessage(codes));
  }
  assertPreferencesFit(input.seat_preferences, input.party_size);
  const location = await resolveLocation(deps.db, restaurantId, input.location_id, { requireChoice: !staff });
  if (!staff) {
    const capacity = await capacityOf(deps.db, location.id);
    const { effective } = partySizeLimits(adminMaxPartySize(restaurant), capacity.total);
    if (input.party_size > effective) throw fieldError('party_size', ReservationMessages.partyTooLarge(effective));
  }
  const startsAt = parseRestaurantDateTime(input.start_time, restaurant.timeZone);
  const durationMinutes = staff ? (input.duration_minutes ?? restaurant.defaultReservationLength) : restaurant.defaultReservationLength;
  const endsAt = startsAt + durationMinutes * MINUTE_MS;
  const status: ReservationStatus = staff ? (input.status ?? 'booked') : 'booked';

  const created = await transaction(deps.pool, async ({ tx, client }) => {
    if (holdsSeats(status)) {
      const data = await roomAt({ tx, client }, restaurant, location.id, { start: startsAt, end: endsAt });
      const slot = slotAt(data, startsAt, { partySize: input.party_size, durationMinutes, audience: staff ? 'staff' : 'public', now });
      if (!slot || slot.blocked) throw fieldError('start_time', ReservationMessages.slotNotOffered);
      if (!slot.available) throw AppError.conflict(ReservationMessages.noCapacity, { fields: { start_time: ReservationMessages.noCapacity } });
    }
    const [row] = await tx
      .insert(reservations)
      .values({
        restaurantId,
        locationId: location.id,
        startTime: new Date(startsAt),
        endTime: new Date(endsAt),
        durationMinutes,
        partySize: input.party_size,
        contactName: input.contact_name,
        contactPhone: input.contact_phone ?? null,
        contactEmail: input.contact_email ?? null,
        status,
        seatPreferences: staff ? (input.seat_preferences ?? []) : [],
        specialRequests: input.special_requests || null,
        guestToken: randomBytes(32).toString('base64url'),
        source: staff ? 'staff' : 'public',
        createdByUserId: auth?.user.id ?? null,
      })
      .returning();
    if (!row) throw new Error('reservation insert returned nothing');
    if (!staff || status === 'booked') await guestMessages(deps, { tx, client, boss: deps.boss }, row, restaurant, location, 'received', { anonymous: !auth });
    return row;
  });
  const view = reservationView(created, location);
  deps.realtime.emit(rooms.staff(restaurantId), ReservationEvents.created, { reservation: view });
  return view;
}


// ── Changing ─────────────────────────────────────────────────────────────────────────────

/**
 * Which guest message a status change by staff sends: approve, reject, and a cancel of a
 * reservation that still held its table (the guest's own cancel, through their link, sends none).
 */
function messageFor(from: ReservationStatus, to: ReservationStatus): GuestMessageKind | null {
  if (from === to) return null;
  if (to === 'reserved' && from === 'booked') return 'confirmed';
  if (to === 'rejected') return 'declined';
  if (to === 'canceled' && holdsSeats(from)) return 'canceled';
  return null;
}

/**
 * PATCH /reservations/{id}. A change that makes the reservation hold more seats or other times —
 * party size, duration, start time, or a status that holds seats again — re-checks the capacity
 * under the locks of the old and new days, counting every other reservation.
 * Every value not sent is taken from the row locked in the writing transaction; seats held for the
 * party on the floor move with a new start, or the move is refused (decision 0074).
 */
export async function updateReservation(deps: ServiceDeps, user: SessionUser, id: number, input: ReservationUpdateInput, now = new Date()): Promise<ReservationOutput> {
  const existing = await reservationForStaff(deps.db, user, id);
  const restaurant = await getRestaurant(deps, existing.restaurantId);
  const location = await getLocation(deps.db, existing.locationId);

  const { row: updated, seatsChanged } = await transaction(deps.pool, async ({ tx, client }) => {
    const [current] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
    if (!current) throw AppError.notFound(ReservationMessages.notFound);
    // What is not sent stays as the locked row has it, not as it was read before the lock: an
    // Approve racing another host's party-size or time change must not write the old values back.
    const startsAt = input.start_time === undefined ? current.startTime.getTime() : parseRestaurantDateTime(input.start_time, restaurant.timeZone);
    const durationMinutes = input.duration_minutes ?? current.durationMinutes;
    const endsAt = startsAt + durationMinutes * MINUTE_MS;
    const partySize = input.party_size ?? current.partySize;
    const status = input.status ?? current.status;
    const moved = startsAt !== current.startTime.getTime();
    // §5 for the options sent, or for the saved ones when only the party shrinks (decision 0071).
    assertPreferencesFit(input.seat_preferences ?? (input.party_size === undefined ? undefined : current.seatPreferences), partySize);
    const takesMore = holdsSeats(status) && (!holdsSeats(current.status) || moved || endsAt !== current.endTime.getTime() || partySize > current.partySize);
    if (takesMore) {
      const data = await roomAt({ tx, client }, restaurant, location.id, { start: startsAt, end: endsAt }, id);
      // A new start must be a slot the engine offers staff (open, not blocked, not past, on the grid).
      if (moved) {
        const slot = slotAt(data, startsAt, { partySize, durationMinutes, audience: 'staff', now });
        if (!slot || slot.blocked) throw fieldError('start_time', ReservationMessages.slotNotOffered);
      }
      if (freeSeatsDuring(data, startsAt, endsAt) < partySize) throw AppError.conflict(ReservationMessages.noCapacity, { fields: { party_size: ReservationMessages.noCapacity } });
    }
    const [row] = await tx
      .update(reservations)
      .set({
        ...(input.contact_name === undefined ? {} : { contactName: input.contact_name }),
        ...(input.contact_phone === undefined ? {} : { contactPhone: input.contact_phone }),
        ...(input.contact_email === undefined ? {} : { contactEmail: input.contact_email }),
        ...(input.seat_preferences === undefined ? {} : { seatPreferences: input.seat_preferences }),
        ...(input.special_requests === undefined ? {} : { specialRequests: input.special_requests || null }),
        partySize,
        durationMinutes,
        startTime: new Date(startsAt),
        endTime: new Date(endsAt),
        status,
      })
      .where(eq(reservations.id, id))
      .returning();
    const kind = messageFor(current.status, status);
    if (kind) await guestMessages(deps, { tx, client, boss: deps.boss }, row!, restaurant, location, kind);
    let seatsChanged = 0;
    let written = row!;
    // A party that no longer holds a table no longer holds its seats on the floor (decision 0067).
    // One whose size changed no longer fits the seats held ahead for it (seating gives exactly
    // party-size seats): those are freed and the host picks new ones; seats a party already sits at
    // stay with it (decision 0080). One that moves takes the seats held for it to its new hour (0074).
    if (!holdsSeats(status) && holdsSeats(current.status)) seatsChanged = await releaseOccupantSeats(tx, 'reservation', id, status, deps.clock());
    else if (partySize !== current.partySize && holdsSeats(status)) {
      seatsChanged = await releaseHeldSeats(tx, 'reservation', id, deps.clock());
      if (seatsChanged > 0 && (await liveSeatCount(tx, 'reservation', id)) === 0) {
        const [emptied] = await tx.update(reservations).set({ seatLabels: [] }).where(eq(reservations.id, id)).returning();
        written = emptied!;
      }
    } else if ((moved || endsAt !== current.endTime.getTime()) && holdsSeats(status)) seatsChanged = await moveHeldSeats(tx, id, { start: startsAt, end: endsAt }, deps.clock(), restaurant.timeZone);
    return { row: written, seatsChanged };
  });
  const view = reservationView(updated, location);
  deps.realtime.emit(rooms.staff(restaurant.id), ReservationEvents.updated, { reservation: view });
  // Open floors redraw (0074): the seats were freed or moved by this screen, not by the floor.
  if (seatsChanged > 0) announceSeatsChanged(deps, restaurant.id, 'reservation', id);
  return view;
}

export async function deleteReservation(deps: ServiceDeps, user: SessionUser, id: number): Promise<void> {
  const existing = await reservationForStaff(deps.db, user, id);
  const freed = await transaction(deps.pool, async ({ tx }) => {
    const released = await releaseOccupantSeats(tx, 'reservation', id, 'canceled', deps.clock());
    await tx.delete(reservations).where(eq(reservations.id, id));
    return released;
  });
  deps.realtime.emit(rooms.staff(existing.restaurantId), ReservationEvents.deleted, { id, restaurant_id: existing.restaurantId });
  if (freed > 0) announceSeatsChanged(deps, existing.restaurantId, 'reservation', id);
}

// ── The floor ────────────────────────────────────────────────────────────────────────────

/** A reservation of the restaurant locked for a floor write; another restaurant's is not found. */
export async function lockReservationForFloor(tx: DbOrTx, restaurantId: number, id: number): Promise<ReservationRow | null> {
  const [row] = await tx.select().from(reservations).where(and(eq(reservations.id, id), eq(reservations.restaurantId, restaurantId))).for('update');
  return row ?? null;
}

/**
 * The floor's status write of a reservation (seat, hold, arrive, finish, no-show, cancel), inside the
 * floor's transaction, with the guest message the same move sends from the reservation screens.
 * The floor checks which moves it allows; the seats a party holds are counted by availability as before.
 */
export async function writeReservationFromFloor(deps: ServiceDeps, ctx: { tx: DbOrTx; client: PoolClient }, current: ReservationRow, status: ReservationStatus, seatLabels?: string[]): Promise<ReservationOutput> {
  const [row] = await ctx.tx
    .update(reservations)
    .set({ status, ...(seatLabels === undefined ? {} : { seatLabels }) })
    .where(eq(reservations.id, current.id))
    .returning();
  const kind = messageFor(current.status, status);
  const location = await getLocation(ctx.tx, current.locationId);
  if (kind) await guestMessages(deps, { tx: ctx.tx, client: ctx.client, boss: deps.boss }, row!, await restaurantInTransaction(ctx.tx, current.restaurantId), location, kind);
  return reservationView(row!, location);
}

// ── The guest's link ─────────────────────────────────────────────────────────────────────

const linkExpiresAt = (row: ReservationRow) => new Date(row.startTime.getTime() + GUEST_LINK_DAYS_AFTER * 24 * 60 * MINUTE_MS);

/** The reservation of a guest link still in its time (410 once it has expired, 404 if it never was). */
async function byToken(db: DbOrTx, token: string, now: Date): Promise<{ row: ReservationRow; location: LocationRow; restaurantName: string }> {
  const found = await findByToken(db, token);
  if (linkExpiresAt(found.row) <= now) throw new AppError('LINK_EXPIRED', 410, ReservationMessages.linkExpired);
  return found;
}

async function findByToken(db: DbOrTx, token: string): Promise<{ row: ReservationRow; location: LocationRow; restaurantName: string }> {
  const [found] = await db
    .select({ row: reservations, location: locations, restaurantName: restaurants.name })
    .from(reservations)
    .innerJoin(locations, eq(locations.id, reservations.locationId))
    .innerJoin(restaurants, eq(restaurants.id, reservations.restaurantId))
    .where(eq(reservations.guestToken, token))
    .limit(1);
  if (!found) throw AppError.notFound(ReservationMessages.notFound);
  return found;
}

const guestCancellable = (row: ReservationRow, now: Date) => (row.status === 'booked' || row.status === 'reserved') && row.startTime.getTime() > now.getTime();

function guestView(row: ReservationRow, location: LocationRow, restaurantName: string, now: Date): GuestReservationOutput {
  return {
    reservation_number: row.reservationNumber ?? '',
    restaurant_name: restaurantName,
    location: { name: location.name, address: location.address },
    start_time: row.startTime.toISOString(),
    party_size: row.partySize,
    contact_name: row.contactName,
    status: row.status,
    special_requests: row.specialRequests,
    can_cancel: guestCancellable(row, now),
    link_expires_at: linkExpiresAt(row).toISOString(),
  };
}

export async function getGuestReservation(deps: ServiceDeps, token: string, now = new Date()): Promise<GuestReservationOutput> {
  const { row, location, restaurantName } = await byToken(deps.db, token, now);
  return guestView(row, location, restaurantName, now);
}

/**
 * The guest cancels through their link: the seats are free as soon as this commits — the party's
 * place in the room, and any seats held for it on the floor (decision 0105: a cancel by anyone
 * releases them), in the one transaction that cancels it.
 */
export async function cancelGuestReservation(deps: ServiceDeps, token: string, now = new Date()): Promise<GuestReservationOutput> {
  const { row, location, restaurantName } = await byToken(deps.db, token, now);
  if (!guestCancellable(row, now)) throw AppError.conflict(ReservationMessages.alreadyClosed);
  const { updated, freed } = await transaction(deps.pool, async ({ tx }) => {
    const [canceled] = await tx
      .update(reservations)
      .set({ status: 'canceled' })
      .where(and(eq(reservations.id, row.id), sql`${reservations.status} IN ('booked', 'reserved')`))
      .returning();
    if (!canceled) throw AppError.conflict(ReservationMessages.alreadyClosed);
    return { updated: canceled, freed: await releaseOccupantSeats(tx, 'reservation', canceled.id, 'canceled', now) };
  });
  deps.realtime.emit(rooms.staff(updated.restaurantId), ReservationEvents.updated, { reservation: reservationView(updated, location) });
  if (freed > 0) announceSeatsChanged(deps, updated.restaurantId, 'reservation', updated.id);
  return guestView(updated, location, restaurantName, now);
}
