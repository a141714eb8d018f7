import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { reservations } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoLocations, demoTokens, guestBooking, OPEN_DAY, type Tokens } from './test-support.ts';

/*
 * GET /availability reads everything in one statement (decision 0048), so there is no copy of the
 * schedule to go stale: every committed write is seen by the next call. These tests pin both.
 */
describe('availability reads', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let loc: Awaited<ReturnType<typeof demoLocations>>;
  const path = () => `/availability?date=${OPEN_DAY}&party_size=2&restaurant_id=1&location_id=${loc.tamuning}`;
  const seatsAt = async (time: string) => ((await http.get(path())).json().slot_details as { time: string; available_seats: number }[]).find((s) => s.time === time)?.available_seats;

  beforeAll(async () => {
    t = await build({ PUBLIC_URL: 'https://kusina.test', RESERVATION_RATE_LIMIT_PER_MINUTE: '10000' });
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    loc = await demoLocations(t.db);
    await t.db.delete(reservations).where(sql`${reservations.startTime} > '2029-01-01'`);
  });
  afterAll(() => t.close());

  it('costs one query, whatever the day holds', async () => {
    const book = (i: number) => http.post('/reservations', guestBooking({ location_id: loc.tamuning, start_time: `${OPEN_DAY}T${String(11 + (i % 9)).padStart(2, '0')}:00:00`, contact_name: `Guest ${i}` }));
    for (let i = 0; i < 9; i++) expect((await book(i)).statusCode).toBe(201);
    const query = vi.spyOn(t.app.pool, 'query');
    try {
      const res = await http.get(path());
      expect(res.statusCode).toBe(200);
      expect(res.json().slot_details.find((s: { time: string }) => s.time === '12:00').available_seats).toBe(24);
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });

  it('answers many calls at once on the same pooled connections (the named statement is parsed once per connection)', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => http.get(path())));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('sees a booking and its cancellation at once', async () => {
    const before = await seatsAt('18:00');
    const created = await http.post('/reservations', guestBooking({ location_id: loc.tamuning, party_size: 5 }));
    expect(created.statusCode).toBe(201);
    expect(await seatsAt('18:00')).toBe(before! - 5);
    expect((await http.patch(`/reservations/${created.json().id}`, { status: 'canceled' }, tokens.staff)).statusCode).toBe(200);
    expect(await seatsAt('18:00')).toBe(before);
  });

  it("staff editing a reservation may leave its own seats out; the public may not", async () => {
    const before = await seatsAt('18:00');
    const created = (await http.post('/reservations', guestBooking({ location_id: loc.tamuning, party_size: 6 }))).json();
    const seats = async (query: string, token?: string) =>
      ((await http.get(`${path()}${query}`, token)).json().slot_details as { time: string; available_seats: number }[]).find((s) => s.time === '18:00')?.available_seats;
    expect(await seats('', tokens.staff)).toBe(before! - 6);
    expect(await seats(`&exclude_reservation_id=${created.id}`, tokens.staff)).toBe(before);
    expect(await seats(`&exclude_reservation_id=${created.id}`)).toBe(before! - 6);
    await http.delete(`/reservations/${created.id}`, tokens.staff);
  });

  it('sees a blocked period created, switched off and deleted', async () => {
    const body = { restaurant_id: 1, location_id: loc.tamuning, start_time: `${OPEN_DAY}T15:00:00`, end_time: `${OPEN_DAY}T16:00:00`, reason: 'Deep clean' };
    const created = (await http.post('/blocked_periods', body, tokens.admin)).json();
    expect((await http.get(path())).json().slots).not.toContain('15:00');
    await http.put(`/blocked_periods/${created.id}`, { ...body, status: 'inactive' }, tokens.admin);
    expect((await http.get(path())).json().slots).toContain('15:00');
    await http.put(`/blocked_periods/${created.id}`, { ...body, status: 'active' }, tokens.admin);
    expect((await http.get(path())).json().slots).not.toContain('15:00');
    expect((await http.delete(`/blocked_periods/${created.id}?restaurant_id=1`, tokens.admin)).statusCode).toBe(204);
    expect((await http.get(path())).json().slots).toContain('15:00');
  });

  it('sees hours, an event and a capacity change', async () => {
    const tuesday = (await http.get('/operating_hours?restaurant_id=1', tokens.staff)).json().find((h: { day_of_week: number }) => h.day_of_week === 2);
    await http.patch(`/operating_hours/${tuesday.id}`, { closed: true }, tokens.admin);
    expect((await http.get(path())).json()).toMatchObject({ slots: [], closed_reason: 'closed' });
    await http.patch(`/operating_hours/${tuesday.id}`, { closed: false }, tokens.admin);
    expect((await http.get(path())).json().slots.length).toBeGreaterThan(0);

    const event = (await http.post('/special_events', { event_date: OPEN_DAY, closed: false, exclusive_booking: true }, tokens.admin)).json();
    expect((await http.get(path())).json()).toMatchObject({ slots: [], closed_reason: 'private' });
    expect((await http.delete(`/special_events/${event.id}`, tokens.admin)).statusCode).toBe(204);
    expect((await http.get(path())).json().closed_reason).toBeNull();

    const capacity = (await http.get('/location_capacities?restaurant_id=1', tokens.staff)).json().find((c: { location_id: number }) => c.location_id === loc.tamuning);
    await http.put(`/location_capacities/${capacity.id}`, { total_capacity: 12 }, tokens.admin);
    expect((await http.get(path())).json().actual_capacity).toBe(12);
    await http.put(`/location_capacities/${capacity.id}`, { total_capacity: capacity.total_capacity }, tokens.admin);
    expect((await http.get(path())).json().actual_capacity).toBe(capacity.total_capacity);
  });
});
