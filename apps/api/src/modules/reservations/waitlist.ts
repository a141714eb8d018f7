import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { partySizeLimits } from '@kusina/domain/reservation-availability';
import { ReservationMessages } from '@kusina/domain/reservation-rules';
import { addDays, zonedInstant } from '@kusina/domain/restaurant-schedule';
import { actualWaitMinutes } from '@kusina/domain/waitlist-quote-rules';
import {
  canMoveWaitlistEntry,
  WaitlistEvents,
  WaitlistMessages,
  type WaitlistEntryCreateInput,
  type WaitlistEntryOutput,
  type WaitlistEntryUpdateInput,
  type WaitlistListQuery,
} from '@kusina/domain/waitlist';
import type { DbOrTx } from '../../db/client.ts';
import { restaurants, seats, waitlistEntries } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { rooms } from '../../realtime/socket.ts';
import { type SessionUser, scopeRestaurant } from '../../lib/access.ts';
import { getRestaurant } from '../restaurants/service.ts';
import { announceSeatsChanged, liveSeatCount, releaseOccupantSeats } from '../floor/service.ts';
import { adminMaxPartySize, freeSeatsDuring, roomAt, todayIn, walkInEnd, type Queryable } from './availability.ts';
import { SeatAllocationMessages } from '@kusina/domain/seat-allocation-rules';
import { turnTimes } from '@kusina/domain/turn-time-rules';
import { listLocations, pickLocation } from './schedule.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * The waitlist (backoffice §2 Waitlist list, §3, §4, §7; decision 0058): walk-in parties of a
 * restaurant's Guam day. Staff and admins of the restaurant add them (the server's clock is the
 * check-in time), change their details and move them through WAITLIST_TRANSITIONS; every write
 * tells the restaurant's staff room so open dashboards refresh.
 */

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

const fieldError = (field: string, message: string, status = 400) => new AppError('VALIDATION_ERROR', status, message, { fields: { [field]: message } });

export function waitlistEntryView(row: WaitlistEntryRow): WaitlistEntryOutput {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    location_id: row.locationId,
    contact_name: row.contactName,
    contact_phone: row.contactPhone,
    party_size: row.partySize,
    check_in_time: row.checkInTime.toISOString(),
    status: row.status,
    seat_labels: row.seatLabels,
    notes: row.notes,
    quoted_wait_minutes: row.quotedWaitMinutes,
    seated_at: row.seatedAt?.toISOString() ?? null,
    actual_wait_minutes: row.seatedAt ? actualWaitMinutes(row.checkInTime, row.seatedAt) : null,
    left_at: row.leftAt?.toISOString() ?? null,
    notified_at: row.notifiedAt?.toISOString() ?? null,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The restaurant's largest party (its admin setting, 20 by default), as the reservation modal's. */
function checkPartySize(restaurant: Parameters<typeof adminMaxPartySize>[0], partySize: number): void {
  const { admin } = partySizeLimits(adminMaxPartySize(restaurant), Number.MAX_SAFE_INTEGER);
  if (partySize > admin) throw fieldError('party_size', ReservationMessages.partyTooLarge(admin));
}

/** A location named by staff must be an active dining room of the restaurant. */
async function checkLocation(db: DbOrTx, restaurantId: number, locationId: number | null | undefined): Promise<void> {
  if (locationId === undefined || locationId === null) return;
  pickLocation(await listLocations(db, restaurantId, { includeInactive: false }), locationId, { requireChoice: false });
}

/**
 * Whether the restaurant seats parties on a floor: its active layout has seats. Then a waiting party
 * is seated through the seat map (POST /seat_allocations/multi_create), never by a bare status change
 * that would seat it nowhere (issue #35). Without a floor the status change is all there is.
 */
async function seatsOnFloor(db: DbOrTx, restaurantId: number): Promise<boolean> {
  const [seat] = await db
    .select({ id: seats.id })
    .from(seats)
    .innerJoin(restaurants, eq(restaurants.currentLayoutId, seats.layoutId))
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  return seat !== undefined;
}

/** GET /waitlist_entries: the entries that checked in on a Guam day (default today), earliest first. */
export async function listWaitlist(deps: ServiceDeps, user: SessionUser, query: WaitlistListQuery): Promise<WaitlistEntryOutput[]> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id);
  const restaurant = await getRestaurant(deps, restaurantId);
  const date = query.date ?? todayIn(restaurant.timeZone, deps.clock());
  const rows = await deps.db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.restaurantId, restaurantId),
        gte(waitlistEntries.checkInTime, new Date(zonedInstant(date, 0, restaurant.timeZone))),
        lt(waitlistEntries.checkInTime, new Date(zonedInstant(addDays(date, 1), 0, restaurant.timeZone))),
      ),
    )
    .orderBy(asc(waitlistEntries.checkInTime), asc(waitlistEntries.id));
  return rows.map(waitlistEntryView);
}

/** What the server adds to a new entry beside the party's details (never a client's figures). */
export interface WaitlistJoin {
  /** The quote the server worked out from the floor (decision 0107). */
  quote: (restaurantId: number) => Promise<number | null>;
  source?: 'staff' | 'guest';
  guestTokenHash?: string;
}

/** The party's restaurant checks for staff and guests alike: its largest party, its dining rooms. */
async function checkWaitlistParty(deps: ServiceDeps, restaurantId: number, input: Pick<WaitlistEntryCreateInput, 'party_size' | 'location_id'>): Promise<void> {
  checkPartySize(await getRestaurant(deps, restaurantId), input.party_size);
  await checkLocation(deps.db, restaurantId, input.location_id);
}

/** POST /waitlist_entries: a walk-in joins the line now, waiting, with the server's quote. */
export async function createWaitlistEntry(deps: ServiceDeps, user: SessionUser | null, restaurantId: number, input: Omit<WaitlistEntryCreateInput, 'restaurant_id'>, join: WaitlistJoin): Promise<WaitlistEntryOutput> {
  await checkWaitlistParty(deps, restaurantId, input);
  const quotedWaitMinutes = await join.quote(restaurantId);
  const [row] = await deps.db
    .insert(waitlistEntries)
    .values({
      restaurantId,
      locationId: input.location_id ?? null,
      contactName: input.contact_name,
      contactPhone: input.contact_phone,
      partySize: input.party_size,
      checkInTime: deps.clock(),
      status: 'waiting',
      seatLabels: [],
      notes: input.notes,
      createdByUserId: user?.id ?? null,
      quotedWaitMinutes,
      source: join.source ?? 'staff',
      guestTokenHash: join.guestTokenHash ?? null,
    })
    .returning();
  const view = waitlistEntryView(row!);
  announceWaitlistChange(deps, WaitlistEvents.created, view);
  return view;
}

/**
 * After a commit that changed the line: the restaurant's staff get the entry; guests following their
 * place (decision 0108) only hear that the line moved — no one's name or phone — and read their own.
 */
export function announceWaitlistChange(deps: Pick<ServiceDeps, 'realtime'>, event: string, view: WaitlistEntryOutput): void {
  deps.realtime.emit(rooms.staff(view.restaurant_id), event, { waitlist_entry: view });
  deps.realtime.emit(rooms.waitlist(view.restaurant_id), WaitlistEvents.lineMoved, { restaurant_id: view.restaurant_id });
}

/**
 * PATCH /waitlist_entries/{id}. Another restaurant's entry is not found (404), as if it did not
 * exist. The status move is checked against the row locked in the writing transaction, so two
 * hosts tapping at once cannot take a party through a move the rules refuse.
 */
export async function updateWaitlistEntry(deps: ServiceDeps, user: SessionUser, id: number, input: WaitlistEntryUpdateInput): Promise<WaitlistEntryOutput> {
  const scope: SQL[] = [eq(waitlistEntries.id, id)];
  if (user.role !== 'super_admin') scope.push(eq(waitlistEntries.restaurantId, user.restaurantId));
  const [existing] = await deps.db.select().from(waitlistEntries).where(and(...scope)).limit(1);
  if (!existing) throw AppError.notFound(WaitlistMessages.notFound);
  const restaurant = await getRestaurant(deps, existing.restaurantId);
  if (input.party_size !== undefined) checkPartySize(restaurant, input.party_size);
  await checkLocation(deps.db, restaurant.id, input.location_id);
  if (input.status === 'seated' && existing.status === 'waiting' && (await seatsOnFloor(deps.db, restaurant.id))) throw fieldError('status', WaitlistMessages.seatOnMap, 422);

  let freedSeats = 0;
  const updated = await transaction(deps.pool, async ({ tx, client }) => {
    const [current] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
    if (!current) throw AppError.notFound(WaitlistMessages.notFound);
    // Seated from the Waitlist tab: the party takes room for its turn time from now (decision 0104).
    if (input.status === 'seated' && current.status !== 'seated') {
      await assertWalkInFits({ tx, client }, restaurant, input.location_id ?? current.locationId, input.party_size ?? current.partySize, deps.clock().getTime(), 'status');
    } else if (current.status === 'seated' && (input.status ?? 'seated') === 'seated' && current.seatedAt && !current.leftAt && input.party_size !== undefined && input.party_size > current.partySize) {
      await assertWalkInFits({ tx, client }, restaurant, current.locationId, input.party_size, deps.clock().getTime(), 'party_size', { seatedAt: current.seatedAt.getTime(), from: current.partySize });
    }
    // Back in line frees the party's seats (writeWaitlistMove).
    if (input.status === 'waiting' && current.status !== 'waiting') freedSeats = await liveSeatCount(tx, 'waitlist', current.id);
    return writeWaitlistMove(tx, current, input.status ?? current.status, deps.clock(), {
      ...(input.contact_name === undefined ? {} : { contactName: input.contact_name }),
      ...(input.contact_phone === undefined ? {} : { contactPhone: input.contact_phone }),
      ...(input.party_size === undefined ? {} : { partySize: input.party_size }),
      ...(input.location_id === undefined ? {} : { locationId: input.location_id }),
      ...(input.notes === undefined ? {} : { notes: input.notes }),
    });
  });
  const view = waitlistEntryView(updated);
  announceWaitlistChange(deps, WaitlistEvents.updated, view);
  // Open floors redraw when seats were freed here, not on the floor (decision 0074).
  if (freedSeats > 0) announceSeatsChanged(deps, updated.restaurantId, 'waitlist', updated.id);
  return view;
}

/**
 * Whether a walk-in or waitlist party sitting down now fits the room (decision 0104), under the
 * room's locks in the caller's transaction: everything occupying the location over the party's turn
 * time plus the buffer, from `start` (now, or §9's 18:00 on a later day); a seated party that grows
 * (`grows`) needs its extra guests' seats until its new expected end. Not fitting is a 409 naming
 * `field`. Seating from the floor and from the Waitlist tab both call it. `locationId` null: the
 * restaurant's default location.
 */
export async function assertWalkInFits(
  ctx: { tx: DbOrTx; client: Queryable },
  restaurant: Pick<Awaited<ReturnType<typeof getRestaurant>>, 'id' | 'timeZone' | 'adminSettings'>,
  locationId: number | null,
  partySize: number,
  start: number,
  field: string,
  grows?: { seatedAt: number; from: number },
): Promise<void> {
  const location = locationId ?? pickLocation(await listLocations(ctx.tx, restaurant.id, { includeInactive: true }), undefined, { requireChoice: false }).id;
  // A seated party that grows needs the extra seats for the rest of its (new) stay.
  const end = walkInEnd(grows?.seatedAt ?? start, partySize, turnTimes(restaurant.adminSettings));
  const needed = grows ? partySize - grows.from : partySize;
  if (end <= start || needed <= 0) return;
  const data = await roomAt(ctx, restaurant, location, { start, end });
  const free = Math.max(0, freeSeatsDuring(data, start, end));
  if (free < needed) {
    const message = SeatAllocationMessages.roomFull(free);
    throw AppError.conflict(message, { fields: { [field]: message } });
  }
}

/** A waitlist entry of the restaurant locked for a floor write; another restaurant's is not found. */
export async function lockWaitlistEntryForFloor(tx: DbOrTx, restaurantId: number, id: number): Promise<WaitlistEntryRow | null> {
  const [row] = await tx.select().from(waitlistEntries).where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.restaurantId, restaurantId))).for('update');
  return row ?? null;
}

/**
 * The one status write of a waitlist entry (decision 0058), inside the caller's transaction with the
 * row locked: the Waitlist tab's PATCH and the floor (which seats a party and sets its seat labels)
 * both go through it. A move the rules refuse is a 422 naming `status`. Back in line, the party no
 * longer sits anywhere: its seat labels are cleared and its seats on the floor released.
 */
export async function writeWaitlistMove(
  tx: DbOrTx,
  current: WaitlistEntryRow,
  status: WaitlistEntryRow['status'],
  now: Date,
  changes: Partial<Pick<WaitlistEntryRow, 'contactName' | 'contactPhone' | 'partySize' | 'locationId' | 'notes' | 'seatLabels' | 'leftAt'>> = {},
): Promise<WaitlistEntryRow> {
  if (!canMoveWaitlistEntry(current.status, status)) throw fieldError('status', WaitlistMessages.transition(current.status, status), 422);
  const backInLine = status === 'waiting' && current.status !== 'waiting';
  if (backInLine) await releaseOccupantSeats(tx, 'waitlist', current.id, 'canceled', now);
  // Sitting down starts the party's stay (decision 0105) and ends its wait, kept beside the quote
  // (decision 0107); back in line, it has neither.
  const seatedAt = status === 'seated' && current.status !== 'seated' ? { seatedAt: now, leftAt: null } : backInLine ? { seatedAt: null, leftAt: null } : {};
  const [row] = await tx
    .update(waitlistEntries)
    .set({ ...changes, status, ...seatedAt, ...(backInLine ? { seatLabels: [] } : {}) })
    .where(eq(waitlistEntries.id, current.id))
    .returning();
  return row!;
}
