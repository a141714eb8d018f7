import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { listen, realtimeClients, restaurantListener, until, type RealtimeClients } from '../../test/realtime.ts';

/**
 * Hours and events decide ordering (issue #23): when an admin changes them, open storefronts of that
 * restaurant hear restaurant_update and refetch the restaurant (the header's hours_text).
 */
describe('schedule changes reach open storefronts', () => {
  let t: TestContext;
  let clients: RealtimeClients;

  beforeAll(async () => {
    t = await build();
    clients = realtimeClients(await listen(t));
  });
  afterAll(async () => {
    clients.closeAll();
    await t.close();
  });

  const subscribed = (restaurantId: number) => restaurantListener(clients, restaurantId, 'restaurant_update');

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
