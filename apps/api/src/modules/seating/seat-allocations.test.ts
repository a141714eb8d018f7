import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayoutOutput } from '@kusina/domain/layouts';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { reservations, restaurants, seatAllocations, users, waitlistEntries } from '../../db/schema/index.ts';
import { build, tokenFor, type TestContext } from '../../test/build.ts';
import { api, demoTokens, type Tokens } from '../reservations/test-support.ts';

/**
 * Seat allocations (backoffice §3, §7 /seat_allocations, §9; decision 0067): roles and scoping,
 * validation naming the field, §9's times by the injected clock, every transition with the party's
 * status and seat labels, and no double-seating proven by racing requests against PostgreSQL.
 */
describe('seat allocations API', () => {
  let t: TestContext;
  let tokens: Tokens & { otherStaff: string };
  let http: ReturnType<typeof api>;
  // 17:00 in Guam on Tuesday 2030-06-04.
  let now = new Date('2030-06-04T07:00:00.000Z');
  const seat: Record<string, number> = {};
  let otherSeat: number;

  beforeAll(async () => {
    t = await build({}, { now: () => now });
    await t.db.insert(users).values({ email: 'staff2@kusina.test', firstName: 'Vicente', lastName: 'Blue', role: 'staff', restaurantId: 2, passwordHash: 'x' });
    tokens = { ...(await demoTokens(t.app, t.db)), otherStaff: await tokenFor(t.app, t.db, 'staff2@kusina.test') };
    http = api(t.app);
    const [r1] = await t.db.select().from(restaurants).where(eq(restaurants.id, 1));
    const layout = (await http.get(`/layouts/${r1!.currentLayoutId}`, tokens.staff)).json() as LayoutOutput;
    for (const s of layout.seat_sections) for (const x of s.seats) seat[x.label] = x.id;
    const [r2] = await t.db.select().from(restaurants).where(eq(restaurants.id, 2));
    otherSeat = ((await http.get(`/layouts/${r2!.currentLayoutId}`, tokens.otherAdmin)).json() as LayoutOutput).seat_sections[0]!.seats[0]!.id;
  });
  afterAll(() => t.close());

  const walkIn = async (party = 2, token = tokens.staff) => {
    const res = await http.post('/waitlist_entries', { contact_name: `Walk-in ${Math.random()}`, party_size: party }, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const booking = async (time: string, party = 2, status = 'booked') => {
    const res = await http.post('/reservations', { restaurant_id: 1, start_time: `2030-06-04T${time}:00`, party_size: party, contact_name: `Guest ${Math.random()}`, status }, tokens.staff);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; status: string };
  };
  const seats = (...labels: string[]) => labels.map((l) => seat[l]!);
  const live = (occupantType: 'reservation' | 'waitlist', id: number) =>
    t.db.select().from(seatAllocations).where(and(eq(seatAllocations.occupantType, occupantType), eq(seatAllocations.occupantId, id), isNull(seatAllocations.releasedAt)));

  it('roles: anonymous 401, customers 403; staff and admins of the restaurant may', async () => {
    const party = await walkIn(2);
    const body = { occupant_type: 'waitlist', occupant_id: party.id, seat_ids: seats('T3-1', 'T3-2'), date: '2030-06-04' };
    expect((await http.post('/seat_allocations/multi_create', body)).statusCode).toBe(401);
    expect((await http.post('/seat_allocations/multi_create', body, tokens.customer)).statusCode).toBe(403);
    expect((await http.get('/seat_allocations?date=2030-06-04')).statusCode).toBe(401);
    expect((await http.get('/seat_allocations?date=2030-06-04', tokens.customer)).statusCode).toBe(403);
    expect((await http.post('/seat_allocations/finish', { occupant_type: 'waitlist', occupant_id: party.id }, tokens.customer)).statusCode).toBe(403);
    expect((await http.post('/seat_allocations/multi_create', body, tokens.admin)).statusCode).toBe(201);
    expect((await http.post('/seat_allocations/finish', { occupant_type: 'waitlist', occupant_id: party.id }, tokens.staff)).statusCode).toBe(200);
  });

  it("another restaurant's seats and parties are not found; its day is forbidden", async () => {
    const party = await walkIn(1);
    const theirs = await walkIn(1, tokens.otherAdmin);
    const viaOtherSeat = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: party.id, seat_ids: [otherSeat] }, tokens.staff);
    expect(viaOtherSeat.statusCode).toBe(404);
    expect(viaOtherSeat.json().error.details.fields).toEqual({ seat_ids: 'Seat not found.' });
    expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: theirs.id, seat_ids: seats('T3-1') }, tokens.staff)).statusCode).toBe(404);
    expect((await http.post('/seat_allocations/cancel', { occupant_type: 'waitlist', occupant_id: theirs.id }, tokens.staff)).statusCode).toBe(404);
    expect((await http.get('/seat_allocations?date=2030-06-04&restaurant_id=2', tokens.staff)).statusCode).toBe(403);
    expect(await live('waitlist', party.id)).toHaveLength(0);
  });

  it('validation: 400 naming the field; exactly party-size seats (422) and nothing written', async () => {
    const party = await walkIn(3);
    const bad = await http.post('/seat_allocations/multi_create', { occupant_type: 'table', occupant_id: party.id, seat_ids: [] }, tokens.staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('occupant_type');
    expect(bad.body).toContain('seat_ids');
    const dup = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: party.id, seat_ids: seats('T3-1', 'T3-1', 'T3-2') }, tokens.staff);
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toContain('Each seat can be picked once.');
    const few = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: party.id, seat_ids: seats('T3-1', 'T3-2') }, tokens.staff);
    expect(few.statusCode).toBe(422);
    expect(few.json().error).toMatchObject({ message: 'Need exactly 3 seat(s).', details: { fields: { seat_ids: 'Need exactly 3 seat(s).' } } });
    const reserveWalkIn = await http.post('/seat_allocations/reserve', { occupant_type: 'waitlist', occupant_id: party.id, seat_ids: seats('T3-1', 'T3-2', 'T3-3') }, tokens.staff);
    expect(reserveWalkIn.statusCode).toBe(422);
    expect(reserveWalkIn.json().error.details.fields).toHaveProperty('occupant_type');
    const past = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: party.id, seat_ids: seats('T3-1', 'T3-2', 'T3-3'), date: '2030-06-03' }, tokens.staff);
    expect(past.statusCode).toBe(422);
    expect(past.json().error.details.fields).toHaveProperty('date');
    expect(await live('waitlist', party.id)).toHaveLength(0);
    expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, party.id)))[0]!.status).toBe('waiting');
  });

  it('§9 times: a walk-in today starts now, on a future day at 18:00, for its turn time; a reservation holds its own span; the browser’s times only pick the day', async () => {
    const today = await walkIn(2);
    const res = await http.post(
      '/seat_allocations/multi_create',
      { occupant_type: 'waitlist', occupant_id: today.id, seat_ids: seats('T4-1', 'T4-2'), start_time: '2030-06-04T01:00:00Z', end_time: '2030-06-04T23:00:00Z' },
      tokens.staff,
    );
    expect(res.statusCode, res.body).toBe(201);
    // A party of 2 stays 75 minutes (the default turn times, decision 0106).
    for (const a of res.json() as SeatAllocationOutput[]) expect(a).toMatchObject({ start_time: '2030-06-04T07:00:00.000Z', end_time: '2030-06-04T08:15:00.000Z', status: 'seated', occupant_status: 'seated' });
    const later = await walkIn(2);
    const future = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: later.id, seat_ids: seats('L1-1', 'L1-2'), date: '2030-06-06' }, tokens.staff);
    expect(future.statusCode, future.body).toBe(201);
    // 18:00 in Guam is 08:00Z.
    expect((future.json() as SeatAllocationOutput[])[0]).toMatchObject({ start_time: '2030-06-06T08:00:00.000Z', end_time: '2030-06-06T09:15:00.000Z' });
    const held = await booking('19:30', 2);
    const hold = await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: held.id, seat_labels: ['T4-3', 'T4-4'], start_time: '2030-06-04T00:00:00Z' }, tokens.staff);
    expect(hold.statusCode, hold.body).toBe(201);
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, held.id));
    expect((hold.json() as SeatAllocationOutput[]).map((a) => [a.seat_label, a.start_time, a.end_time, a.status])).toEqual([
      ['T4-3', '2030-06-04T09:30:00.000Z', row!.endTime.toISOString(), 'reserved'],
      ['T4-4', '2030-06-04T09:30:00.000Z', row!.endTime.toISOString(), 'reserved'],
    ]);
  });

  it('reserve → arrive → finish: the reservation goes reserved, seated, finished with its seat labels; the seats are free after', async () => {
    const r = await booking('18:00', 2);
    const seen: { event: string; room: string }[] = [];
    const original = t.app.realtime.emit;
    t.app.realtime.emit = (room, event, payload) => {
      seen.push({ room, event });
      original(room, event, payload);
    };
    try {
      expect((await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: r.id, seat_ids: seats('T5-1', 'T5-2') }, tokens.staff)).statusCode).toBe(201);
    } finally {
      t.app.realtime.emit = original;
    }
    expect(seen).toEqual(expect.arrayContaining([{ room: 'staff:1', event: 'reservation_updated' }, { room: 'staff:1', event: 'seat_allocations_changed' }]));
    const row = async () => (await t.db.select().from(reservations).where(eq(reservations.id, r.id)))[0]!;
    expect(await row()).toMatchObject({ status: 'reserved', seatLabels: ['T5-1', 'T5-2'] });
    const day = (await http.get('/seat_allocations?date=2030-06-04', tokens.staff)).json() as SeatAllocationOutput[];
    expect(day.filter((a) => a.occupant_id === r.id && a.occupant_type === 'reservation').map((a) => [a.seat_label, a.status, a.occupant_party_size, a.occupant_status])).toEqual([
      ['T5-1', 'reserved', 2, 'reserved'],
      ['T5-2', 'reserved', 2, 'reserved'],
    ]);
    // Finishing a party that has not arrived is refused.
    expect((await http.post('/seat_allocations/finish', { occupant_type: 'reservation', occupant_id: r.id }, tokens.staff)).statusCode).toBe(422);
    const arrived = await http.post('/seat_allocations/arrive', { occupant_type: 'reservation', occupant_id: r.id }, tokens.staff);
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect((arrived.json() as SeatAllocationOutput[]).map((a) => a.status)).toEqual(['seated', 'seated']);
    expect((await row()).status).toBe('seated');
    const finished = await http.post('/seat_allocations/finish', { occupant_type: 'reservation', occupant_id: r.id }, tokens.staff);
    expect(finished.statusCode).toBe(200);
    expect((finished.json() as SeatAllocationOutput[]).every((a) => a.status === 'finished' && a.released_at === now.toISOString())).toBe(true);
    expect((await row()).status).toBe('finished');
    expect(await live('reservation', r.id)).toHaveLength(0);
    const after = (await http.get('/seat_allocations?date=2030-06-04', tokens.staff)).json() as SeatAllocationOutput[];
    expect(after.some((a) => a.occupant_id === r.id && a.occupant_type === 'reservation')).toBe(false);
    // The seats are free again for someone else.
    const next = await walkIn(2);
    expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: next.id, seat_ids: seats('T5-1', 'T5-2') }, tokens.staff)).statusCode).toBe(201);
  });

  it('multi_create seats a waitlist party (seated, seat labels); no_show of a reserved reservation and cancel of both free the seats', async () => {
    const party = await walkIn(2);
    const res = await http.post('/seat_allocations/multi_create', { seat_allocation: { occupant_type: 'waitlist', occupant_id: party.id, seat_ids: seats('BC-3', 'BC-4') } }, tokens.staff);
    expect(res.statusCode, res.body).toBe(201);
    const entry = async () => (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, party.id)))[0]!;
    expect(await entry()).toMatchObject({ status: 'seated', seatLabels: ['BC-3', 'BC-4'] });
    // A seated party cannot be seated twice.
    expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: party.id, seat_ids: seats('BC-5', 'BC-6') }, tokens.staff)).statusCode).toBe(422);
    // A seated walk-in is not a no-show (the waitlist's rules); cancel removes it and frees the seats.
    expect((await http.post('/seat_allocations/no_show', { occupant_type: 'waitlist', occupant_id: party.id }, tokens.staff)).statusCode).toBe(422);
    expect(await live('waitlist', party.id)).toHaveLength(2);
    expect((await http.post('/seat_allocations/cancel', { occupant_type: 'waitlist', occupant_id: party.id }, tokens.staff)).statusCode).toBe(200);
    expect(await entry()).toMatchObject({ status: 'removed', seatLabels: [] });
    expect(await live('waitlist', party.id)).toHaveLength(0);

    const late = await booking('20:00', 2);
    await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: late.id, seat_ids: seats('BC-3', 'BC-4') }, tokens.staff);
    expect((await http.post('/seat_allocations/no_show', { occupant_type: 'reservation', occupant_id: late.id }, tokens.staff)).statusCode).toBe(200);
    expect((await t.db.select().from(reservations).where(eq(reservations.id, late.id)))[0]!.status).toBe('no_show');
    expect(await live('reservation', late.id)).toHaveLength(0);

    const gone = await booking('19:30', 2);
    await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: gone.id, seat_ids: seats('BC-3', 'BC-4') }, tokens.staff);
    expect((await http.post('/seat_allocations/cancel', { occupant_type: 'reservation', occupant_id: gone.id }, tokens.staff)).statusCode).toBe(200);
    expect((await t.db.select().from(reservations).where(eq(reservations.id, gone.id)))[0]!.status).toBe('canceled');
    expect(await live('reservation', gone.id)).toHaveLength(0);
  });

  it('a waitlist party sent back to waiting and a reservation canceled on its screen release their seats (decision 0058)', async () => {
    const party = await walkIn(1);
    await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: party.id, seat_ids: seats('T5-3') }, tokens.staff);
    expect(await live('waitlist', party.id)).toHaveLength(1);
    expect((await http.patch(`/waitlist_entries/${party.id}`, { status: 'waiting' }, tokens.staff)).statusCode).toBe(200);
    expect(await live('waitlist', party.id)).toHaveLength(0);
    const r = await booking('19:00', 1);
    await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: r.id, seat_ids: seats('T5-3') }, tokens.staff);
    expect((await http.patch(`/reservations/${r.id}`, { status: 'canceled' }, tokens.staff)).statusCode).toBe(200);
    expect(await live('reservation', r.id)).toHaveLength(0);
  });

  it('a seat taken for the party’s stay — or by a party still seated there now — is refused with the spec’s 422, nothing written', async () => {
    const first = await walkIn(2);
    expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: first.id, seat_ids: seats('BC-1', 'BC-2') }, tokens.staff)).statusCode).toBe(201);
    const second = await walkIn(2);
    const clash = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: second.id, seat_ids: seats('BC-2', 'BC-5') }, tokens.staff);
    expect(clash.statusCode).toBe(422);
    expect(clash.json().error).toMatchObject({ message: 'Some seats are already taken. Please choose different seats.', details: { seat_labels: ['BC-2'] } });
    // Two hours later the first party has not been finished (it overstays): it holds its seats now,
    // but not for a reservation later that evening, when it is expected to have left (decision 0105).
    now = new Date('2030-06-04T09:00:00.000Z');
    try {
      // The 17:00 staff session has idled out by now (a shift's idle limit, decision 0084): a fresh one.
      tokens.staff = await tokenFor(t.app, t.db, 'staff@kusina.test');
      const still = await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: second.id, seat_ids: seats('BC-1', 'BC-5') }, tokens.staff);
      expect(still.statusCode).toBe(422);
      const r = await booking('20:00', 2);
      const soon = await booking('19:00', 2);
      const hold = await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: soon.id, seat_ids: seats('BC-1', 'BC-5') }, tokens.staff);
      expect(hold.statusCode).toBe(422);
      expect(hold.json().error.message).toBe('Some seats are already reserved. Please choose different seats.');
      expect(await live('waitlist', second.id)).toHaveLength(0);
      expect((await t.db.select().from(reservations).where(eq(reservations.id, soon.id)))[0]!.status).toBe('booked');
      expect((await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: r.id, seat_ids: seats('BC-1', 'BC-5') }, tokens.staff)).statusCode).toBe(201);
    } finally {
      now = new Date('2030-06-04T07:00:00.000Z');
    }
  });

  it('the database refuses overlapping live allocations of a seat (exclusion constraint)', async () => {
    const base = { restaurantId: 1, seatId: seat['T3-4']!, occupantType: 'waitlist' as const, occupantId: 999999, status: 'seated' as const };
    await t.db.insert(seatAllocations).values({ ...base, startTime: new Date('2031-01-01T08:00:00Z'), endTime: new Date('2031-01-01T09:00:00Z') });
    await expect(t.db.insert(seatAllocations).values({ ...base, startTime: new Date('2031-01-01T08:30:00Z'), endTime: new Date('2031-01-01T09:30:00Z') })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23P01' }),
    });
    // Back to back is fine, and a released row does not count.
    await t.db.insert(seatAllocations).values({ ...base, startTime: new Date('2031-01-01T09:00:00Z'), endTime: new Date('2031-01-01T10:00:00Z') });
    await t.db.insert(seatAllocations).values({ ...base, status: 'finished', releasedAt: new Date(), startTime: new Date('2031-01-01T08:15:00Z'), endTime: new Date('2031-01-01T09:15:00Z') });
  });

  it('two parties racing for the same seats: exactly one wins, the other gets 422', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await walkIn(2);
      const b = await walkIn(2);
      const ids = round % 2 === 0 ? seats('T3-1', 'T3-2') : seats('T3-2', 'T3-1');
      const results = await Promise.all([
        http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: a.id, seat_ids: ids }, tokens.staff),
        http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: b.id, seat_ids: [...ids].reverse() }, tokens.admin),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      expect(results.find((r) => r.statusCode === 422)!.json().error.message).toBe('Some seats are already taken. Please choose different seats.');
      const winner = results[0]!.statusCode === 201 ? a : b;
      const loser = winner === a ? b : a;
      expect(await live('waitlist', winner.id)).toHaveLength(2);
      expect(await live('waitlist', loser.id)).toHaveLength(0);
      expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, loser.id)))[0]!.status).toBe('waiting');
      expect((await http.post('/seat_allocations/finish', { occupant_type: 'waitlist', occupant_id: winner.id }, tokens.staff)).statusCode).toBe(200);
    }
  });
});
