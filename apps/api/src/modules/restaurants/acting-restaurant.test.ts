import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, restaurants } from '../../db/schema/index.ts';
import { build, tokenFor, type TestContext } from '../../test/build.ts';
import { api, demoTokens, type Tokens } from '../reservations/test-support.ts';

/**
 * The super admin's restaurant picker (issue #37; decision 0128): the pick is kept on the session,
 * so every admin call that names no restaurant acts for it; another session keeps its own; only the
 * super admin may list restaurants or pick one.
 */
describe('acting restaurant', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let picked: number;

  beforeAll(async () => {
    t = await build();
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    const [r] = await t.db.insert(restaurants).values({ name: 'Picker Test Kitchen' }).returning({ id: restaurants.id });
    picked = r!.id;
    await t.db.insert(orders).values({
      restaurantId: picked,
      status: 'completed',
      foodSubtotalCents: 10_00,
      subtotalCents: 10_00,
      totalCents: 10_00,
      contactName: 'Picker Guest',
      contactPhone: '+16715550100',
      contactEmail: 'picker@example.com',
      estimatedPickupTime: new Date('2030-06-04T02:00:00Z'),
      accessToken: randomUUID(),
      idempotencyKey: randomUUID(),
      createdAt: new Date('2030-06-04T02:00:00Z'),
    });
  });
  afterAll(() => t.close());

  const salesOrders = async (token: string) => (await http.get('/admin/reports/sales?from=2030-06-04&to=2030-06-04', token)).json().totals.orders as number;

  it('lists every restaurant for the super admin; a pick makes every call without a restaurant act for it, in this session only', async () => {
    const choices = (await http.get('/admin/restaurants', tokens.superAdmin)).json();
    expect(choices.restaurants.map((r: { name: string }) => r.name)).toContain('Picker Test Kitchen');
    expect(choices.restaurants.length).toBeGreaterThanOrEqual(3);
    const own = choices.acting_restaurant_id as number;
    expect(own).not.toBe(picked);
    expect(await salesOrders(tokens.superAdmin)).toBe(0);

    const reply = await http.put('/admin/acting_restaurant', { restaurant_id: picked }, tokens.superAdmin);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().acting_restaurant_id).toBe(picked);
    expect((await http.get('/admin/restaurants', tokens.superAdmin)).json().acting_restaurant_id).toBe(picked);
    expect(await salesOrders(tokens.superAdmin)).toBe(1);
    expect((await http.get('/admin/customers', tokens.superAdmin)).json().customers.map((c: { key: string }) => c.key)).toEqual(['picker@example.com']);

    // Another session of the same super admin still acts for its own restaurant.
    const other = await tokenFor(t.app, t.db, 'super@kusina.test');
    expect((await http.get('/admin/restaurants', other)).json().acting_restaurant_id).toBe(own);

    // Back again.
    await http.put('/admin/acting_restaurant', { restaurant_id: own }, tokens.superAdmin);
    expect(await salesOrders(tokens.superAdmin)).toBe(0);
  });

  it('refuses an unknown restaurant or a bad body, and changes nothing', async () => {
    const unknown = await http.put('/admin/acting_restaurant', { restaurant_id: 2147483000 }, tokens.superAdmin);
    expect(unknown.statusCode).toBe(404);
    expect((await http.put('/admin/acting_restaurant', { restaurant_id: 'two' }, tokens.superAdmin)).statusCode).toBe(400);
    expect((await http.get('/admin/restaurants', tokens.superAdmin)).json().acting_restaurant_id).not.toBe(2147483000);
  });

  it('role matrix: only the super admin lists or picks; an admin stays in their own restaurant', async () => {
    for (const [token, status] of [
      [undefined, 401],
      [tokens.customer, 403],
      [tokens.staff, 403],
      [tokens.admin, 403],
      [tokens.otherAdmin, 403],
    ] as const) {
      expect((await http.get('/admin/restaurants', token)).statusCode).toBe(status);
      expect((await http.put('/admin/acting_restaurant', { restaurant_id: picked }, token)).statusCode).toBe(status);
    }
    expect(await salesOrders(tokens.admin)).toBe(0);
  });
});
