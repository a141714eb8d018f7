import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { restaurants, waitlistEntries } from '../../db/schema/index.ts';
import { build, tokenFor, type TestContext } from '../../test/build.ts';
import { api, demoLocations, demoTokens, type Tokens } from './test-support.ts';
import { seatOnFloor } from '../waitlist/test-support.ts';

/*
 * The waitlist API (decision 0058): staff and admins of the restaurant only, a Guam day by check-in
 * time, walk-ins checked in by the server's clock, the status rules, restaurant scoping, and the
 * staff room told of every write.
 */
describe('waitlist API', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let loc: Awaited<ReturnType<typeof demoLocations>>;
  // 19:30 Guam on Tue Jun 4, 2030.
  let now = new Date('2030-06-04T09:30:00.000Z');

  beforeAll(async () => {
    t = await build({}, { now: () => now });
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    loc = await demoLocations(t.db);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    now = new Date('2030-06-04T09:30:00.000Z');
    await t.db.delete(waitlistEntries).where(sql`${waitlistEntries.checkInTime} > '2029-01-01'`);
  });

  const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(waitlistEntries)).at(0)!.n;
  const walkIn = (overrides: Record<string, unknown> = {}) => ({ contact_name: 'Tasi Mendiola', contact_phone: '+1671 555 0190', party_size: 4, ...overrides });
  const insert = async (values: Partial<typeof waitlistEntries.$inferInsert> & { checkInTime: Date }) =>
    (await t.db.insert(waitlistEntries).values({ restaurantId: 1, contactName: 'Seeded', partySize: 2, ...values }).returning())[0]!;

  describe('who may call', () => {
    it('anonymous 401, customers 403, staff and admins of the restaurant allowed', async () => {
      const entry = await insert({ checkInTime: now });
      for (const [token, list, add, change] of [
        [undefined, 401, 401, 401],
        [tokens.customer, 403, 403, 403],
        [tokens.staff, 200, 201, 200],
        [tokens.admin, 200, 201, 200],
        [tokens.superAdmin, 200, 201, 200],
      ] as const) {
        expect((await http.get('/waitlist_entries?date=2030-06-04&restaurant_id=1', token)).statusCode, `list ${String(token)}`).toBe(list);
        expect((await http.post('/waitlist_entries', walkIn({ restaurant_id: 1 }), token)).statusCode).toBe(add);
        expect((await http.patch(`/waitlist_entries/${entry.id}`, { party_size: 3 }, token)).statusCode).toBe(change);
      }
      // Refused calls wrote nothing: one entry seeded, three walk-ins added by the three allowed callers.
      expect(await count()).toBe(4 + (await t.db.select().from(waitlistEntries).where(sql`${waitlistEntries.checkInTime} < '2029-01-01'`)).length);
    });

    it("another restaurant's entry is not found, and its list is refused", async () => {
      const entry = await insert({ checkInTime: now });
      const res = await http.patch(`/waitlist_entries/${entry.id}`, { status: 'seated' }, tokens.otherAdmin);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Waitlist entry not found.');
      expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)))[0]!.status).toBe('waiting');
      expect((await http.get('/waitlist_entries?date=2030-06-04&restaurant_id=1', tokens.otherAdmin)).statusCode).toBe(403);
      expect((await http.post('/waitlist_entries', walkIn({ restaurant_id: 1 }), tokens.otherAdmin)).statusCode).toBe(403);
      // Their own list (by default) does not show restaurant 1's entries.
      await http.post('/waitlist_entries', walkIn({ contact_name: 'Barrigada walk-in' }), tokens.otherAdmin);
      const theirs = (await http.get('/waitlist_entries?date=2030-06-04', tokens.otherAdmin)).json();
      expect(theirs.map((e: { contact_name: string; restaurant_id: number }) => [e.contact_name, e.restaurant_id])).toEqual([['Barrigada walk-in', 2]]);
    });
  });

  describe('adding a walk-in', () => {
    it('checks the party in at the server’s clock, waiting, phone as E.164, and tells the staff room', async () => {
      const seen: unknown[] = [];
      const original = t.app.realtime.emit;
      t.app.realtime.emit = (room, event, payload) => {
        seen.push({ room, event, payload });
        original(room, event, payload);
      };
      let res;
      try {
        res = await http.post('/waitlist_entries', { waitlist_entry: walkIn({ check_in_time: undefined, notes: '  Booth if possible ', location_id: loc.tumon }) }, tokens.staff);
      } finally {
        t.app.realtime.emit = original;
      }
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        restaurant_id: 1,
        location_id: loc.tumon,
        contact_name: 'Tasi Mendiola',
        contact_phone: '+16715550190',
        party_size: 4,
        check_in_time: '2030-06-04T09:30:00.000Z',
        status: 'waiting',
        seat_labels: [],
        notes: 'Booth if possible',
      });
      // Staff get the entry; guests following the line only that it moved (decision 0108).
      expect(seen).toEqual([
        { room: 'staff:1', event: 'waitlist_entry_created', payload: { waitlist_entry: body } },
        { room: 'waitlist:1', event: 'waitlist_line_moved', payload: { restaurant_id: 1 } },
      ]);
    });

    it('a bare +1671 is no phone; a client cannot pick the check-in time or the status', async () => {
      expect((await http.post('/waitlist_entries', walkIn({ contact_phone: '+1671' }), tokens.staff)).json().contact_phone).toBeNull();
      for (const extra of [{ check_in_time: '2030-06-04T01:00:00Z' }, { status: 'seated' }]) {
        const res = await http.post('/waitlist_entries', walkIn(extra), tokens.staff);
        expect(res.statusCode).toBe(400);
      }
    });

    it('names the bad field and writes nothing', async () => {
      const before = await count();
      for (const [body, field, message] of [
        [walkIn({ contact_name: '   ' }), 'contact_name', 'Guest name is required.'],
        [{ contact_phone: '+16715550190', party_size: 2 }, 'contact_name', 'Guest name is required.'],
        [walkIn({ contact_phone: '555-12' }), 'contact_phone', 'Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567'],
        [walkIn({ party_size: 0 }), 'party_size', 'Party size must be at least 1'],
        [walkIn({ party_size: 2.5 }), 'party_size', 'Party size must be a whole number'],
        [walkIn({ party_size: 21 }), 'party_size', 'Party size cannot exceed 20 people'],
        [walkIn({ location_id: loc.barrigada }), 'location_id', 'Location not found.'],
      ] as const) {
        const res = await http.post('/waitlist_entries', body, tokens.staff);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.details.fields[field], JSON.stringify(body)).toBe(message);
      }
      expect(await count()).toBe(before);
    });

    it("holds each restaurant to its own maximum party (Barrigada's is 12)", async () => {
      expect((await http.post('/waitlist_entries', walkIn({ party_size: 20 }), tokens.staff)).statusCode).toBe(201);
      const res = await http.post('/waitlist_entries', walkIn({ party_size: 13 }), tokens.otherAdmin);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields.party_size).toBe('Party size cannot exceed 12 people');
    });
  });

  describe('the list of a day', () => {
    it('takes the Guam day of the check-in time, earliest first; today by default', async () => {
      // Guam is UTC+10: 13:59:59Z on Jun 3 is 23:59:59 on Jun 3 in Guam; 14:00Z is midnight of Jun 4.
      const lateJun3 = await insert({ checkInTime: new Date('2030-06-03T13:59:59.000Z'), contactName: 'Late on the 3rd' });
      const evening = await insert({ checkInTime: new Date('2030-06-04T09:00:00.000Z'), contactName: 'Evening' });
      const midnight = await insert({ checkInTime: new Date('2030-06-03T14:00:00.000Z'), contactName: 'Just after midnight' });
      const lastMinute = await insert({ checkInTime: new Date('2030-06-04T13:59:59.999Z'), contactName: 'Last minute' });
      const jun5 = await insert({ checkInTime: new Date('2030-06-04T14:00:00.000Z'), contactName: 'On the 5th' });
      await insert({ restaurantId: 2, checkInTime: new Date('2030-06-04T09:00:00.000Z'), contactName: 'Other restaurant' });

      const ids = async (query: string, token = tokens.staff) => ((await http.get(`/waitlist_entries${query}`, token)).json() as { id: number }[]).map((e) => e.id);
      expect(await ids('?date=2030-06-04')).toEqual([midnight.id, evening.id, lastMinute.id]);
      expect(await ids('?date=2030-06-03')).toEqual([lateJun3.id]);
      expect(await ids('?date=2030-06-05')).toEqual([jun5.id]);
      // No date: the clock's Guam day (09:30Z on Jun 4 is 19:30 in Guam); at 14:30Z it is already Jun 5 in Guam.
      expect(await ids('')).toEqual([midnight.id, evening.id, lastMinute.id]);
      now = new Date('2030-06-04T14:30:00.000Z');
      // Five hours on, the 09:30 staff session is past a shift's idle limit (decision 0084): a fresh one.
      expect(await ids('', await tokenFor(t.app, t.db, 'staff@kusina.test'))).toEqual([jun5.id]);
    });

    it('refuses a bad date, naming it', async () => {
      for (const date of ['2030-02-30', 'tomorrow', '06/04/2030']) {
        const res = await http.get(`/waitlist_entries?date=${encodeURIComponent(date)}`, tokens.staff);
        expect(res.statusCode, date).toBe(400);
        expect(res.json().error.details.fields).toHaveProperty('date');
      }
    });
  });

  describe('changing an entry', () => {
    it('seats a waiting party, refuses one closed status to another, and undoes back to waiting (seats cleared)', async () => {
      const entry = (await http.post('/waitlist_entries', walkIn(), tokens.staff)).json();
      const seen: { event: string; payload: { waitlist_entry: { status: string } } }[] = [];
      const original = t.app.realtime.emit;
      t.app.realtime.emit = (room, event, payload) => {
        if (room === 'staff:1') seen.push({ event, payload: payload as never });
        original(room, event, payload);
      };
      try {
        // With a floor, a bare status change would seat the party nowhere: refused, nothing written.
        const bare = await http.patch(`/waitlist_entries/${entry.id}`, { waitlist_entry: { status: 'seated' } }, tokens.staff);
        expect(bare.statusCode).toBe(422);
        expect(bare.json().error.details.fields.status).toBe('Choose the party’s seats on the seat map to seat it.');
        expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)))[0]!.status).toBe('waiting');
        // Seated on the seat map, as on the floor: the party's status and seat labels with its seats.
        await seatOnFloor(t, http, tokens.staff, entry.id);
        const [seated] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
        expect(seated).toMatchObject({ status: 'seated', checkInTime: new Date(entry.check_in_time) });
        expect(seated!.seatLabels).toHaveLength(4);

        const refused = await http.patch(`/waitlist_entries/${entry.id}`, { status: 'no_show' }, tokens.staff);
        expect(refused.statusCode).toBe(422);
        expect(refused.json().error.details.fields.status).toBe('A seated party cannot be marked no-show.');
        expect((await http.patch(`/waitlist_entries/${entry.id}`, { status: 'gone' }, tokens.staff)).json().error.details.fields).toHaveProperty('status');

        const back = await http.patch(`/waitlist_entries/${entry.id}`, { status: 'waiting' }, tokens.staff);
        expect(back.json()).toMatchObject({ status: 'waiting', seat_labels: [], check_in_time: entry.check_in_time });
        expect((await http.patch(`/waitlist_entries/${entry.id}`, { status: 'removed' }, tokens.staff)).json().status).toBe('removed');
        expect((await http.patch(`/waitlist_entries/${entry.id}`, { status: 'seated' }, tokens.staff)).statusCode).toBe(422);
        expect((await http.patch(`/waitlist_entries/${entry.id}`, { status: 'waiting' }, tokens.staff)).json().status).toBe('waiting');
        expect((await http.patch(`/waitlist_entries/${entry.id}`, { status: 'no_show' }, tokens.staff)).json().status).toBe('no_show');
      } finally {
        t.app.realtime.emit = original;
      }
      expect(seen.filter((s) => s.event === 'waitlist_entry_updated').map((s) => [s.event, s.payload.waitlist_entry.status])).toEqual([
        ['waitlist_entry_updated', 'seated'],
        ['waitlist_entry_updated', 'waiting'],
        ['waitlist_entry_updated', 'removed'],
        ['waitlist_entry_updated', 'waiting'],
        ['waitlist_entry_updated', 'no_show'],
      ]);
    });

    it('changes the name, phone and party size, checking them as on adding; a refused change writes nothing', async () => {
      const entry = (await http.post('/waitlist_entries', walkIn(), tokens.staff)).json();
      const res = await http.patch(`/waitlist_entries/${entry.id}`, { contact_name: ' Tasi M. ', contact_phone: '+81 90 1234 5678', party_size: 5 }, tokens.admin);
      expect(res.json()).toMatchObject({ contact_name: 'Tasi M.', contact_phone: '+819012345678', party_size: 5, status: 'waiting' });
      for (const [body, field] of [
        [{ party_size: 25 }, 'party_size'],
        [{ contact_name: '' }, 'contact_name'],
        [{ contact_phone: 'call me' }, 'contact_phone'],
        [{ restaurant_id: 2 }, 'body'],
      ] as const) {
        const bad = await http.patch(`/waitlist_entries/${entry.id}`, body, tokens.staff);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json().error.details.fields, JSON.stringify(body)).toHaveProperty(field);
      }
      const [row] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
      expect(row).toMatchObject({ contactName: 'Tasi M.', contactPhone: '+819012345678', partySize: 5, restaurantId: 1 });
      expect((await http.patch('/waitlist_entries/99999999', { status: 'seated' }, tokens.staff)).statusCode).toBe(404);
    });

    it('two hosts marking the same party a no-show and removing it at once: one wins, the other is refused', async () => {
      const entry = (await http.post('/waitlist_entries', walkIn(), tokens.staff)).json();
      const results = await Promise.all([
        http.patch(`/waitlist_entries/${entry.id}`, { status: 'no_show' }, tokens.staff),
        http.patch(`/waitlist_entries/${entry.id}`, { status: 'removed' }, tokens.admin),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      const winner = results.find((r) => r.statusCode === 200)!.json().status;
      expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)))[0]!.status).toBe(winner);
    });

    it('a party finished on the floor has left: left_at set, its seats free, its seat labels kept as where it sat', async () => {
      const entry = (await http.post('/waitlist_entries', walkIn({ party_size: 2 }), tokens.staff)).json();
      await seatOnFloor(t, http, tokens.staff, entry.id);
      now = new Date(now.getTime() + 50 * 60_000);
      const finished = await http.post('/seat_allocations/finish', { occupant_type: 'waitlist', occupant_id: entry.id }, tokens.staff);
      expect(finished.statusCode, finished.body).toBe(200);
      const row = ((await http.get('/waitlist_entries?date=2030-06-04', tokens.staff)).json() as { id: number }[]).find((e) => e.id === entry.id);
      expect(row).toMatchObject({ status: 'seated', left_at: now.toISOString(), seated_at: '2030-06-04T09:30:00.000Z' });
      expect((row as unknown as { seat_labels: string[] }).seat_labels).toHaveLength(2);
      // Back in line (a mis-tap undone): no longer seated, nor gone.
      const back = (await http.patch(`/waitlist_entries/${entry.id}`, { status: 'waiting' }, tokens.staff)).json();
      expect(back).toMatchObject({ status: 'waiting', seat_labels: [], seated_at: null, left_at: null });
    });

    it('a restaurant without a floor (no active layout) seats a party by its status alone', async () => {
      const [r2] = await t.db.select().from(restaurants).where(eq(restaurants.id, 2));
      await t.db.update(restaurants).set({ currentLayoutId: null }).where(eq(restaurants.id, 2));
      try {
        const entry = (await http.post('/waitlist_entries', walkIn(), tokens.otherAdmin)).json();
        const res = await http.patch(`/waitlist_entries/${entry.id}`, { status: 'seated' }, tokens.otherAdmin);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ status: 'seated', seat_labels: [] });
      } finally {
        await t.db.update(restaurants).set({ currentLayoutId: r2!.currentLayoutId }).where(eq(restaurants.id, 2));
      }
    });
  });

  it('the demo has tonight’s waitlist for each restaurant: waiting parties with quotes, three seated (two gone), one removed', async () => {
    now = new Date();
    const mine = (await http.get('/waitlist_entries', tokens.staff)).json() as { status: string; check_in_time: string; quoted_wait_minutes: number | null; actual_wait_minutes: number | null; left_at: string | null }[];
    expect(mine.filter((e) => e.status === 'waiting').length).toBeGreaterThanOrEqual(3);
    expect(mine.every((e) => e.quoted_wait_minutes !== null)).toBe(true);
    const seated = mine.filter((e) => e.status === 'seated');
    expect(seated).toHaveLength(3);
    expect(seated.every((e) => e.actual_wait_minutes !== null)).toBe(true);
    expect(seated.filter((e) => e.left_at !== null)).toHaveLength(2);
    expect(mine.filter((e) => e.status === 'removed')).toHaveLength(1);
    expect(mine.map((e) => e.check_in_time)).toEqual(mine.map((e) => e.check_in_time).sort());
    const theirs = (await http.get('/waitlist_entries', tokens.otherAdmin)).json() as { status: string }[];
    expect(theirs.some((e) => e.status === 'waiting')).toBe(true);
  });
});
