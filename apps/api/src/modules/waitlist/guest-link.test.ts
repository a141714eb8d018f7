import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitlistEntries } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { listen, realtimeClients, until, type RealtimeClients } from '../../test/realtime.ts';
import { api, demoTokens, type Tokens } from '../reservations/test-support.ts';
import { seatOnFloor } from './test-support.ts';

/*
 * A guest joins the waitlist by the link at the host stand and follows their place by a private
 * link (issue #35 item 5; decision 0108): the token is answered once and only its hash is stored;
 * the place moves as parties ahead are seated, live through the `waitlist` channel, which carries
 * no one's details; the guest can leave; the public calls are rate limited; the log keeps no token.
 */
describe('the waitlist guest link', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let clients: RealtimeClients;
  const lines: string[] = [];
  let now = new Date('2030-06-04T09:30:00.000Z');

  beforeAll(async () => {
    t = await build({ LOG_LEVEL: 'info', RESERVATION_RATE_LIMIT_PER_MINUTE: '1000' }, { now: () => now, logStream: { write: (line) => void lines.push(line) } });
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    clients = realtimeClients(await listen(t));
  });
  afterAll(async () => {
    clients.closeAll();
    await t.close();
  });
  beforeEach(async () => {
    now = new Date('2030-06-04T09:30:00.000Z');
    await t.db.delete(waitlistEntries).where(sql`${waitlistEntries.checkInTime} > '2029-01-01'`);
  });

  const join = async (body: Record<string, unknown> = {}) => http.post('/public/waitlist_entries', { restaurant_id: 1, contact_name: 'Ana Aguon', contact_phone: '+1671 555 0401', party_size: 2, ...body });
  const staffAdd = async (name: string) => (await http.post('/waitlist_entries', { contact_name: name, party_size: 2 }, tokens.staff)).json() as { id: number };

  it('joins with a quote and a private token, whose hash alone is stored; the guest follows their place as the line moves', async () => {
    const ahead = await staffAdd('Ahead of Ana');
    now = new Date(now.getTime() + 60_000);
    const res = await join();
    expect(res.statusCode, res.body).toBe(201);
    const { token, entry } = res.json() as { token: string; entry: Record<string, unknown> };
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(entry).toMatchObject({ restaurant_id: 1, restaurant_name: 'Kusina', contact_name: 'Ana Aguon', party_size: 2, status: 'waiting', place: 2, parties_ahead: 1, quoted_wait_minutes: expect.any(Number) });
    // Nobody else's name or phone in what the guest sees.
    expect(JSON.stringify(entry)).not.toContain('Ahead of Ana');

    const [row] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.contactName, 'Ana Aguon'));
    expect(row).toMatchObject({ source: 'guest', contactPhone: '+16715550401', createdByUserId: null });
    expect(row!.guestTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    // Staff see the guest's entry on their list.
    expect(((await http.get('/waitlist_entries', tokens.staff)).json() as { contact_name: string; source: string }[]).find((e) => e.contact_name === 'Ana Aguon')?.source).toBe('guest');

    // Following live: the guest's socket joins the line's room by the token, and hears the line move.
    const socket = await clients.open();
    expect(await clients.subscribe(socket, { channel: 'waitlist', token })).toEqual({ ok: true, room: 'waitlist:1' });
    const heard: unknown[] = [];
    socket.on('waitlist_line_moved', (payload) => heard.push(payload));
    await seatOnFloor(t, http, tokens.staff, ahead.id);
    await until(() => heard.length === 1, 'waitlist_line_moved after the party ahead was seated');
    expect(heard[0]).toEqual({ restaurant_id: 1 });
    expect((await http.get(`/public/waitlist/${token}`)).json()).toMatchObject({ place: 1, parties_ahead: 0, status: 'waiting' });

    // A made-up token joins no room and reads nothing.
    const other = await clients.open();
    expect(await clients.subscribe(other, { channel: 'waitlist', token: 'x'.repeat(43) })).toMatchObject({ ok: false });
    expect((await http.get(`/public/waitlist/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await http.get('/public/waitlist/short')).statusCode).toBe(400);

    // The log has the calls, never the token.
    expect(lines.join('')).toContain('/api/v1/public/waitlist/:token');
    expect(lines.join('')).not.toContain(token);
  });

  it('the guest leaves the waitlist: removed, the staff room told; leaving again is harmless; a seated party cannot leave', async () => {
    const { token } = (await join()).json() as { token: string };
    const seen: string[] = [];
    const original = t.app.realtime.emit;
    t.app.realtime.emit = (room, event, payload) => {
      seen.push(`${room} ${event}`);
      original(room, event, payload);
    };
    try {
      const left = await http.post(`/public/waitlist/${token}/leave`, {});
      expect(left.statusCode, left.body).toBe(200);
      expect(left.json()).toMatchObject({ status: 'removed', place: null });
    } finally {
      t.app.realtime.emit = original;
    }
    expect(seen).toEqual(['staff:1 waitlist_entry_updated', 'waitlist:1 waitlist_line_moved']);
    expect((await http.post(`/public/waitlist/${token}/leave`, {})).json()).toMatchObject({ status: 'removed' });

    const second = (await join({ contact_name: 'Seated guest', contact_phone: '+1671 555 0402' })).json() as { token: string };
    const [row] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.contactName, 'Seated guest'));
    await seatOnFloor(t, http, tokens.staff, row!.id);
    const refused = await http.post(`/public/waitlist/${second.token}/leave`, {});
    expect(refused.statusCode).toBe(422);
    expect((await http.get(`/public/waitlist/${second.token}`)).json()).toMatchObject({ status: 'seated', place: null });
  });

  it('checks what the guest typed: name, a phone the restaurant texts, the largest party; writes nothing when refused', async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(waitlistEntries).where(sql`${waitlistEntries.checkInTime} > '2029-01-01'`))[0]!.n;
    for (const [body, field] of [
      [{ contact_name: ' ' }, 'contact_name'],
      [{ contact_phone: '' }, 'contact_phone'],
      [{ contact_phone: '+1671' }, 'contact_phone'],
      [{ contact_phone: '+44 20 7946 0958' }, 'contact_phone'],
      [{ party_size: 21 }, 'party_size'],
      [{ party_size: 0 }, 'party_size'],
      [{ status: 'seated' }, 'body'],
      [{ quoted_wait_minutes: 0 }, 'body'],
    ] as const) {
      const res = await join(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await count()).toBe(0);
    const info = (await http.get('/public/waitlist_join?restaurant_id=1')).json();
    expect(info).toEqual({ restaurant_id: 1, restaurant_name: 'Kusina', max_party_size: 20, parties_waiting: 0 });
  });
});

describe('the waitlist guest link is rate limited', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ RESERVATION_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('past the per-client limit a join is refused with 429 and writes nothing', async () => {
    const http = api(t.app);
    const body = (n: number) => ({ restaurant_id: 1, contact_name: `Guest ${n}`, contact_phone: `+1671 555 04${10 + n}`, party_size: 2 });
    expect((await http.post('/public/waitlist_entries', body(1))).statusCode).toBe(201);
    expect((await http.post('/public/waitlist_entries', body(2))).statusCode).toBe(201);
    const third = await http.post('/public/waitlist_entries', body(3));
    expect(third.statusCode).toBe(429);
    expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.contactName, 'Guest 3')))).toHaveLength(0);
  });
});
