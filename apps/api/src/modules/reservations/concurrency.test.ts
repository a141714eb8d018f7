import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { reservations } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoLocations, demoTokens, guestBooking, OPEN_DAY, type Tokens } from './test-support.ts';

/**
 * No overbooking, proven by racing requests against a real PostgreSQL: the capacity check and the
 * insert share one transaction under the location-day advisory lock.
 */
describe('reservations: parallel bookings', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let loc: Awaited<ReturnType<typeof demoLocations>>;

  beforeAll(async () => {
    t = await build({ RESERVATION_RATE_LIMIT_PER_MINUTE: '10000' });
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    loc = await demoLocations(t.db);
    // Tumon seats 6: room for exactly three parties of two.
    await http.post('/location_capacities', { location_id: loc.tumon, total_capacity: 6, default_table_capacity: 2 }, tokens.admin);
  });
  afterAll(() => t.close());

  it('30 parallel public bookings at a slot with room for 3 parties: exactly 3 accepted', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        http.post('/reservations', guestBooking({ location_id: loc.tumon, party_size: 2, contact_name: `Guest ${i}`, contact_phone: `+1671555${String(1000 + i)}`, contact_email: `guest${i}@example.com` })),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(3);
    expect(refused).toHaveLength(27);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toBe('No capacity available for this time slot');
    }
    const rows = await t.db
      .select({ seats: sql<number>`sum(${reservations.partySize})::int` })
      .from(reservations)
      .where(and(eq(reservations.locationId, loc.tumon), eq(reservations.startTime, new Date(`${OPEN_DAY}T08:00:00Z`))));
    expect(rows[0]!.seats).toBe(6);
  });

  it('parallel edits growing parties never exceed the room', async () => {
    const start = `${OPEN_DAY}T12:00:00`;
    const a = (await http.post('/reservations', guestBooking({ location_id: loc.tumon, start_time: start, party_size: 2, contact_phone: '+16715552001' }))).json();
    const b = (await http.post('/reservations', guestBooking({ location_id: loc.tumon, start_time: start, party_size: 2, contact_phone: '+16715552002' }))).json();
    const results = await Promise.all([http.patch(`/reservations/${a.id}`, { party_size: 4 }, tokens.staff), http.patch(`/reservations/${b.id}`, { party_size: 4 }, tokens.staff)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db
      .select({ seats: sql<number>`sum(${reservations.partySize})::int` })
      .from(reservations)
      .where(and(eq(reservations.locationId, loc.tumon), eq(reservations.startTime, new Date(`${OPEN_DAY}T02:00:00Z`))));
    expect(rows[0]!.seats).toBe(6);
  });
});
