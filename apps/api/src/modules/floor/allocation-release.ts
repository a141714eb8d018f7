import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { SEAT_BUFFER_MINUTES, SeatAllocationEvents, SeatAllocationMessages as M, type OccupantType, type SeatAllocationStatus } from '@kusina/domain/seat-allocation-rules';
import type { DbOrTx } from '../../db/client.ts';
import { seatAllocations, seats } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { rooms } from '../../realtime/socket.ts';
import type { ServiceDeps } from '../../deps.ts';

/**
 * Frees every seat a party still holds (decision 0067), inside the caller's transaction: the floor's
 * finish/no-show/cancel, and the reservation and waitlist writes that take a party off the floor
 * (a reservation canceled or deleted on its screen, a waitlist party sent back to waiting, 0058).
 * Released rows are kept with how they ended. `only` limits it to the seats in that state.
 * Returns how many seats were freed.
 */
export async function releaseOccupantSeats(tx: DbOrTx, occupantType: OccupantType, occupantId: number, how: string, now: Date, only?: SeatAllocationStatus): Promise<number> {
  const ended: SeatAllocationStatus = how === 'finished' || how === 'no_show' ? how : 'canceled';
  const rows = await tx
    .update(seatAllocations)
    .set({ status: ended, releasedAt: now })
    .where(and(eq(seatAllocations.occupantType, occupantType), eq(seatAllocations.occupantId, occupantId), isNull(seatAllocations.releasedAt), only ? eq(seatAllocations.status, only) : undefined))
    .returning({ id: seatAllocations.id });
  return rows.length;
}

/**
 * Frees the seats held ahead for a party (reserved, not yet sat at), leaving seats it sits at
 * (decision 0080: a party whose size changed no longer fits the seats held for it). Returns how many.
 */
export function releaseHeldSeats(tx: DbOrTx, occupantType: OccupantType, occupantId: number, now: Date): Promise<number> {
  return releaseOccupantSeats(tx, occupantType, occupantId, 'canceled', now, 'reserved');
}

/** How many seats a party holds now (live allocations). */
export async function liveSeatCount(tx: DbOrTx, occupantType: OccupantType, occupantId: number): Promise<number> {
  const rows = await tx
    .select({ id: seatAllocations.id })
    .from(seatAllocations)
    .where(and(eq(seatAllocations.occupantType, occupantType), eq(seatAllocations.occupantId, occupantId), isNull(seatAllocations.releasedAt)));
  return rows.length;
}

/**
 * A live allocation that keeps its seat from a party wanting it over [from, to) (decision 0105; the
 * domain's allocationHolds in SQL): its span plus the buffer on either side; a seated party past its
 * expected end holds its seat up to now (plus the buffer), never past the end of the day it sat down.
 */
export function allocationHoldsSql(from: number, to: number, now: Date, timeZone: string): SQL {
  const buffer = `${SEAT_BUFFER_MINUTES} minutes`;
  const dayEnd = sql`((date_trunc('day', ${seatAllocations.startTime} AT TIME ZONE ${timeZone}) + interval '1 day') AT TIME ZONE ${timeZone})`;
  const end = sql`CASE WHEN ${seatAllocations.status} = 'seated' THEN greatest(${seatAllocations.endTime}, least(${now.toISOString()}::timestamptz, ${dayEnd})) ELSE ${seatAllocations.endTime} END`;
  return sql`(${isNull(seatAllocations.releasedAt)} AND ${seatAllocations.startTime} < ${new Date(to).toISOString()}::timestamptz + ${buffer}::interval
    AND ${end} + ${buffer}::interval > ${new Date(from).toISOString()}::timestamptz)`;
}

/**
 * A reservation moved to another start keeps the seats it holds ahead (decision 0074): its reserved
 * allocations move to the new span (decision 0105: the reservation's own start and end), inside the
 * caller's transaction with the reservation row locked. The seats are locked in id order, as the
 * floor's writes lock them, and checked free for the new span (allocationHoldsSql); if any is taken
 * the move is refused with a 422 naming `start_time` and the seats, and nothing is written. Seats a
 * party already sits at are not moved. Returns how many moved.
 */
export async function moveHeldSeats(tx: DbOrTx, reservationId: number, span: { start: number; end: number }, now: Date, timeZone: string): Promise<number> {
  const held = await tx
    .select({ id: seatAllocations.id, seatId: seatAllocations.seatId })
    .from(seatAllocations)
    .where(and(eq(seatAllocations.occupantType, 'reservation'), eq(seatAllocations.occupantId, reservationId), isNull(seatAllocations.releasedAt), eq(seatAllocations.status, 'reserved')))
    .orderBy(asc(seatAllocations.seatId))
    .for('update');
  if (held.length === 0) return 0;
  const seatIds = held.map((h) => h.seatId);
  await tx.select({ id: seats.id }).from(seats).where(inArray(seats.id, seatIds)).orderBy(asc(seats.id)).for('update');
  const clashes = await tx
    .selectDistinct({ label: seats.label })
    .from(seatAllocations)
    .innerJoin(seats, eq(seats.id, seatAllocations.seatId))
    .where(
      and(
        inArray(seatAllocations.seatId, seatIds),
        or(ne(seatAllocations.occupantType, 'reservation'), ne(seatAllocations.occupantId, reservationId)),
        allocationHoldsSql(span.start, span.end, now, timeZone),
      ),
    )
    .orderBy(asc(seats.label));
  if (clashes.length > 0) {
    const message = M.heldSeatsTaken(clashes.map((c) => c.label));
    throw new AppError('VALIDATION_ERROR', 422, message, { fields: { start_time: message }, seat_labels: clashes.map((c) => c.label) });
  }
  await tx.update(seatAllocations).set({ startTime: new Date(span.start), endTime: new Date(span.end) }).where(inArray(seatAllocations.id, held.map((h) => h.id)));
  return held.length;
}

/** Tells every open floor of the restaurant that a party's seats changed (decision 0067). */
export function announceSeatsChanged(deps: ServiceDeps, restaurantId: number, occupantType: OccupantType, occupantId: number): void {
  deps.realtime.emit(rooms.staff(restaurantId), SeatAllocationEvents.changed, { restaurant_id: restaurantId, occupant_type: occupantType, occupant_id: occupantId });
}
