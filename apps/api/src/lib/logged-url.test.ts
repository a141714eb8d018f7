import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../db/schema/index.ts';
import { api, demoLocations, guestBooking } from '../modules/reservations/test-support.ts';
import { build, request, type TestContext } from '../test/build.ts';
import { loggedUrl } from './logged-url.ts';

describe('the request log holds no guest token (issue #33)', () => {
  let t: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await build({ LOG_LEVEL: 'info', RESERVATION_RATE_LIMIT_PER_MINUTE: '10000' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t.close());

  it('after opening a guest link (API and page), an order link and a reset link, the log holds none of their tokens', async () => {
    const http = api(t.app);
    const loc = await demoLocations(t.db);
    const booked = await http.post('/reservations', guestBooking({ location_id: loc.tamuning }));
    expect(booked.statusCode).toBe(201);
    const [row] = await t.db.select({ token: reservations.guestToken }).from(reservations).where(eq(reservations.id, booked.json().id));
    const token = row!.token;
    lines.length = 0;

    expect((await http.get(`/public/reservations/${token}`)).statusCode).toBe(200);
    // The guest page's own address (served by the SPA in production; any route logs the same way).
    await request(t.app, { url: `/reservations/manage/${token}` });
    const orderToken = 'Zm9yLXRoZS1sb2ctdGVzdC1vbmx5';
    await request(t.app, { url: `/api/v1/orders/1?token=${orderToken}` });
    await request(t.app, { url: `/api/v1/wholesale/orders/1?token=${orderToken}` });
    await request(t.app, { url: `/reset-password?token=${orderToken}&email=a%40b.c` });

    const log = lines.join('');
    // The requests were logged, without their tokens.
    expect(log).toContain('/api/v1/public/reservations/:token');
    expect(log).toContain('/reservations/manage/:token');
    expect(log).toContain('/api/v1/orders/1?[query hidden]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(orderToken);
    expect(log).not.toContain('a%40b.c');
  });

  it('keeps what is not a secret readable', () => {
    expect(loggedUrl('/api/v1/menu?restaurant_id=1')).toBe('/api/v1/menu?[query hidden]');
    expect(loggedUrl('/api/v1/orders/42')).toBe('/api/v1/orders/42');
    expect(loggedUrl('/api/v1/payments/0b7c1f5e-52c4-4d8e-9a43-7f1f0d1c2e3a/confirm')).toBe('/api/v1/payments/0b7c1f5e-52c4-4d8e-9a43-7f1f0d1c2e3a/confirm');
    expect(loggedUrl('/order-confirmation/7')).toBe('/order-confirmation/7');
  });
});
