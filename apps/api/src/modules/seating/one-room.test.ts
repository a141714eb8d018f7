import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayoutOutput } from '@kusina/domain/layouts';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { locationCapacities, reservations, restaurants, seatAllocations, waitlistEntries } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoLocations, demoTokens, guestBooking, type Tokens } from '../reservations/test-support.ts';

/**
 * One dining room (issue #35, decisions 0104, 0105): reservations, seated walk-ins and waitlist
 * parties share one capacity, each for its expected stay; a cancel by anyone frees the seats; a
 * party nobody finished holds nothing the next day; seats belong to one location. The clock is the
 * app's injected one; the races run against the real PostgreSQL.
 */
describe('one room: capacity, stays and seats', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let loc: Awaited<ReturnType<typeof demoLocations>>;
  // 17:00 in Guam on Tuesday 2030-06-04.
  let now = new Date('2030-06-04T07:00:00.000Z');
  const seat: Record<string, number> = {};

  /** A new clock; the sessions are made again at it (a shift's idle limit, decision 0084). */
  const setClock = async (iso: string) => {
    now = new Date(iso);
    tokens = await demoTokens(t.app, t.db);
  };
  const setCapacity = async (locationId: number, total: number) => {
    const [row] = await t.db.select().from(locationCapacities).where(eq(locationCapacities.locationId, locationId));
    if (row) expect((await http.put(`/location_capacities/${row.id}`, { total_capacity: total }, tokens.admin)).statusCode).toBe(200);
    else expect((await http.post('/location_capacities', { location_id: locationId, total_capacity: total, default_table_capacity: 2 }, tokens.admin)).statusCode).toBe(201);
  };

  beforeAll(async () => {
    t = await build({ RESERVATION_RATE_LIMIT_PER_MINUTE: '10000' }, { now: () => now });
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    loc = await demoLocations(t.db);
    const [r1] = await t.db.select().from(restaurants).where(eq(restaurants.id, 1));
    const layout = (await http.get(`/layouts/${r1!.currentLayoutId}`, tokens.staff)).json() as LayoutOutput;
    for (const s of layout.seat_sections) for (const x of s.seats) seat[x.label] = x.id;
  });
  afterAll(() => t.close());

  const seats = (...labels: string[]) => labels.map((l) => seat[l]!);
  const walkIn = async (party: number, locationId?: number) => {
    const res = await http.post('/waitlist_entries', { contact_name: `Walk-in ${Math.random()}`, party_size: party, ...(locationId ? { location_id: locationId } : {}) }, tokens.staff);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const booking = async (start: string, party = 2, locationId?: number) => {
    const res = await http.post('/reservations', { restaurant_id: 1, start_time: start, party_size: party, contact_name: `Guest ${Math.random()}`, contact_email: 'guest@example.com', ...(locationId ? { location_id: locationId } : {}) }, tokens.staff);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; status: string };
  };
  const live = (occupantType: 'reservation' | 'waitlist', id: number) =>
    t.db.select().from(seatAllocations).where(and(eq(seatAllocations.occupantType, occupantType), eq(seatAllocations.occupantId, id), isNull(seatAllocations.releasedAt)));
  const slots = async (date: string, party: number, locationId: number) => {
    const res = await http.get(`/availability?restaurant_id=1&date=${date}&party_size=${party}&location_id=${locationId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { slots: string[]; slot_details: { time: string; available_seats: number }[] };
  };

  it("a guest's cancel through their link frees the seats held for the party", async () => {
    const r = await booking('2030-06-04T19:00:00');
    expect((await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: r.id, seat_ids: seats('T3-1', 'T3-2') }, tokens.staff)).statusCode).toBe(201);
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, r.id));
    const canceled = await http.post(`/public/reservations/${row!.guestToken}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().status).toBe('canceled');
    expect(await live('reservation', r.id)).toHaveLength(0);
    const day = (await http.get('/seat_allocations?date=2030-06-04', tokens.staff)).json() as SeatAllocationOutput[];
    expect(day.some((a) => a.occupant_type === 'reservation' && a.occupant_id === r.id)).toBe(false);
    // Another party may have them at that hour.
    const next = await booking('2030-06-04T19:00:00');
    expect((await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: next.id, seat_ids: seats('T3-1', 'T3-2') }, tokens.staff)).statusCode).toBe(201);
  });

  it('seated walk-ins and waitlist parties take room from online bookings for their turn time', async () => {
    await setCapacity(loc.tamuning, 6);
    try {
      expect((await slots('2030-06-04', 4, loc.tamuning)).slots).toContain('17:30');
      // A walk-in of 4 sits down at 17:00 on the floor: 90 minutes (turn time) + 15 (buffer).
      const four = await walkIn(4);
      expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: four.id, seat_ids: seats('T2-1', 'T2-2', 'T2-3', 'T2-4') }, tokens.staff)).statusCode).toBe(201);
      const after = await slots('2030-06-04', 4, loc.tamuning);
      expect(after.slots).not.toContain('17:30');
      expect(after.slots).not.toContain('18:30');
      expect(after.slots).toContain('19:00');
      const refused = await http.post('/reservations', guestBooking({ location_id: loc.tamuning, start_time: '2030-06-04T17:30:00', party_size: 4 }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('No capacity available for this time slot');
      // A party of 2 seated from the Waitlist tab (its seat map: the floor's write) fills the room for 75 + 15 minutes.
      const two = await walkIn(2);
      expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: two.id, seat_ids: seats('T3-1', 'T3-2') }, tokens.staff)).statusCode).toBe(201);
      const full = await slots('2030-06-04', 1, loc.tamuning);
      expect(full.slots).not.toContain('17:30');
      expect((await http.post('/reservations', guestBooking({ location_id: loc.tamuning, start_time: '2030-06-04T17:30:00', party_size: 1 }))).statusCode).toBe(409);
      // And the floor may not seat more than the room holds either.
      const one = await walkIn(1);
      // (Seating without seats is refused while the layout has seats: the Waitlist tab seats on the map.)
      expect((await http.patch(`/waitlist_entries/${one.id}`, { status: 'seated' }, tokens.staff)).statusCode).toBe(422);
      const noSeats = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: one.id, seat_ids: seats('T4-1') }, tokens.staff);
      expect(noSeats.statusCode).toBe(409);
      expect(noSeats.json().error.details.fields).toHaveProperty('seat_ids');
      expect(await live('waitlist', one.id)).toHaveLength(0);
      // A seated party that grows needs room for the extra guests too.
      const grown = await http.patch(`/waitlist_entries/${two.id}`, { party_size: 3 }, tokens.staff);
      expect(grown.statusCode).toBe(409);
      expect(grown.json().error.details.fields).toHaveProperty('party_size');
      expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, two.id)))[0]!.partySize).toBe(2);
      // Finished, the walk-in of 4 frees its room at once.
      expect((await http.post('/seat_allocations/finish', { occupant_type: 'waitlist', occupant_id: four.id }, tokens.staff)).statusCode).toBe(200);
      expect((await slots('2030-06-04', 4, loc.tamuning)).slots).toContain('17:30');
    } finally {
      await setCapacity(loc.tamuning, 26);
    }
  });

  it('a party nobody finished holds nothing the next day', async () => {
    const party = await walkIn(2);
    expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: party.id, seat_ids: seats('T3-3', 'T3-4') }, tokens.staff)).statusCode).toBe(201);
    const r = await booking('2030-06-04T18:00:00');
    expect((await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: r.id, seat_ids: seats('T5-3', 'T5-4') }, tokens.staff)).statusCode).toBe(201);
    expect((await http.post('/seat_allocations/arrive', { occupant_type: 'reservation', occupant_id: r.id }, tokens.staff)).statusCode).toBe(200);
    // 21:30 the same evening: both overstay; their seats are still taken now.
    await setClock('2030-06-04T11:30:00.000Z');
    const late = await walkIn(2);
    expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: late.id, seat_ids: seats('T3-3', 'T3-4') }, tokens.staff)).statusCode).toBe(422);
    // The next evening, nobody having finished them: the seats are free and not listed.
    await setClock('2030-06-05T07:00:00.000Z');
    const day = (await http.get('/seat_allocations?date=2030-06-05', tokens.staff)).json() as SeatAllocationOutput[];
    expect(day.filter((a) => [party.id, r.id].includes(a.occupant_id))).toEqual([]);
    const next = await walkIn(2);
    const sat = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: next.id, seat_ids: seats('T3-3', 'T3-4') }, tokens.staff);
    expect(sat.statusCode, sat.body).toBe(201);
    const tomorrow = await booking('2030-06-05T19:00:00');
    expect((await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: tomorrow.id, seat_ids: seats('T5-3', 'T5-4') }, tokens.staff)).statusCode).toBe(201);
    await setClock('2030-06-04T07:00:00.000Z');
  });

  it("a party cannot be given another location's seats", async () => {
    const atTumon = await booking('2030-06-04T19:00:00', 2, loc.tumon);
    // T5 is a Tamuning table; the lanai (floor 2, L*) is Tumon's.
    const refused = await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: atTumon.id, seat_ids: seats('T5-1', 'T5-2') }, tokens.staff);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      message: "These seats are in another dining room than the party's. Choose seats in its own room.",
      details: { fields: { seat_ids: "These seats are in another dining room than the party's. Choose seats in its own room." } },
    });
    expect(await live('reservation', atTumon.id)).toHaveLength(0);
    expect((await t.db.select().from(reservations).where(eq(reservations.id, atTumon.id)))[0]!.status).toBe('booked');
    // Seats of two rooms at once are refused too; its own room's are fine.
    expect((await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: atTumon.id, seat_ids: seats('L1-1', 'T5-1') }, tokens.staff)).statusCode).toBe(422);
    expect((await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: atTumon.id, seat_ids: seats('L1-1', 'L1-2') }, tokens.staff)).statusCode).toBe(201);
    const atTamuning = await booking('2030-06-04T19:00:00', 2, loc.tamuning);
    expect((await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: atTamuning.id, seat_labels: ['L2-1', 'L2-2'] }, tokens.staff)).statusCode).toBe(422);
    // A walk-in waiting for Tamuning may not sit on the lanai; one waiting for any room takes the lanai's.
    const forTamuning = await walkIn(1, loc.tamuning);
    expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: forTamuning.id, seat_ids: seats('L3-1') }, tokens.staff)).statusCode).toBe(422);
    const anyRoom = await walkIn(1);
    expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: anyRoom.id, seat_ids: seats('L3-1') }, tokens.staff)).statusCode).toBe(201);
    expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, anyRoom.id)))[0]!.locationId).toBe(loc.tumon);
  });

  /** Guests in Tamuning at 17:30–18:30 on a date: bookings holding seats, and walk-ins sat down and not finished. */
  const guestsInRoom = async (date: string) => {
    const from = new Date(`${date}T07:00:00Z`);
    const to = new Date(`${date}T09:00:00Z`);
    const [booked] = await t.db
      .select({ guests: sql<number>`coalesce(sum(${reservations.partySize}), 0)::int`, parties: sql<number>`count(*)::int` })
      .from(reservations)
      .where(and(eq(reservations.locationId, loc.tamuning), gte(reservations.startTime, from), lt(reservations.startTime, to), inArray(reservations.status, ['booked', 'reserved', 'seated'])));
    const [walkIns] = await t.db
      .select({ guests: sql<number>`coalesce(sum(${waitlistEntries.partySize}), 0)::int`, parties: sql<number>`count(*)::int` })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.restaurantId, 1), eq(waitlistEntries.status, 'seated'), gte(waitlistEntries.seatedAt, from), lt(waitlistEntries.seatedAt, to)));
    return { guests: booked!.guests + walkIns!.guests, parties: booked!.parties + walkIns!.parties };
  };

  it('races mixing the paths — public bookings, walk-ins seated on the floor and from the Waitlist tab’s seat map — never put more guests in the room than it holds', async () => {
    await setCapacity(loc.tamuning, 8);
    try {
      for (const date of ['2030-06-11', '2030-06-18']) {
        // 17:00 on a Tuesday: walk-ins sit down now (until 18:30 with the buffer); bookings are for 17:30.
        await setClock(`${date}T07:00:00.000Z`);
        const floor = await Promise.all(Array.from({ length: 6 }, () => walkIn(2)));
        const tab = await Promise.all(Array.from({ length: 4 }, () => walkIn(2)));
        const tables = [['T1-1', 'T1-2'], ['T1-3', 'T1-4'], ['T2-1', 'T2-2'], ['T2-3', 'T2-4'], ['T4-1', 'T4-2'], ['T4-3', 'T4-4']];
        const tabTables = [['T3-1', 'T3-2'], ['T3-3', 'T3-4'], ['T5-1', 'T5-2'], ['T5-3', 'T5-4']];
        const results = await Promise.all([
          ...floor.map((w, i) => http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: w.id, seat_ids: seats(...tables[i]!) }, i % 2 ? tokens.staff : tokens.admin)),
          // The Waitlist tab seats through the floor's write too (its seat map), from other hosts' tablets.
          ...tab.map((w, i) => http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: w.id, seat_ids: seats(...tabTables[i]!) }, tokens.staff)),
          ...Array.from({ length: 10 }, (_, i) =>
            http.post('/reservations', guestBooking({ location_id: loc.tamuning, start_time: `${date}T17:30:00`, party_size: 2, contact_phone: `+1671555${3000 + i}`, contact_email: `race${i}@example.com` })),
          ),
        ]);
        const accepted = results.filter((r) => r.statusCode === 200 || r.statusCode === 201);
        expect(accepted).toHaveLength(4);
        for (const r of results) if (!accepted.includes(r)) expect(r.statusCode, r.body).toBe(409);
        expect(await guestsInRoom(date)).toEqual({ guests: 8, parties: 4 });
      }
    } finally {
      await setClock('2030-06-04T07:00:00.000Z');
      await setCapacity(loc.tamuning, 26);
    }
  });
});
