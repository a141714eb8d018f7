import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LayoutOutput } from '@kusina/domain/layouts';
import { reservations, restaurants, seatAllocations } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoTokens, OPEN_DAY, type Tokens } from './test-support.ts';

/**
 * A reservation changed on its own screen and the seats it holds on the floor (backoffice §4, §7;
 * decisions 0067, 0071, 0074): a move takes the held seats along or is refused, freeing seats tells
 * every open floor, a PATCH keeps what another host wrote meanwhile, and a smaller party must still
 * fit its saved seat options.
 */
describe('reservations and their seats', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  const seat: Record<string, number> = {};

  beforeAll(async () => {
    t = await build({ RESERVATION_RATE_LIMIT_PER_MINUTE: '10000' });
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    const [r1] = await t.db.select().from(restaurants).where(eq(restaurants.id, 1));
    const layout = (await http.get(`/layouts/${r1!.currentLayoutId}`, tokens.staff)).json() as LayoutOutput;
    for (const s of layout.seat_sections) for (const x of s.seats) seat[x.label] = x.id;
  });
  afterAll(() => t.close());

  const booking = async (time: string, party = 2, extra: Record<string, unknown> = {}) => {
    const res = await http.post('/reservations', { restaurant_id: 1, start_time: `${OPEN_DAY}T${time}:00`, party_size: party, contact_name: `Guest ${Math.random()}`, ...extra }, tokens.staff);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const hold = async (id: number, ...labels: string[]) => {
    const res = await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: id, seat_ids: labels.map((l) => seat[l]!) }, tokens.staff);
    expect(res.statusCode, res.body).toBe(201);
  };
  const live = (id: number) =>
    t.db
      .select({ seatId: seatAllocations.seatId, status: seatAllocations.status, start: seatAllocations.startTime, end: seatAllocations.endTime })
      .from(seatAllocations)
      .where(and(eq(seatAllocations.occupantType, 'reservation'), eq(seatAllocations.occupantId, id), isNull(seatAllocations.releasedAt)))
      .orderBy(seatAllocations.seatId);
  const row = async (id: number) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
  /** The staff room's events while `run` runs. */
  const heard = async (run: () => Promise<void>) => {
    const seen: { room: string; event: string; payload: unknown }[] = [];
    const original = t.app.realtime.emit;
    t.app.realtime.emit = (room, event, payload) => {
      seen.push({ room, event, payload });
      original(room, event, payload);
    };
    try {
      await run();
    } finally {
      t.app.realtime.emit = original;
    }
    return seen;
  };

  it('a reservation moved to another time takes the seats held for it to its new hour, and open floors hear it', async () => {
    const r = await booking('18:00');
    await hold(r.id, 'T5-1', 'T5-2');
    const seen = await heard(async () => {
      const res = await http.patch(`/reservations/${r.id}`, { start_time: `${OPEN_DAY}T19:30:00` }, tokens.staff);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'reserved', seat_labels: ['T5-1', 'T5-2'], start_time: '2030-06-04T09:30:00.000Z' });
    });
    // 19:30 in Guam is 09:30Z; a hold lasts an hour (§9).
    expect(await live(r.id)).toEqual([
      { seatId: seat['T5-1'], status: 'reserved', start: new Date('2030-06-04T09:30:00Z'), end: new Date('2030-06-04T10:30:00Z') },
      { seatId: seat['T5-2'], status: 'reserved', start: new Date('2030-06-04T09:30:00Z'), end: new Date('2030-06-04T10:30:00Z') },
    ]);
    expect(seen).toContainEqual({ room: 'staff:1', event: 'seat_allocations_changed', payload: { restaurant_id: 1, occupant_type: 'reservation', occupant_id: r.id } });
  });

  it('a move to a time its held seats are taken is refused naming start_time and the seat; nothing changes', async () => {
    const early = await booking('17:00');
    await hold(early.id, 'T3-3', 'T3-4');
    const later = await booking('20:00', 1);
    await hold(later.id, 'T3-4');
    const res = await http.patch(`/reservations/${early.id}`, { start_time: `${OPEN_DAY}T19:30:00`, contact_name: 'Moved Guest' }, tokens.staff);
    expect(res.statusCode, res.body).toBe(422);
    const message = "Seat T3-4 is taken at that time. Choose another time, or free this party's seats on the floor first.";
    expect(res.json().error).toMatchObject({ message, details: { fields: { start_time: message }, seat_labels: ['T3-4'] } });
    expect(await row(early.id)).toMatchObject({ startTime: new Date('2030-06-04T07:00:00Z'), status: 'reserved' });
    expect((await row(early.id)).contactName).not.toBe('Moved Guest');
    expect((await live(early.id)).map((a) => a.start)).toEqual([new Date('2030-06-04T07:00:00Z'), new Date('2030-06-04T07:00:00Z')]);
    // Another time where both seats are free is fine.
    expect((await http.patch(`/reservations/${early.id}`, { start_time: `${OPEN_DAY}T18:30:00` }, tokens.staff)).statusCode).toBe(200);
  });

  it('canceling or deleting on the reservation screen frees its seats and tells open floors', async () => {
    const canceled = await booking('12:00');
    await hold(canceled.id, 'T3-1', 'T3-2');
    const deleted = await booking('13:00');
    await hold(deleted.id, 'T4-1', 'T4-2');
    const seen = await heard(async () => {
      expect((await http.patch(`/reservations/${canceled.id}`, { status: 'canceled' }, tokens.staff)).statusCode).toBe(200);
      expect((await http.delete(`/reservations/${deleted.id}`, tokens.staff)).statusCode).toBe(204);
    });
    expect(await live(canceled.id)).toEqual([]);
    expect(await live(deleted.id)).toEqual([]);
    const changed = seen.filter((e) => e.event === 'seat_allocations_changed').map((e) => e.payload);
    expect(changed).toEqual([
      { restaurant_id: 1, occupant_type: 'reservation', occupant_id: canceled.id },
      { restaurant_id: 1, occupant_type: 'reservation', occupant_id: deleted.id },
    ]);
    // A change that frees nothing says nothing to the floor.
    const plain = await booking('14:00');
    const quiet = await heard(async () => void (await http.patch(`/reservations/${plain.id}`, { contact_name: 'Renamed' }, tokens.staff)));
    expect(quiet.map((e) => e.event)).not.toContain('seat_allocations_changed');
  });

  it('a walk-in sent back to waiting frees its seats and tells open floors', async () => {
    const entry = (await http.post('/waitlist_entries', { contact_name: 'Walk-in Back', party_size: 1 }, tokens.staff)).json() as { id: number };
    expect((await http.post('/seat_allocations/multi_create', { occupant_type: 'waitlist', occupant_id: entry.id, seat_ids: [seat['L1-1']], date: OPEN_DAY }, tokens.staff)).statusCode).toBe(201);
    const seen = await heard(async () => {
      expect((await http.patch(`/waitlist_entries/${entry.id}`, { status: 'waiting' }, tokens.staff)).statusCode).toBe(200);
    });
    expect(seen).toContainEqual({ room: 'staff:1', event: 'seat_allocations_changed', payload: { restaurant_id: 1, occupant_type: 'waitlist', occupant_id: entry.id } });
  });

  it('a party whose size changes gives up the seats held ahead for it (the host picks new ones); seats it sits at stay (0080)', async () => {
    const ahead = await booking('18:00', 2);
    await hold(ahead.id, 'T5-1', 'T5-2');
    const seen = await heard(async () => {
      const res = await http.patch(`/reservations/${ahead.id}`, { party_size: 3 }, tokens.staff);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ party_size: 3, status: 'reserved', seat_labels: [] });
    });
    expect(await live(ahead.id)).toEqual([]);
    expect(seen).toContainEqual({ room: 'staff:1', event: 'seat_allocations_changed', payload: { restaurant_id: 1, occupant_type: 'reservation', occupant_id: ahead.id } });
    // Seated again with three seats, as the wizard requires for the new size.
    const res = await http.post('/seat_allocations/reserve', { occupant_type: 'reservation', occupant_id: ahead.id, seat_ids: ['T5-1', 'T5-2', 'T5-3'].map((l) => seat[l]!) }, tokens.staff);
    expect(res.statusCode, res.body).toBe(201);

    const sitting = await booking('19:00', 2);
    const seated = await http.post('/seat_allocations/multi_create', { occupant_type: 'reservation', occupant_id: sitting.id, seat_ids: [seat['T2-1']!, seat['T2-2']!], date: OPEN_DAY }, tokens.staff);
    expect(seated.statusCode, seated.body).toBe(201);
    const grown = await http.patch(`/reservations/${sitting.id}`, { party_size: 3 }, tokens.staff);
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json()).toMatchObject({ party_size: 3, status: 'seated', seat_labels: ['T2-1', 'T2-2'] });
    expect((await live(sitting.id)).map((a) => a.status)).toEqual(['seated', 'seated']);
  });

  it('a smaller party must still fit the saved seat options (§5)', async () => {
    const r = await booking('15:00', 2, { seat_preferences: [['A1'], ['B1', 'B2']] });
    const res = await http.patch(`/reservations/${r.id}`, { party_size: 1 }, tokens.staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual({ seat_preferences: 'Option 2 can only have up to 1 seat(s).' });
    expect((await row(r.id)).partySize).toBe(2);
    const fixed = await http.patch(`/reservations/${r.id}`, { party_size: 1, seat_preferences: [['A1'], ['B1']] }, tokens.staff);
    expect(fixed.statusCode, fixed.body).toBe(200);
    // Status changes alone never trip over saved options.
    expect((await http.patch(`/reservations/${r.id}`, { status: 'reserved' }, tokens.staff)).statusCode).toBe(200);
  });

  it('an Approve racing another host’s party-size change keeps that change', async () => {
    const parties = await Promise.all(['11:00', '11:30', '12:30', '13:30', '14:30', '16:00'].map((time) => booking(time, 2)));
    await Promise.all(
      parties.flatMap((r) => [http.patch(`/reservations/${r.id}`, { party_size: 4 }, tokens.staff), http.patch(`/reservations/${r.id}`, { status: 'reserved' }, tokens.staff)]),
    );
    for (const r of parties) expect(await row(r.id), `reservation ${r.id}`).toMatchObject({ partySize: 4, status: 'reserved' });
  });
});
