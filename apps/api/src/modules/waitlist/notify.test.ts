import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, waitlistEntries } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { deliveryJobsFor } from '../notifications/test-support.ts';
import { api, demoTokens, type Tokens } from '../reservations/test-support.ts';
import { seatOnFloor } from './test-support.ts';

/*
 * "Your table is ready" (issue #35 item 5): Notify texts a waiting party through the outbox in the
 * transaction that records notified_at; a number the restaurant does not text, a party without a
 * phone or not waiting, and a number past its per-destination limit are refused with nothing sent.
 */
describe('waitlist notify', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let now = new Date('2030-06-04T09:30:00.000Z');

  beforeAll(async () => {
    t = await build({ MESSAGES_PER_DESTINATION_PER_HOUR: '2' }, { now: () => now });
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    now = new Date('2030-06-04T09:30:00.000Z');
    await t.db.delete(waitlistEntries).where(sql`${waitlistEntries.checkInTime} > '2029-01-01'`);
  });

  const add = async (phone: string | null, name = 'Tasi Mendiola') => {
    const res = await http.post('/waitlist_entries', { contact_name: name, contact_phone: phone, party_size: 4 }, tokens.staff);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const textsTo = (recipient: string) => t.db.select().from(notifications).where(eq(notifications.recipient, recipient));

  it('queues the table-ready text in the outbox, records notified_at and tells the staff room', async () => {
    const entry = await add('+1671 555 0301');
    const seen: { room: string; event: string }[] = [];
    const original = t.app.realtime.emit;
    t.app.realtime.emit = (room, event, payload) => {
      seen.push({ room, event });
      original(room, event, payload);
    };
    let res;
    try {
      res = await http.post(`/waitlist_entries/${entry.id}/notify`, {}, tokens.staff);
    } finally {
      t.app.realtime.emit = original;
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: entry.id, status: 'waiting', notified_at: now.toISOString() });
    const texts = await textsTo('+16715550301');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ channel: 'sms', template: 'waitlist_table_ready', restaurantId: 1, status: 'queued' });
    expect(texts[0]!.body).toBe('Kusina: Tasi Mendiola, your table for 4 guests is ready. Please come to the host stand.');
    expect(await deliveryJobsFor(t.pool, [texts[0]!.id])).toHaveLength(1);
    expect(seen).toContainEqual({ room: 'staff:1', event: 'waitlist_entry_updated' });

    // The admin's outbox shows it.
    const outbox = (await http.get('/admin/notifications?recipient=5550301', tokens.admin)).json();
    expect(outbox.messages.map((n: { body: string }) => n.body)).toEqual([texts[0]!.body]);
  });

  it('refuses a party without a phone, one in a country the restaurant does not text, and one not waiting; nothing sent', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications))[0]!.n;
    const none = await add(null, 'No phone');
    let res = await http.post(`/waitlist_entries/${none.id}/notify`, {}, tokens.staff);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields.contact_phone).toBe('This party has no phone number to text.');

    // +44 is not among the default SMS country codes.
    const abroad = await add('+44 20 7946 0958', 'Abroad');
    res = await http.post(`/waitlist_entries/${abroad.id}/notify`, {}, tokens.staff);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.fields.contact_phone).toMatch(/text/i);

    const seated = await add('+1671 555 0302', 'Seated');
    await seatOnFloor(t, http, tokens.staff, seated.id);
    res = await http.post(`/waitlist_entries/${seated.id}/notify`, {}, tokens.staff);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Only a waiting party can be told its table is ready.');

    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications))[0]!.n).toBe(before);
    const rows = await t.db.select({ notifiedAt: waitlistEntries.notifiedAt }).from(waitlistEntries).where(sql`${waitlistEntries.checkInTime} > '2029-01-01'`);
    expect(rows.every((r) => r.notifiedAt === null)).toBe(true);
  });

  it('holds each number to its per-destination limit: past it, 429 and nothing sent or recorded', async () => {
    const entry = await add('+1671 555 0303');
    expect((await http.post(`/waitlist_entries/${entry.id}/notify`, {}, tokens.staff)).statusCode).toBe(200);
    now = new Date(now.getTime() + 60_000);
    expect((await http.post(`/waitlist_entries/${entry.id}/notify`, {}, tokens.staff)).statusCode).toBe(200);
    const firstTwo = (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)))[0]!.notifiedAt;
    now = new Date(now.getTime() + 60_000);
    const third = await http.post(`/waitlist_entries/${entry.id}/notify`, {}, tokens.staff);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.details.retry_after_seconds).toBeGreaterThan(0);
    expect(await textsTo('+16715550303')).toHaveLength(2);
    expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)))[0]!.notifiedAt).toEqual(firstTwo);
  });

  it('staff of the restaurant only: anonymous 401, customers 403, another restaurant 404', async () => {
    const entry = await add('+1671 555 0304');
    expect((await http.post(`/waitlist_entries/${entry.id}/notify`, {})).statusCode).toBe(401);
    expect((await http.post(`/waitlist_entries/${entry.id}/notify`, {}, tokens.customer)).statusCode).toBe(403);
    expect((await http.post(`/waitlist_entries/${entry.id}/notify`, {}, tokens.otherAdmin)).statusCode).toBe(404);
    expect(await textsTo('+16715550304')).toHaveLength(0);
  });
});
