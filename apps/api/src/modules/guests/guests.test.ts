import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestProfiles, reservations, waitlistEntries } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoLocations, demoTokens, type Tokens } from '../reservations/test-support.ts';

/*
 * Guests remembered (issue #35 item 6; decision 0109): a profile per phone or e-mail per restaurant,
 * counted from every date's reservations and waitlist entries, with the notes and tags staff keep;
 * searchable by name or phone; staff of the restaurant only.
 */
describe('guest profiles', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let tamuning = 0;

  beforeAll(async () => {
    t = await build();
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    tamuning = (await demoLocations(t.db)).tamuning;
  });
  afterAll(() => t.close());

  const booking = (phone: string | null, email: string | null, status: 'finished' | 'no_show' | 'canceled' | 'booked', daysAgo: number, name = 'Vicente Borja', restaurantId = 1) =>
    t.db.insert(reservations).values({
      restaurantId,
      locationId: tamuning,
      startTime: new Date(Date.UTC(2024, 0, 31 - daysAgo, 9)),
      endTime: new Date(Date.UTC(2024, 0, 31 - daysAgo, 10)),
      durationMinutes: 60,
      partySize: 3,
      contactName: name,
      contactPhone: phone,
      contactEmail: email,
      status,
      guestToken: `guest-test-${Math.random()}`,
      source: 'staff',
    });

  it('counts visits, no-shows and cancellations from every date, by phone or e-mail, reservations and waitlist alike', async () => {
    await booking('+16715550601', 'vicente@example.com', 'finished', 300);
    await booking(null, 'VICENTE@example.com', 'no_show', 200);
    await booking('+16715550601', null, 'canceled', 100);
    await t.db.insert(waitlistEntries).values({ restaurantId: 1, contactName: 'Vicente B.', contactPhone: '+16715550601', partySize: 2, checkInTime: new Date(Date.UTC(2024, 1, 2, 9)), status: 'seated' });
    // Another restaurant's visit is not this restaurant's.
    await booking('+16715550601', null, 'finished', 50, 'Vicente Borja', 2);

    const byPhone = await http.get('/guests/profile?phone=%2B1671%20555%200601', tokens.staff);
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json()).toMatchObject({ restaurant_id: 1, phone: '+16715550601', email: 'vicente@example.com', name: 'Vicente B.', visits: 2, no_shows: 0, cancellations: 1, notes: null, tags: [] });
    // Through the e-mail the booking gave with the phone, the no-show booked by e-mail alone counts.
    const byEmail = (await http.get('/guests/profile?email=Vicente%40Example.com', tokens.staff)).json();
    expect(byEmail).toMatchObject({ email: 'vicente@example.com', visits: 1, no_shows: 1 });
    expect(byPhone.json().history.map((h: { kind: string; status: string }) => `${h.kind}:${h.status}`)).toEqual(['waitlist:seated', 'reservation:canceled', 'reservation:finished']);
  });

  it('keeps notes and tags per guest; a second save updates the same profile; bad input names its field and writes nothing', async () => {
    const saved = await http.put('/guests/profile', { phone: '+1671 555 0602', notes: '  Peanut allergy ', tags: ['vip', 'vip', 'window seat'] }, tokens.staff);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ phone: '+16715550602', notes: 'Peanut allergy', tags: ['vip', 'window seat'] });
    await http.put('/guests/profile', { phone: '+16715550602', email: 'guest602@example.com', notes: 'Peanut allergy; high chair', tags: ['vip'] }, tokens.admin);
    const rows = await t.db.select().from(guestProfiles).where(eq(guestProfiles.phone, '+16715550602'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'guest602@example.com', notes: 'Peanut allergy; high chair', tags: ['vip'] });
    // Found by its e-mail too.
    expect((await http.get('/guests/profile?email=guest602%40example.com', tokens.staff)).json()).toMatchObject({ notes: 'Peanut allergy; high chair' });

    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(guestProfiles))[0]!.n;
    for (const [body, field] of [
      [{ notes: 'x', tags: [] }, 'phone'],
      [{ phone: 'call me', tags: [] }, 'phone'],
      [{ email: 'not-an-email', tags: [] }, 'email'],
      [{ phone: '+16715550603', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
      [{ phone: '+16715550603', tags: ['x'.repeat(31)] }, 'tags.0'],
    ] as const) {
      const res = await http.put('/guests/profile', body, tokens.staff);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(guestProfiles))[0]!.n).toBe(before);
  });

  it('searches by name or phone across all dates, one result per guest', async () => {
    await booking('+16715550611', 'dolores@example.com', 'finished', 400, 'Dolores Unpingco');
    await booking('+16715550611', 'dolores@example.com', 'finished', 10, 'Dolores Unpingco');
    const byName = (await http.get('/guests?q=unpingco', tokens.staff)).json() as { phone: string; visits: number }[];
    expect(byName).toEqual([expect.objectContaining({ phone: '+16715550611', visits: 2 })]);
    const byPhone = (await http.get('/guests?q=555-0611', tokens.staff)).json() as { name: string }[];
    expect(byPhone.map((g) => g.name)).toEqual(['Dolores Unpingco']);
    // The demo's guest with history: her notes and tags, and visits from the week and tonight.
    const rosa = (await http.get('/guests?q=Rosa%20Taitano', tokens.staff)).json() as { tags: string[]; notes: string; visits: number }[];
    expect(rosa[0]).toMatchObject({ tags: ['regular', 'birthday in June'], notes: expect.stringContaining('Shellfish'), visits: 2 });
    expect((await http.get('/guests?q=a', tokens.staff)).statusCode).toBe(400);
  });

  it('staff of the restaurant only; another restaurant’s guests are not this one’s', async () => {
    expect((await http.get('/guests?q=rosa')).statusCode).toBe(401);
    expect((await http.get('/guests?q=rosa', tokens.customer)).statusCode).toBe(403);
    expect((await http.get('/guests/profile?phone=%2B16715550102&restaurant_id=1', tokens.otherAdmin)).statusCode).toBe(403);
    const theirs = (await http.get('/guests/profile?phone=%2B16715550102', tokens.otherAdmin)).json();
    expect(theirs).toMatchObject({ restaurant_id: 2, visits: 0, notes: null, tags: [] });
  });
});
