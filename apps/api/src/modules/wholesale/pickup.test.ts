import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholesaleOrders } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { buy, createTestFundraiser } from './test-support.ts';

/** The confirmation's Estimated Pickup (§2): when the fundraiser's pickup opens, set on the order and kept current. */
describe('Estimated Pickup of fundraiser orders', () => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await build();
    admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
  });
  afterAll(() => t.close());

  it('is the pickup start the fundraiser announces (Guam wall-clock), follows a change while the order is open', async () => {
    const shop = await createTestFundraiser(t.db, { items: [{ name: 'Plain', priceCents: 1000 }] });
    const read = (await request(t.app, { method: 'GET', url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}`, token: admin })).json().data.fundraiser;
    const body = { name: read.name, slug: read.slug, status: 'current', pickup_display_name: 'Gym' };
    const lines = [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity: 1 }];

    const before = await buy(t.app, shop, lines);
    expect((await request(t.app, { method: 'GET', url: `/api/v1/wholesale/orders/${before.id}?token=${before.access_token}` })).json().data.order.estimated_pickup_time).toBeNull();

    const saved = await request(t.app, { method: 'PUT', url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}`, token: admin, payload: { ...body, pickup_starts_at: '2026-12-20T09:00' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.fundraiser.pickup_starts_at).toBe('2026-12-19T23:00:00.000Z');

    const order = await buy(t.app, shop, lines);
    const shown = (await request(t.app, { method: 'GET', url: `/api/v1/wholesale/orders/${order.id}?token=${order.access_token}` })).json().data.order;
    expect(shown.estimated_pickup_time).toBe('2026-12-19T23:00:00.000Z');
    expect(shown.fundraiser.pickup_starts_at).toBe('2026-12-19T23:00:00.000Z');
    // The order placed before the announcement gets it too.
    expect((await t.db.select().from(wholesaleOrders).where(eq(wholesaleOrders.id, before.id)))[0]!.estimatedPickupTime?.toISOString()).toBe('2026-12-19T23:00:00.000Z');

    // Moved a day later: open orders follow; a cancelled one keeps what it had.
    await t.db.update(wholesaleOrders).set({ status: 'cancelled' }).where(eq(wholesaleOrders.id, before.id));
    await request(t.app, { method: 'PUT', url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}`, token: admin, payload: { ...body, pickup_starts_at: '2026-12-21T10:30' } });
    const rows = await t.db.select().from(wholesaleOrders).where(eq(wholesaleOrders.fundraiserId, shop.fundraiserId));
    expect(rows.find((r) => r.id === order.id)!.estimatedPickupTime?.toISOString()).toBe('2026-12-21T00:30:00.000Z');
    expect(rows.find((r) => r.id === before.id)!.estimatedPickupTime?.toISOString()).toBe('2026-12-19T23:00:00.000Z');
  });

  it('refuses a pickup start that is not a date and time (400 naming the field, nothing saved)', async () => {
    const shop = await createTestFundraiser(t.db, { items: [] });
    const answer = await request(t.app, { method: 'PUT', url: `/api/v1/wholesale/admin/fundraisers/${shop.fundraiserId}`, token: admin, payload: { name: 'X', slug: shop.slug, pickup_starts_at: 'next Saturday' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.details.fields).toHaveProperty('pickup_starts_at');
  });
});
