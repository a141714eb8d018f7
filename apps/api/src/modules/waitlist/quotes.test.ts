import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LayoutOutput } from '@kusina/domain/layouts';
import { reservations, restaurants, seatAllocations, waitlistEntries } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoLocations, demoTokens, type Tokens } from '../reservations/test-support.ts';
import { seatOnFloor } from './test-support.ts';

/*
 * Waitlist quotes from the floor (issue #35 item 5; decision 0107): the server works the wait out
 * from the room's seats, who holds them until when, and the parties ahead; it stores the quote on
 * add and the actual wait on seating. A client's figure is refused.
 */
describe('waitlist quotes', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let seatIds: number[] = [];
  let totalSeats = 0;
  let tamuning = 0;
  // 19:30 in Guam on Tue Jun 4, 2030.
  let now = new Date('2030-06-04T09:30:00.000Z');
  const at = (minutes: number) => new Date(Date.parse('2030-06-04T09:30:00.000Z') + minutes * 60_000);

  beforeAll(async () => {
    t = await build({}, { now: () => now });
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    tamuning = (await demoLocations(t.db)).tamuning;
    const [r1] = await t.db.select().from(restaurants).where(eq(restaurants.id, 1));
    const layout = (await http.get(`/layouts/${r1!.currentLayoutId}`, tokens.staff)).json() as LayoutOutput;
    seatIds = layout.seat_sections.flatMap((s) => s.seats.map((x) => x.id));
    totalSeats = seatIds.length;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    now = at(0);
    // An empty room on a day of its own: the demo's live seats released, this day's parties gone.
    await t.db.update(seatAllocations).set({ status: 'canceled', releasedAt: now }).where(and(eq(seatAllocations.restaurantId, 1), isNull(seatAllocations.releasedAt)));
    await t.db.delete(waitlistEntries).where(sql`${waitlistEntries.checkInTime} > '2029-01-01'`);
    await t.db.delete(reservations).where(sql`${reservations.startTime} > '2029-01-01'`);
  });

  const quote = async (party: number) => {
    const res = await http.get(`/waitlist_entries/quote?party_size=${party}`, tokens.staff);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { quoted_wait_minutes: number | null; parties_ahead: number };
  };
  const add = async (party: number) => {
    const res = await http.post('/waitlist_entries', { contact_name: `Walk-in of ${party}`, party_size: party }, tokens.staff);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; quoted_wait_minutes: number | null };
  };
  /** A booking holding `party` places from `from` to `to` minutes, with no seats on the floor. */
  const booking = (party: number, from: number, to: number, status: 'reserved' | 'seated' = 'reserved') =>
    t.db.insert(reservations).values({
      restaurantId: 1,
      locationId: tamuning,
      startTime: at(from),
      endTime: at(to),
      durationMinutes: to - from,
      partySize: party,
      contactName: 'Booked party',
      status,
      guestToken: `quote-test-${Math.random()}`,
      source: 'staff',
    });

  it('an empty room quotes no wait; a party larger than the room gets no quote', async () => {
    expect(totalSeats).toBeGreaterThan(8);
    expect(await quote(2)).toEqual({ party_size: 2, quoted_wait_minutes: 0, parties_ahead: 0 });
    expect((await quote(totalSeats + 1)).quoted_wait_minutes).toBeNull();
  });

  it('waits for seats freeing at their expected ends: a booking’s end, a seated walk-in’s turn time', async () => {
    // A walk-in of 4 seated on the floor now (turn time 90 min); a booking holds all but 2 of the
    // other seats until +30.
    const seated = await add(4);
    const res = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: seated.id, seat_ids: seatIds.slice(0, 4) }, tokens.staff);
    expect(res.statusCode, res.body).toBe(201);
    await booking(totalSeats - 6, -30, 30);

    expect((await quote(2)).quoted_wait_minutes).toBe(0);
    expect((await quote(4)).quoted_wait_minutes).toBe(30);
    // More than the booking frees: the walk-in's seats too, at its turn time's end.
    expect((await quote(totalSeats - 3)).quoted_wait_minutes).toBe(90);
  });

  it('stores the quote on add, counting the parties ahead; a client cannot send one', async () => {
    await booking(totalSeats - 2, -30, 30);
    const first = await add(2);
    expect(first.quoted_wait_minutes).toBe(0);
    // The first two takes the two free seats for 75 minutes: the next waits for the booking's end.
    const second = await add(2);
    expect(second.quoted_wait_minutes).toBe(30);
    expect(await quote(2)).toMatchObject({ parties_ahead: 2 });
    const [row] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, second.id));
    expect(row!.quotedWaitMinutes).toBe(30);

    const forged = await http.post('/waitlist_entries', { contact_name: 'Forger', party_size: 2, quoted_wait_minutes: 0 }, tokens.staff);
    expect(forged.statusCode).toBe(400);
  });

  it('keeps the actual wait when the party is seated, and forgets it back in line', async () => {
    const entry = await add(2);
    now = at(17);
    await seatOnFloor(t, http, tokens.staff, entry.id);
    const seated = ((await http.get('/waitlist_entries', tokens.staff)).json() as { id: number }[]).find((e) => e.id === entry.id);
    expect(seated).toMatchObject({ status: 'seated', quoted_wait_minutes: 0, seated_at: at(17).toISOString(), actual_wait_minutes: 17 });
    const back = (await http.patch(`/waitlist_entries/${entry.id}`, { status: 'waiting' }, tokens.staff)).json();
    expect(back).toMatchObject({ status: 'waiting', seated_at: null, actual_wait_minutes: null, quoted_wait_minutes: 0 });
  });

  it('a party still seated from another day holds nothing in tonight’s quote', async () => {
    await booking(totalSeats, -60 * 30, -60 * 29, 'seated');
    expect((await quote(2)).quoted_wait_minutes).toBe(0);
  });

  it('the quote is for staff of the restaurant only, and names a bad party size', async () => {
    expect((await http.get('/waitlist_entries/quote?party_size=2')).statusCode).toBe(401);
    expect((await http.get('/waitlist_entries/quote?party_size=2', tokens.customer)).statusCode).toBe(403);
    expect((await http.get('/waitlist_entries/quote?party_size=2&restaurant_id=1', tokens.otherAdmin)).statusCode).toBe(403);
    const bad = await http.get('/waitlist_entries/quote?party_size=0', tokens.staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toHaveProperty('party_size');
  });
});
