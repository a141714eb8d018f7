import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_LINK_DAYS_AFTER, ReservationMessages } from '@kusina/domain/reservations';
import { reservations } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { api, demoLocations, guestBooking } from './test-support.ts';

/** Issue #33: a guest's link stops working GUEST_LINK_DAYS_AFTER days after the reservation (controlled clock). */
describe("a guest's reservation link expires", () => {
  let t: TestContext;
  let http: ReturnType<typeof api>;
  let now = new Date();
  beforeAll(async () => {
    t = await build({ RESERVATION_RATE_LIMIT_PER_MINUTE: '10000' }, { now: () => now });
    http = api(t.app);
  });
  afterAll(() => t.close());

  it('works, and says until when, up to its expiry; then answers 410 with a clear message', async () => {
    const loc = await demoLocations(t.db);
    const booked = await http.post('/reservations', guestBooking({ location_id: loc.tamuning }));
    expect(booked.statusCode).toBe(201);
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, booked.json().id));
    const link = `/public/reservations/${row!.guestToken}`;

    const open = await http.get(link);
    expect(open.statusCode).toBe(200);
    const expiresAt = new Date(open.json().link_expires_at);
    expect(expiresAt.getTime() - row!.startTime.getTime()).toBe(GUEST_LINK_DAYS_AFTER * 86_400_000);

    // The last moment: still shown (no longer cancellable, the table is long past).
    now = new Date(expiresAt.getTime() - 1000);
    const last = await http.get(link);
    expect(last.statusCode).toBe(200);
    expect(last.json().can_cancel).toBe(false);

    now = expiresAt;
    for (const response of [await http.get(link), await http.post(`${link}/cancel`, {})]) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({ error: { code: 'LINK_EXPIRED', message: ReservationMessages.linkExpired } });
    }
    // A token that never was stays a 404.
    expect((await http.get(`/public/reservations/${'y'.repeat(43)}`)).statusCode).toBe(404);
  });
});
