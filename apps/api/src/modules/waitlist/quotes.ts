import { and, asc, count, eq, gt, gte, inArray, isNull, lt, min, max, or, sql, type SQL } from 'drizzle-orm';
import { restaurantDay } from '@kusina/domain/menu-calendar';
import { turnTimeFor } from '@kusina/domain/turn-time-rules';
import { quoteWaitMinutes, type SeatUse } from '@kusina/domain/waitlist-quote-rules';
import type { DbOrTx } from '../../db/client.ts';
import { reservations, restaurants, seatAllocations, seats, waitlistEntries } from '../../db/schema/index.ts';
import { readTurnTimes } from '../seating/service.ts';

/*
 * The floor as a waitlist quote sees it (decision 0107): the active layout's seats, what occupies
 * them now and over the next hours, and the parties waiting ahead. The arithmetic is the domain's
 * quoteWaitMinutes; this only reads.
 */

const HOUR_MS = 3_600_000;
/** How far ahead held seats and bookings are looked at (and back, for parties still seated): longer than any stay. */
const LOOK_AHEAD_MS = 12 * HOUR_MS;

export interface FloorQuote {
  minutes: number | null;
  partiesAhead: number;
}

/**
 * The wait a party of `partySize` would be quoted at `now`. `entry` names a party already in line:
 * then only those who joined before it are ahead of it (and it is not ahead of itself).
 */
export async function quoteFromFloor(db: DbOrTx, restaurant: { id: number; timeZone: string }, partySize: number, now: Date, entry?: { id: number; checkInTime: Date }): Promise<FloorQuote> {
  const bands = await readTurnTimes(db, restaurant.id);
  const day = restaurantDay(now, restaurant.timeZone);
  const horizon = new Date(now.getTime() + LOOK_AHEAD_MS);
  const since = new Date(now.getTime() - LOOK_AHEAD_MS);

  const [room] = await db
    .select({ n: count() })
    .from(seats)
    .innerJoin(restaurants, eq(restaurants.currentLayoutId, seats.layoutId))
    .where(eq(restaurants.id, restaurant.id));
  const totalSeats = room?.n ?? 0;

  const uses: SeatUse[] = [];
  // Seats given on the floor: a seated party until its expected end (its allocation's, or its turn
  // time's if longer), seats held ahead for their hold.
  const held = await db
    .select({ status: seatAllocations.status, seats: count(), start: min(seatAllocations.startTime), end: max(seatAllocations.endTime) })
    .from(seatAllocations)
    .where(
      and(
        eq(seatAllocations.restaurantId, restaurant.id),
        isNull(seatAllocations.releasedAt),
        lt(seatAllocations.startTime, horizon),
        // A party seated long ago and never finished is not in the room tonight.
        or(gt(seatAllocations.endTime, now), and(eq(seatAllocations.status, 'seated'), gt(seatAllocations.startTime, since))),
      ),
    )
    .groupBy(seatAllocations.occupantType, seatAllocations.occupantId, seatAllocations.status);
  for (const h of held) {
    if (!h.start || !h.end) continue;
    const start = h.start.getTime();
    const end = h.status === 'seated' ? Math.max(h.end.getTime(), start + turnTimeFor(h.seats, bands) * 60_000) : h.end.getTime();
    uses.push({ seats: h.seats, start, end });
  }

  // Bookings that hold no seats on the floor still take their party's places for their length.
  const hasSeats = (type: 'reservation' | 'waitlist', id: SQL | typeof reservations.id) =>
    sql`exists (select 1 from ${seatAllocations} where ${seatAllocations.occupantType} = ${type} and ${seatAllocations.occupantId} = ${id} and ${seatAllocations.releasedAt} is null)`;
  const booked = await db
    .select({ seats: reservations.partySize, start: reservations.startTime, end: reservations.endTime })
    .from(reservations)
    .where(
      and(
        eq(reservations.restaurantId, restaurant.id),
        or(
          and(inArray(reservations.status, ['booked', 'reserved']), lt(reservations.startTime, horizon), gt(reservations.endTime, now)),
          and(eq(reservations.status, 'seated'), gt(reservations.startTime, since)),
        ),
        sql`not ${hasSeats('reservation', reservations.id)}`,
      ),
    );
  for (const b of booked) uses.push({ seats: b.seats, start: b.start.getTime(), end: b.end.getTime() });

  const today = and(eq(waitlistEntries.restaurantId, restaurant.id), gte(waitlistEntries.checkInTime, new Date(day.startsAt)), lt(waitlistEntries.checkInTime, new Date(day.endsAt)));
  // Parties seated from the list without seats on the floor sit for their turn time.
  const seatedWalkIns = await db
    .select({ seats: waitlistEntries.partySize, at: waitlistEntries.seatedAt })
    .from(waitlistEntries)
    .where(and(today, eq(waitlistEntries.status, 'seated'), isNull(waitlistEntries.leftAt), sql`not ${hasSeats('waitlist', sql`${waitlistEntries.id}`)}`));
  for (const w of seatedWalkIns) {
    if (w.at) uses.push({ seats: w.seats, start: w.at.getTime(), end: w.at.getTime() + turnTimeFor(w.seats, bands) * 60_000 });
  }

  const before = entry ? or(lt(waitlistEntries.checkInTime, entry.checkInTime), and(eq(waitlistEntries.checkInTime, entry.checkInTime), lt(waitlistEntries.id, entry.id))) : undefined;
  const ahead = await db
    .select({ size: waitlistEntries.partySize })
    .from(waitlistEntries)
    .where(and(today, eq(waitlistEntries.status, 'waiting'), before))
    .orderBy(asc(waitlistEntries.checkInTime), asc(waitlistEntries.id));

  const minutes = quoteWaitMinutes({ now: now.getTime(), totalSeats, uses, ahead: ahead.map((a) => a.size), partySize, turnTimes: bands });
  return { minutes, partiesAhead: ahead.length };
}
