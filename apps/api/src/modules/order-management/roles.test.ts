import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAllDay } from '../orders/test-support.ts';
import { discountConfigurations, staffMembers, users } from '../../db/schema/index.ts';
import { build, tokenFor, type TestContext } from '../../test/build.ts';
import { api, demoTokens, simpleOrder, type Tokens } from './test-support.ts';

type Role = 'customer' | 'staff' | 'otherStaff' | 'admin' | 'otherAdmin' | 'superAdmin';

interface RouteCase {
  name: string;
  /** Who may call it at restaurant 1: staff (staff, admins, super admins) or admin (admins, super admins). */
  level: 'staff' | 'admin';
  ok: number;
  /** Builds a fresh call (a new order, member or discount when the call uses one up). */
  call: () => Promise<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown }>;
}

/**
 * Every order-management route against every kind of caller: no token 401; a customer 403; staff
 * or an admin of another restaurant 403; staff allowed on staff routes and 403 on admin-only ones;
 * the restaurant's admin and a super admin allowed.
 */
describe('order management: who may call what', () => {
  let t: TestContext;
  let tokens: Tokens & { otherStaff: string };
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await build();
    await openAllDay(t.db);
    const demo = await demoTokens(t.app, t.db);
    await t.db.insert(users).values({ email: 'staff2@kusina.test', firstName: 'Vicente', lastName: 'Blue', role: 'staff', restaurantId: 2, passwordHash: 'x' });
    tokens = { ...demo, otherStaff: await tokenFor(t.app, t.db, 'staff2@kusina.test') };
    http = api(t.app);
  });
  afterAll(() => t.close());

  const order = async () => (await simpleOrder(t.app, t.db)).id;
  const member = async () => (await t.db.insert(staffMembers).values({ restaurantId: 1, name: 'Temp member' }).returning())[0]!.id;
  let codes = 0;
  const discount = async () =>
    (await t.db.insert(discountConfigurations).values({ restaurantId: 1, name: 'Temp', code: `TEMP_${++codes}`, discountBasisPoints: 1000 }).returning())[0]!.id;

  const routes: RouteCase[] = [
    { name: 'GET /admin/orders', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: '/admin/orders?restaurant_id=1' }) },
    { name: 'GET /admin/orders/unacknowledged_count', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: '/admin/orders/unacknowledged_count?restaurant_id=1' }) },
    { name: 'POST /admin/orders/acknowledge_all', level: 'staff', ok: 200, call: async () => ({ method: 'POST', url: '/admin/orders/acknowledge_all', body: { restaurant_id: 1 } }) },
    { name: 'GET /admin/orders/:id', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: `/admin/orders/${await order()}` }) },
    { name: 'POST /admin/orders/:id/acknowledge', level: 'staff', ok: 200, call: async () => ({ method: 'POST', url: `/admin/orders/${await order()}/acknowledge` }) },
    { name: 'PATCH /admin/orders/:id/status', level: 'staff', ok: 200, call: async () => ({ method: 'PATCH', url: `/admin/orders/${await order()}/status`, body: { status: 'confirmed' } }) },
    { name: 'PATCH /admin/orders/:id/eta', level: 'staff', ok: 200, call: async () => ({ method: 'PATCH', url: `/admin/orders/${await order()}/eta`, body: { minutes_from_now: 20 } }) },
    {
      name: 'POST /admin/orders/:id/refunds',
      level: 'admin',
      ok: 201,
      call: async () => ({ method: 'POST', url: `/admin/orders/${await order()}/refunds`, body: { full: true, restock: 'return', reason: 'Role check' } }),
    },
    { name: 'GET /staff_members', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: '/staff_members?restaurant_id=1' }) },
    { name: 'POST /staff_members', level: 'admin', ok: 201, call: async () => ({ method: 'POST', url: '/staff_members', body: { restaurant_id: 1, name: 'New member' } }) },
    { name: 'PATCH /staff_members/:id', level: 'admin', ok: 200, call: async () => ({ method: 'PATCH', url: `/staff_members/${await member()}`, body: { is_active: false } }) },
    { name: 'DELETE /staff_members/:id', level: 'admin', ok: 204, call: async () => ({ method: 'DELETE', url: `/staff_members/${await member()}` }) },
    { name: 'GET /discount_configurations/active', level: 'staff', ok: 200, call: async () => ({ method: 'GET', url: '/discount_configurations/active?restaurant_id=1' }) },
    { name: 'GET /discount_configurations', level: 'admin', ok: 200, call: async () => ({ method: 'GET', url: '/discount_configurations?restaurant_id=1' }) },
    {
      name: 'POST /discount_configurations',
      level: 'admin',
      ok: 201,
      call: async () => ({ method: 'POST', url: '/discount_configurations', body: { restaurant_id: 1, name: 'Role check', code: `ROLE_${++codes}`, discount_percentage: 15 } }),
    },
    { name: 'PATCH /discount_configurations/:id', level: 'admin', ok: 200, call: async () => ({ method: 'PATCH', url: `/discount_configurations/${await discount()}`, body: { display_order: 3 } }) },
    { name: 'DELETE /discount_configurations/:id', level: 'admin', ok: 204, call: async () => ({ method: 'DELETE', url: `/discount_configurations/${await discount()}` }) },
  ];

  const expected = (route: RouteCase, role: Role | 'none'): number => {
    if (role === 'none') return 401;
    if (role === 'customer' || role === 'otherStaff' || role === 'otherAdmin') return 403;
    if (role === 'staff') return route.level === 'staff' ? route.ok : 403;
    return route.ok;
  };

  const send = async (route: RouteCase, token: string | undefined) => {
    const { method, url, body } = await route.call();
    if (method === 'GET') return http.get(url, token);
    if (method === 'DELETE') return http.delete(url, token);
    return method === 'POST' ? http.post(url, token, body) : http.patch(url, token, body);
  };

  for (const route of routes) {
    it(route.name, async () => {
      for (const role of ['none', 'customer', 'otherStaff', 'otherAdmin', 'staff', 'admin', 'superAdmin'] as const) {
        const response = await send(route, role === 'none' ? undefined : tokens[role]);
        expect(response.statusCode, `${route.name} as ${role}: ${response.body}`).toBe(expected(route, role));
        if (response.statusCode === 401 || response.statusCode === 403) {
          expect(response.json().error.code).toBe(response.statusCode === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
        }
      }
    });
  }

  it('a customer can never change the status of their own order', async () => {
    const own = await simpleOrder(t.app, t.db, 900, { token: tokens.customer });
    const response = await http.patch(`/admin/orders/${own.id}/status`, tokens.customer, { status: 'cancelled' });
    expect(response.statusCode).toBe(403);
    expect((await http.get(`/orders/${own.id}`, tokens.customer)).json().status).toBe('pending');
  });

  it('roles are checked before the body: a customer learns nothing from validation', async () => {
    const response = await http.patch('/admin/orders/1/status', tokens.customer, { status: 'nonsense' });
    expect(response.statusCode).toBe(403);
    expect((await http.patch('/admin/orders/1/status', undefined, { status: 'nonsense' })).statusCode).toBe(401);
  });

  it('every route is in the OpenAPI document with its bearer security', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, { security?: unknown }>> };
    for (const route of routes) {
      const [method, path] = route.name.split(' ') as [string, string];
      const operation = doc.paths[`/api/v1${path.replace(/:(\w+)/g, '{$1}')}`]?.[method.toLowerCase()];
      expect(operation, route.name).toBeDefined();
      expect(operation!.security).toEqual([{ bearer: [] }]);
    }
  });

  it('unknown ids answer 404 to staff', async () => {
    expect((await http.get('/admin/orders/999999', tokens.staff)).statusCode).toBe(404);
    expect((await http.patch('/staff_members/999999', tokens.admin, { name: 'x' })).statusCode).toBe(404);
    expect((await http.delete('/discount_configurations/999999', tokens.admin)).statusCode).toBe(404);
  });

  it("another restaurant's admin works on their own restaurant without restaurant_id", async () => {
    const own = await http.get('/admin/orders', tokens.otherAdmin);
    expect(own.statusCode).toBe(200);
    expect(own.json().orders.every((o: { restaurant_id: number }) => o.restaurant_id === 2)).toBe(true);
    const discounts = (await http.get('/discount_configurations/active', tokens.otherStaff)).json();
    expect(discounts.every((d: { restaurant_id: number }) => d.restaurant_id === 2)).toBe(true);
  });
});
