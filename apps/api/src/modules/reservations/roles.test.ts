import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedPeriods, reservations, specialEvents, users } from '../../db/schema/index.ts';
import { build, tokenFor, type TestContext } from '../../test/build.ts';
import { api, demoLocations, demoTokens, OPEN_DAY, type Tokens } from './test-support.ts';

type Caller = 'anonymous' | 'customer' | 'otherStaff' | 'otherAdmin' | 'staff' | 'admin' | 'superAdmin';

interface RouteCase {
  name: string;
  level: 'staff' | 'admin';
  ok: number;
  call: () => Promise<{ method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; body?: unknown }>;
}

/**
 * Every staff and admin reservations route against every kind of caller: anonymous 401; a customer,
 * staff or an admin of another restaurant 403; staff allowed on staff routes and refused on admin
 * ones; the restaurant's admin and a super admin allowed. A refused call writes nothing.
 */
describe('reservations: who may call what', () => {
  let t: TestContext;
  let tokens: Tokens & { otherStaff: string };
  let http: ReturnType<typeof api>;
  let loc: Awaited<ReturnType<typeof demoLocations>>;

  beforeAll(async () => {
    t = await build({ RESERVATION_RATE_LIMIT_PER_MINUTE: '3' });
    await t.db.insert(users).values({ email: 'staff2@kusina.test', firstName: 'Vicente', lastName: 'Blue', role: 'staff', restaurantId: 2, passwordHash: 'x' });
    tokens = { ...(await demoTokens(t.app, t.db)), otherStaff: await tokenFor(t.app, t.db, 'staff2@kusina.test') };
    http = api(t.app);
    loc = await demoLocations(t.db);
  });
  afterAll(() => t.close());

  let minute = 0;
  const reservation = async () => {
    const start = new Date(Date.parse(`${OPEN_DAY}T01:00:00Z`) + (minute++ % 16) * 30 * 60_000);
    const [row] = await t.db
      .insert(reservations)
      .values({ restaurantId: 1, locationId: loc.tamuning, startTime: start, endTime: new Date(start.getTime() + 3_600_000), partySize: 1, contactName: 'Role check', guestToken: `role-${Math.random()}` })
      .returning();
    return row!.id;
  };
  let eventDay = 0;
  const event = async () => (await t.db.insert(specialEvents).values({ restaurantId: 1, eventDate: `2031-01-${String(++eventDay).padStart(2, '0')}` }).returning())[0]!.id;
  const blocked = async () =>
    (await t.db.insert(blockedPeriods).values({ restaurantId: 1, startTime: new Date('2031-02-01T00:00:00Z'), endTime: new Date('2031-02-01T01:00:00Z'), reason: 'Role check' }).returning())[0]!.id;
  const capacityId = async () => (await http.get('/location_capacities?restaurant_id=1', tokens.admin)).json()[0].id as number;
  const hoursId = async () => (await http.get('/operating_hours?restaurant_id=1', tokens.admin)).json()[2].id as number;

  const routes: RouteCase[] = [
    { name: 'GET /reservations', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: `/reservations?date=${OPEN_DAY}&restaurant_id=1` }) },
    { name: 'GET /reservations/:id', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: `/reservations/${await reservation()}` }) },
    { name: 'PATCH /reservations/:id', level: 'staff', ok: 200, call: async () => ({ method: 'PATCH', url: `/reservations/${await reservation()}`, body: { contact_name: 'Changed' } }) },
    { name: 'DELETE /reservations/:id', level: 'staff', ok: 204, call: async () => ({ method: 'DELETE', url: `/reservations/${await reservation()}` }) },
    { name: 'GET /operating_hours', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: '/operating_hours?restaurant_id=1' }) },
    { name: 'PATCH /operating_hours/:id', level: 'admin', ok: 200, call: async () => ({ method: 'PATCH', url: `/operating_hours/${await hoursId()}`, body: { closed: false } }) },
    { name: 'GET /special_events', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: '/special_events?restaurant_id=1' }) },
    { name: 'POST /special_events', level: 'admin', ok: 201, call: async () => ({ method: 'POST', url: '/special_events', body: { restaurant_id: 1, event_date: `2032-03-${String(++eventDay).padStart(2, '0')}` } }) },
    { name: 'PATCH /special_events/:id', level: 'admin', ok: 200, call: async () => ({ method: 'PATCH', url: `/special_events/${await event()}`, body: { description: 'x' } }) },
    { name: 'DELETE /special_events/:id', level: 'admin', ok: 204, call: async () => ({ method: 'DELETE', url: `/special_events/${await event()}` }) },
    { name: 'GET /blocked_periods', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: '/blocked_periods?restaurant_id=1' }) },
    {
      name: 'POST /blocked_periods',
      level: 'admin',
      ok: 201,
      call: async () => ({ method: 'POST', url: '/blocked_periods', body: { restaurant_id: 1, start_time: '2031-03-01T10:00:00', end_time: '2031-03-01T11:00:00', reason: 'Role' } }),
    },
    {
      name: 'PUT /blocked_periods/:id',
      level: 'admin',
      ok: 200,
      call: async () => ({ method: 'PUT', url: `/blocked_periods/${await blocked()}`, body: { start_time: '2031-03-01T10:00:00', end_time: '2031-03-01T11:00:00', reason: 'Role' } }),
    },
    { name: 'DELETE /blocked_periods/:id', level: 'admin', ok: 204, call: async () => ({ method: 'DELETE', url: `/blocked_periods/${await blocked()}` }) },
    { name: 'GET /location_capacities', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: '/location_capacities?restaurant_id=1' }) },
    { name: 'GET /location_capacities/:id', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: `/location_capacities/${await capacityId()}` }) },
    { name: 'POST /location_capacities', level: 'admin', ok: 201, call: async () => ({ method: 'POST', url: '/location_capacities', body: { location_id: loc.tumon, total_capacity: 16 } }) },
    { name: 'PUT /location_capacities/:id', level: 'admin', ok: 200, call: async () => ({ method: 'PUT', url: `/location_capacities/${await capacityId()}`, body: { total_capacity: 26 } }) },
    { name: 'PATCH /restaurants/:id', level: 'admin', ok: 200, call: async () => ({ method: 'PATCH', url: '/restaurants/1', body: { default_reservation_length: 60 } }) },
    { name: 'PATCH /admin/site_settings', level: 'admin', ok: 200, call: async () => ({ method: 'PATCH', url: '/admin/site_settings?restaurant_id=1', body: { spinner_image_url: null } }) },
  ];

  const expected = (route: RouteCase, caller: Caller): number => {
    if (caller === 'anonymous') return 401;
    if (caller === 'customer' || caller === 'otherStaff' || caller === 'otherAdmin') return 403;
    if (caller === 'staff' && route.level === 'admin') return 403;
    return route.ok;
  };

  const callers: Caller[] = ['anonymous', 'customer', 'otherStaff', 'otherAdmin', 'staff', 'admin', 'superAdmin'];
  for (const route of routes) {
    it(route.name, async () => {
      for (const caller of callers) {
        const { method, url, body } = await route.call();
        const token = caller === 'anonymous' ? undefined : tokens[caller];
        const res = await (method === 'GET'
          ? http.get(url, token)
          : method === 'DELETE'
            ? http.delete(url, token)
            : method === 'POST'
              ? http.post(url, body, token)
              : method === 'PUT'
                ? http.put(url, body, token)
                : http.patch(url, body, token));
        expect(res.statusCode, `${caller} ${method} ${url}`).toBe(expected(route, caller));
      }
    });
  }

  it('other restaurants’ staff cannot list restaurant 1 by passing its id, and get their own by default', async () => {
    expect((await http.get(`/reservations?date=${OPEN_DAY}&restaurant_id=1`, tokens.otherAdmin)).statusCode).toBe(403);
    expect((await http.get(`/reservations?date=${OPEN_DAY}`, tokens.otherAdmin)).statusCode).toBe(200);
  });

  it('limits bookings per client (RESERVATION_RATE_LIMIT_PER_MINUTE, 3 here): the fourth gets 429', async () => {
    const bad = { restaurant_id: 1, location_id: loc.tamuning, start_time: '2030-06-03T18:00:00', party_size: 2, contact_name: 'Limit', contact_phone: '+16715550999', contact_email: 'limit@example.com' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await http.post('/reservations', bad)).statusCode);
    // Mondays are closed: the first three are refused as bad input, the fourth by the limit.
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

