import { and, asc, eq, isNull, notExists } from 'drizzle-orm';
import { expect } from 'vitest';
import { restaurants, seatAllocations, seats, waitlistEntries } from '../../db/schema/index.ts';
import type { TestContext } from '../../test/build.ts';
import type { api } from '../reservations/test-support.ts';

/**
 * Seats a waiting party the way the host stand does (issue #35): on the seat map, through the floor's
 * POST /seat_allocations/multi_create, at seats of the restaurant's active layout that nobody holds.
 */
export async function seatOnFloor(t: TestContext, http: ReturnType<typeof api>, token: string, entryId: number): Promise<void> {
  const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
  const free = await t.db
    .select({ id: seats.id })
    .from(seats)
    .innerJoin(restaurants, eq(restaurants.currentLayoutId, seats.layoutId))
    .where(
      and(
        eq(restaurants.id, entry!.restaurantId),
        notExists(t.db.select({ id: seatAllocations.id }).from(seatAllocations).where(and(eq(seatAllocations.seatId, seats.id), isNull(seatAllocations.releasedAt)))),
      ),
    )
    .orderBy(asc(seats.id))
    .limit(entry!.partySize);
  const res = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: entryId, seat_ids: free.map((s) => s.id) }, token);
  expect(res.statusCode, res.body).toBe(201);
}
