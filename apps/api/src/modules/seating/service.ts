import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import { ReservationEvents, type ReservationStatus } from '@kusina/domain/reservations';
import { zonedParts } from '@kusina/domain/restaurant-schedule';
import {
  allocationWindow,
  dayBounds,
  SeatAllocationMessages as M,
  type OccupantType,
  type SeatAllocationCreateInput,
  type SeatAllocationListQuery,
  type SeatAllocationOccupantInput,
  type SeatAllocationOutput,
  type SeatAllocationReserveInput,
} from '@kusina/domain/seat-allocations';
import { WaitlistEvents } from '@kusina/domain/waitlist';
import type { DbOrTx } from '../../db/client.ts';
import { layouts, reservations, restaurants, seatAllocations, seats, seatSections, waitlistEntries } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { rooms } from '../../realtime/socket.ts';
import { type SessionUser, scopeRestaurant } from '../../lib/access.ts';
import { getRestaurant } from '../restaurants/service.ts';
import {
  announceWaitlistChange,
  assertWalkInFits,
  lockReservationForFloor,
  lockWaitlistEntryForFloor,
  waitlistEntryView,
  writeReservationFromFloor,
  writeWaitlistMove,
  type ReservationRow,
  type WaitlistEntryRow,
} from '../reservations/service.ts';
import { allocationHoldsSql, announceSeatsChanged, releaseOccupantSeats } from '../floor/service.ts';
import { readTurnTimeFor } from './turn-times.ts';
import type { ServiceDeps } from '../../deps.ts';

/** Turn times (issue #35) for the modules above: the waitlist's quotes read them. */
export { readTurnTimeFor, readTurnTimes } from './turn-times.ts';

/*
 * Seating (decision 0096): above the floor (seats, their allocations) and reservations (the
 * reservation and waitlist rows), it is the one place that changes both in one transaction.
 *
 * Seat allocations (backoffice §3, §4, §7 /seat_allocations, §9; decision 0067). One transaction per
 * floor write: the party's row is locked, then its seats (in id order), the seats are checked free,
 * the allocations written and the party's status and seat labels changed with them. The database
 * backs the check: an exclusion constraint refuses two live allocations of a seat that overlap.
 */

type AllocationRow = typeof seatAllocations.$inferSelect;
type Occupant = { type: 'reservation'; row: ReservationRow } | { type: 'waitlist'; row: WaitlistEntryRow };
interface Ctx {
  tx: DbOrTx;
  client: pg.PoolClient;
}

const fieldError = (field: string, message: string, status = 422) => new AppError('VALIDATION_ERROR', status, message, { fields: { [field]: message } });
const EXCLUSION_VIOLATION = '23P01';
function isExclusionViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === EXCLUSION_VIOLATION || e.cause?.code === EXCLUSION_VIOLATION;
}

/** The restaurant a user's floor write is for: their own (a super admin's: the party's). */
async function occupantRestaurant(deps: ServiceDeps, user: SessionUser, type: OccupantType, id: number): Promise<number> {
  if (user.role !== 'super_admin') return user.restaurantId;
  const table = type === 'reservation' ? reservations : waitlistEntries;
  const [row] = await deps.db.select({ restaurantId: table.restaurantId }).from(table).where(eq(table.id, id)).limit(1);
  if (!row) throw AppError.notFound(M.occupantNotFound);
  return row.restaurantId;
}

async function lockOccupant(tx: DbOrTx, restaurantId: number, type: OccupantType, id: number): Promise<Occupant> {
  const row = type === 'reservation' ? await lockReservationForFloor(tx, restaurantId, id) : await lockWaitlistEntryForFloor(tx, restaurantId, id);
  if (!row) throw AppError.notFound(M.occupantNotFound);
  return type === 'reservation' ? { type, row: row as ReservationRow } : { type, row: row as WaitlistEntryRow };
}

async function liveAllocationsOf(tx: DbOrTx, type: OccupantType, id: number): Promise<AllocationRow[]> {
  return tx
    .select()
    .from(seatAllocations)
    .where(and(eq(seatAllocations.occupantType, type), eq(seatAllocations.occupantId, id), isNull(seatAllocations.releasedAt)))
    .orderBy(asc(seatAllocations.seatId))
    .for('update');
}

/** Writes the party's new status (and seat labels) through its own module's one write path. */
async function writeOccupant(
  deps: ServiceDeps,
  ctx: Ctx,
  occupant: Occupant,
  status: { reservation: ReservationStatus; waitlist: WaitlistEntryRow['status'] },
  seatLabels?: string[],
  waitlistChanges: Pick<Parameters<typeof writeWaitlistMove>[4] & object, 'locationId' | 'leftAt'> = {},
): Promise<() => void> {
  const now = deps.clock();
  if (occupant.type === 'reservation') {
    const view = await writeReservationFromFloor(deps, ctx, occupant.row, status.reservation, seatLabels);
    return () => deps.realtime.emit(rooms.staff(view.restaurant_id), ReservationEvents.updated, { reservation: view });
  }
  let row = occupant.row;
  // Cancelling a seated walk-in undoes the seating, then takes the party off the list: two moves
  // the waitlist's rules allow (seated → waiting → removed), in this one transaction.
  if (status.waitlist === 'removed' && row.status === 'seated') row = await writeWaitlistMove(ctx.tx, row, 'waiting', now);
  row = await writeWaitlistMove(ctx.tx, row, status.waitlist, now, { ...(seatLabels === undefined ? {} : { seatLabels }), ...waitlistChanges });
  const view = waitlistEntryView(row);
  return () => announceWaitlistChange(deps, WaitlistEvents.updated, view);
}

const announce = announceSeatsChanged;

// ── Reading ──────────────────────────────────────────────────────────────────────────────

/**
 * GET /seat_allocations?date: the live allocations of a Guam day (default today) with their party.
 * A party seated earlier that day and not yet finished is listed too, even past its expected end
 * (it is overstaying); the next day it is not (decision 0105).
 */
export async function listSeatAllocations(deps: ServiceDeps, user: SessionUser, query: SeatAllocationListQuery): Promise<SeatAllocationOutput[]> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id);
  const restaurant = await getRestaurant(deps, restaurantId);
  const date = query.date ?? zonedParts(deps.clock().getTime(), restaurant.timeZone).date;
  const day = dayBounds(date, restaurant.timeZone);
  return readAllocations(deps.db, [
    eq(seatAllocations.restaurantId, restaurantId),
    isNull(seatAllocations.releasedAt),
    sql`${seatAllocations.startTime} < ${new Date(day.end).toISOString()}::timestamptz`,
    // A party still seated past its expected end is listed on its own day, never the next (0105).
    or(
      sql`${seatAllocations.endTime} > ${new Date(day.start).toISOString()}::timestamptz`,
      and(eq(seatAllocations.status, 'seated'), sql`((date_trunc('day', ${seatAllocations.startTime} AT TIME ZONE ${restaurant.timeZone}) + interval '1 day') AT TIME ZONE ${restaurant.timeZone}) > ${new Date(day.start).toISOString()}::timestamptz`),
    )!,
  ]);
}

async function readAllocations(db: DbOrTx, where: Parameters<typeof and>): Promise<SeatAllocationOutput[]> {
  const rows = await db
    .select({
      a: seatAllocations,
      label: seats.label,
      rName: reservations.contactName,
      rParty: reservations.partySize,
      rStatus: reservations.status,
      wName: waitlistEntries.contactName,
      wParty: waitlistEntries.partySize,
      wStatus: waitlistEntries.status,
    })
    .from(seatAllocations)
    .innerJoin(seats, eq(seats.id, seatAllocations.seatId))
    .leftJoin(reservations, and(eq(seatAllocations.occupantType, 'reservation'), eq(reservations.id, seatAllocations.occupantId)))
    .leftJoin(waitlistEntries, and(eq(seatAllocations.occupantType, 'waitlist'), eq(waitlistEntries.id, seatAllocations.occupantId)))
    .where(and(...where))
    .orderBy(asc(seatAllocations.startTime), asc(seatAllocations.seatId));
  return rows.map(({ a, label, rName, rParty, rStatus, wName, wParty, wStatus }) => {
    const isReservation = a.occupantType === 'reservation';
    return {
      id: a.id,
      restaurant_id: a.restaurantId,
      seat_id: a.seatId,
      seat_label: label,
      occupant_type: a.occupantType,
      occupant_id: a.occupantId,
      occupant_status: (isReservation ? rStatus : wStatus) ?? 'unknown',
      occupant_name: (isReservation ? rName : wName) ?? '',
      occupant_party_size: (isReservation ? rParty : wParty) ?? 0,
      status: a.status,
      start_time: a.startTime.toISOString(),
      end_time: a.endTime.toISOString(),
      released_at: a.releasedAt?.toISOString() ?? null,
    };
  });
}

// ── Giving seats ─────────────────────────────────────────────────────────────────────────

type SeatRow = { id: number; label: string; locationId: number };

/**
 * The seats named with the dining room each is in (its section's location, or the restaurant's
 * default location; decision 0105), locked in id order when `lock`; a seat of another restaurant
 * (or none) is not found.
 */
async function lockSeats(tx: DbOrTx, restaurantId: number, input: { seat_ids?: number[] | undefined; seat_labels?: string[] | undefined }, lock: boolean): Promise<SeatRow[]> {
  const columns = {
    id: seats.id,
    label: seats.label,
    locationId: sql<number>`coalesce(${seatSections.locationId}, (SELECT d.id FROM locations d WHERE d.restaurant_id = ${restaurantId} ORDER BY d.is_default DESC, d.id LIMIT 1))`,
  };
  if (input.seat_ids !== undefined) {
    const ids = [...input.seat_ids].sort((a, b) => a - b);
    const query = tx
      .select(columns)
      .from(seats)
      .innerJoin(layouts, eq(layouts.id, seats.layoutId))
      .innerJoin(seatSections, eq(seatSections.id, seats.seatSectionId))
      .where(and(inArray(seats.id, ids), eq(layouts.restaurantId, restaurantId)))
      .orderBy(asc(seats.id));
    const rows = lock ? await query.for('update', { of: seats }) : await query;
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND', 404, M.seatNotFound, { fields: { seat_ids: M.seatNotFound } });
    return rows;
  }
  // Labels name seats of the restaurant's active layout (§7 reserve).
  const labels = input.seat_labels ?? [];
  const query = tx
    .select(columns)
    .from(seats)
    .innerJoin(restaurants, eq(restaurants.currentLayoutId, seats.layoutId))
    .innerJoin(seatSections, eq(seatSections.id, seats.seatSectionId))
    .where(and(eq(restaurants.id, restaurantId), inArray(seats.label, labels)))
    .orderBy(asc(seats.id));
  const rows = lock ? await query.for('update', { of: seats }) : await query;
  if (rows.length !== labels.length) {
    const missing = labels.find((l) => !rows.some((r) => r.label === l))!;
    throw fieldError('seat_labels', `${M.seatNotFound} (${missing})`);
  }
  return rows;
}

/**
 * POST /seat_allocations/multi_create (seat now) and /reserve (hold for a reservation). Exactly
 * party-size seats of the party's dining room, all free for the party's stay (§9, decision 0105) —
 * and a walk-in must fit the room for its turn time (decision 0104) — or nothing is written.
 */
export async function allocateSeats(deps: ServiceDeps, user: SessionUser, input: SeatAllocationCreateInput | SeatAllocationReserveInput, mode: 'seated' | 'reserved'): Promise<SeatAllocationOutput[]> {
  const restaurantId = await occupantRestaurant(deps, user, input.occupant_type, input.occupant_id);
  const restaurant = await getRestaurant(deps, restaurantId);
  const taken = mode === 'seated' ? M.seatsTaken : M.seatsReserved;
  if (mode === 'reserved' && input.occupant_type !== 'reservation') throw fieldError('occupant_type', M.reserveOnlyReservations);
  const now = deps.clock();
  const today = zonedParts(now.getTime(), restaurant.timeZone).date;
  // The browser's times only say which day (§9); the server sets start and end.
  const date = input.date ?? (input.start_time ? zonedParts(Date.parse(input.start_time), restaurant.timeZone).date : today);

  try {
    const written = await transaction(deps.pool, async ({ tx, client }) => {
      const occupant = await lockOccupant(tx, restaurantId, input.occupant_type, input.occupant_id);
      const status = occupant.row.status;
      if (occupant.type === 'reservation' ? !['booked', 'reserved'].includes(status) : status !== 'waiting') throw fieldError('occupant_id', M.cannotSeat(status));
      if ((await liveAllocationsOf(tx, occupant.type, occupant.row.id)).length > 0) throw fieldError('occupant_id', M.alreadySeated);
      const field = 'seat_labels' in input && input.seat_ids === undefined ? 'seat_labels' : 'seat_ids';
      // The seats are in one dining room, the party's own (decision 0105): read before any lock.
      const named = await lockSeats(tx, restaurantId, input, false);
      const dining = new Set(named.map((s) => s.locationId));
      const partyRoom = occupant.type === 'reservation' ? occupant.row.locationId : (occupant.row.locationId ?? [...dining][0]!);
      if (dining.size > 1 || !dining.has(partyRoom)) throw fieldError(field, M.otherLocation);
      if (named.length !== occupant.row.partySize) throw fieldError(field, M.needExactly(occupant.row.partySize));
      if (occupant.type === 'waitlist' && date < today) throw fieldError('date', M.pastDate);
      // A reservation holds its own span (it is counted in the room already); a walk-in its turn time,
      // and it must fit the room for it (decision 0104), under the room's locks, taken before the seats'.
      const turn = occupant.type === 'reservation' ? 0 : await readTurnTimeFor(tx, restaurantId, occupant.row.partySize);
      const window = allocationWindow(date, now.getTime(), occupant.type === 'reservation' ? { start: occupant.row.startTime.getTime(), end: occupant.row.endTime.getTime() } : null, turn, restaurant.timeZone);
      if (occupant.type === 'waitlist') await assertWalkInFits({ tx, client }, restaurant, partyRoom, occupant.row.partySize, window.start, field);
      const seatRows = await lockSeats(tx, restaurantId, input, true);

      // Taken: a live allocation holding the seat over the party's span (decision 0105).
      const clashes = await tx
        .select({ seatId: seatAllocations.seatId })
        .from(seatAllocations)
        .where(and(inArray(seatAllocations.seatId, seatRows.map((s) => s.id)), allocationHoldsSql(window.start, window.end, now, restaurant.timeZone)));
      if (clashes.length > 0) {
        const labels = seatRows.filter((s) => clashes.some((c) => c.seatId === s.id)).map((s) => s.label);
        throw new AppError('VALIDATION_ERROR', 422, taken, { fields: { [field]: taken }, seat_labels: labels });
      }
      const rows = await tx
        .insert(seatAllocations)
        .values(seatRows.map((s) => ({ restaurantId, seatId: s.id, occupantType: occupant.type, occupantId: occupant.row.id, status: mode, startTime: new Date(window.start), endTime: new Date(window.end) })))
        .returning({ id: seatAllocations.id });
      const tell = await writeOccupant(deps, { tx, client }, occupant, { reservation: mode, waitlist: 'seated' }, seatRows.map((s) => s.label), occupant.type === 'waitlist' && occupant.row.locationId === null ? { locationId: partyRoom } : {});
      return { ids: rows.map((r) => r.id), tell };
    });
    written.tell();
    announce(deps, restaurantId, input.occupant_type, input.occupant_id);
    return readAllocations(deps.db, [inArray(seatAllocations.id, written.ids)]);
  } catch (error) {
    // Lost a race the check could not see: the database's exclusion constraint refused it.
    if (isExclusionViolation(error)) throw new AppError('VALIDATION_ERROR', 422, taken, { fields: { seat_ids: taken } });
    throw error;
  }
}

// ── Changing a party's seats ─────────────────────────────────────────────────────────────

export type FloorAction = 'arrive' | 'finish' | 'no_show' | 'cancel';

/**
 * POST /seat_allocations/arrive (reserved → seated), /finish (seats freed, reservation finished),
 * /no_show (seats freed, the party a no-show) and /cancel (seats freed, a reservation canceled, a
 * walk-in removed from the list). Answers the party's allocations after the change.
 */
export async function changeOccupant(deps: ServiceDeps, user: SessionUser, input: SeatAllocationOccupantInput, action: FloorAction): Promise<SeatAllocationOutput[]> {
  const restaurantId = await occupantRestaurant(deps, user, input.occupant_type, input.occupant_id);
  const now = deps.clock();
  const result = await transaction(deps.pool, async ({ tx, client }) => {
    const occupant = await lockOccupant(tx, restaurantId, input.occupant_type, input.occupant_id);
    const live = await liveAllocationsOf(tx, occupant.type, occupant.row.id);
    const status = occupant.row.status;
    const refuse = (message: string) => fieldError('occupant_id', message);
    let tell: () => void;
    switch (action) {
      case 'arrive': {
        if (!live.some((a) => a.status === 'reserved')) throw refuse(M.notReserved);
        await tx.update(seatAllocations).set({ status: 'seated' }).where(inArray(seatAllocations.id, live.map((a) => a.id)));
        tell = await writeOccupant(deps, { tx, client }, occupant, { reservation: 'seated', waitlist: 'seated' });
        break;
      }
      case 'finish': {
        if (!live.some((a) => a.status === 'seated')) throw refuse(M.notSeated);
        await releaseOccupantSeats(tx, occupant.type, occupant.row.id, 'finished', now);
        // A walk-in has no finished status: it stays seated, its seat labels say where it sat, and
        // left_at that it left (it no longer counts in the room, decision 0104).
        tell = await writeOccupant(deps, { tx, client }, occupant, { reservation: 'finished', waitlist: 'seated' }, undefined, { leftAt: now });
        break;
      }
      case 'no_show': {
        if (occupant.type === 'reservation' && !['booked', 'reserved'].includes(status)) throw refuse(M.cannotSeat(status));
        await releaseOccupantSeats(tx, occupant.type, occupant.row.id, 'no_show', now);
        tell = await writeOccupant(deps, { tx, client }, occupant, { reservation: 'no_show', waitlist: 'no_show' });
        break;
      }
      case 'cancel': {
        if (occupant.type === 'reservation' && !['booked', 'reserved', 'seated'].includes(status)) throw refuse(M.cannotSeat(status));
        if (live.length === 0 && occupant.type === 'waitlist' && status !== 'waiting') throw refuse(M.noSeats);
        await releaseOccupantSeats(tx, occupant.type, occupant.row.id, 'canceled', now);
        tell = await writeOccupant(deps, { tx, client }, occupant, { reservation: 'canceled', waitlist: 'removed' });
        break;
      }
    }
    return { ids: live.map((a) => a.id), tell };
  });
  result.tell();
  announce(deps, restaurantId, input.occupant_type, input.occupant_id);
  return result.ids.length === 0 ? [] : readAllocations(deps.db, [inArray(seatAllocations.id, result.ids)]);
}
