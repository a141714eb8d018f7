import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';

/**
 * Hours and events decide ordering (issue #23): when an admin changes them, open storefronts of that
 * restaurant hear restaurant_update and refetch the restaurant (the header's hours_text).
 */
describe('schedule changes reach open storefronts', () => {
  let t: TestContext;
  let base: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await build();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  async function subscribed(restaurantId: number): Promise<unknown[]> {
    const socket = connect(base, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = await new Promise<{ ok: boolean }>((resolve) => socket.emit('subscribe', { channel: 'restaurant', restaurant_id: restaurantId }, resolve));
    expect(ack.ok).toBe(true);
    const received: unknown[] = [];
    socket.on('restaurant_update', (payload: unknown) => received.push(payload));
    return received;
  }

  async function until(check: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('tells that restaurant, and only it, after an hours change and an event created, changed and deleted', async () => {
    const guests = await subscribed(1);
    const other = await subscribed(2);
    const admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    const week = (await request(t.app, { method: 'GET', url: '/api/v1/operating_hours?restaurant_id=1', token: admin })).json() as { id: number; closed: boolean }[];
    const sunday = week[0]!;

    const hours = await request(t.app, { method: 'PATCH', url: `/api/v1/operating_hours/${sunday.id}`, token: admin, payload: { closed: !sunday.closed } });
    expect(hours.statusCode, hours.body).toBe(200);
    await until(() => guests.length === 1, 'restaurant_update after the hours change');
    expect(guests[0]).toEqual({ id: 1 });

    const created = await request(t.app, { method: 'POST', url: '/api/v1/special_events', token: admin, payload: { restaurant_id: 1, event_date: '2031-01-02', closed: true, description: 'Closed' } });
    expect(created.statusCode, created.body).toBe(201);
    await until(() => guests.length === 2, 'restaurant_update after the event was created');
    const id = (created.json() as { id: number }).id;
    expect((await request(t.app, { method: 'PATCH', url: `/api/v1/special_events/${id}`, token: admin, payload: { closed: false, start_time: '17:00', end_time: '22:00' } })).statusCode).toBe(200);
    await until(() => guests.length === 3, 'restaurant_update after the event was changed');
    expect((await request(t.app, { method: 'DELETE', url: `/api/v1/special_events/${id}`, token: admin })).statusCode).toBe(204);
    await until(() => guests.length === 4, 'restaurant_update after the event was deleted');
    expect(other).toEqual([]);
  });
});
