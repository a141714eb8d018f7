import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutMessages } from '@kusina/domain/checkout';
import { orders, payments, wholesaleOrders } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { card, contact, createItem, newKey, openAllDay } from '../orders/test-support.ts';
import { createTestFundraiser } from '../wholesale/test-support.ts';

/*
 * The built-in test processor "pays" with any Luhn-valid number: in production on an external
 * database it answers only when the operator allows it (ALLOW_TEST_PAYMENTS, decision 0086).
 * Restaurant 1 of the seed is in test mode, as a new restaurant is.
 */
describe('test payments in production', () => {
  // A real production configuration: NODE_ENV=production on an external DATABASE_URL (build's).
  const production = { NODE_ENV: 'production', MESSAGES_OUTBOX_ONLY: 'true' };
  let live: TestContext;
  let allowed: TestContext;
  beforeAll(async () => {
    live = await build(production);
    // A second node on the same database whose operator allowed test payments.
    allowed = await build({ ...production, ALLOW_TEST_PAYMENTS: 'true' }, { databaseUrl: live.databaseUrl });
    await openAllDay(live.db);
  });
  afterAll(async () => {
    await allowed?.close();
    await live?.close();
  });

  const counts = async (t: TestContext) => ({
    payments: (await t.db.select().from(payments)).length,
    orders: (await t.db.select().from(orders)).length,
    wholesaleOrders: (await t.db.select().from(wholesaleOrders)).length,
  });

  it("tells the checkout up front, in the restaurant's settings, whether test payments are taken", async () => {
    const seen = async (t: TestContext) => (await request(t.app, { url: '/api/v1/restaurants/1?include_settings=true' })).json();
    expect(await seen(live)).toMatchObject({ admin_settings: expect.any(Object), test_payments_allowed: false });
    expect(await seen(allowed)).toMatchObject({ test_payments_allowed: true });
    // Without the settings, nothing of them.
    expect((await request(live.app, { url: '/api/v1/restaurants/1' })).json()).not.toHaveProperty('test_payments_allowed');
  });

  it('refuses a storefront payment by default with the checkout words, writing nothing', async () => {
    expect(live.config.allowTestPayments).toBe(false);
    const item = await createItem(live.db, { priceCents: 800 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    const before = await counts(live);
    const opened = await request(live.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items } });
    expect(opened.statusCode).toBe(503);
    expect(opened.json().error).toMatchObject({ code: 'PAYMENT_UNAVAILABLE', message: CheckoutMessages.paymentNotAvailable });
    expect(await counts(live)).toEqual(before);
  });

  it('refuses a fundraiser payment by default, writing nothing', async () => {
    const shop = await createTestFundraiser(live.db, { items: [{ name: 'Tee', priceCents: 2000 }] });
    const before = await counts(live);
    const opened = await request(live.app, {
      method: 'POST',
      url: '/api/v1/wholesale/payments',
      payload: { fundraiser_id: shop.fundraiserId, cart_items: [{ item_id: shop.items[0]!.id, quantity: 1 }] },
    });
    expect(opened.statusCode).toBe(503);
    expect(opened.json()).toMatchObject({ success: false, error: { code: 'PAYMENT_UNAVAILABLE' } });
    expect(await counts(live)).toEqual(before);
  });

  it('does not confirm a test payment another node opened, and no order is written with it', async () => {
    const item = await createItem(live.db, { priceCents: 900 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    const opened = await request(allowed.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items } });
    expect(opened.statusCode, opened.body).toBe(201);
    const paymentId: string = opened.json().payment_id;

    const confirmed = await request(live.app, { method: 'POST', url: `/api/v1/payments/${paymentId}/confirm`, payload: { card: card() } });
    expect(confirmed.statusCode).toBe(503);
    const ordersBefore = (await live.db.select().from(orders)).length;
    const placed = await request(live.app, {
      method: 'POST',
      url: '/api/v1/orders',
      headers: { 'idempotency-key': newKey() },
      payload: { restaurant_id: 1, items, contact, payment_id: paymentId },
    });
    expect(placed.statusCode).toBeGreaterThanOrEqual(400);
    expect((await live.db.select().from(orders)).length).toBe(ordersBefore);
  });

  it('takes test cards where the operator allows them (ALLOW_TEST_PAYMENTS=true)', async () => {
    expect(allowed.config.allowTestPayments).toBe(true);
    const item = await createItem(allowed.db, { priceCents: 700 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    const opened = await request(allowed.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items } });
    expect(opened.statusCode, opened.body).toBe(201);
    const paymentId: string = opened.json().payment_id;
    const confirmed = await request(allowed.app, { method: 'POST', url: `/api/v1/payments/${paymentId}/confirm`, payload: { card: card() } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const placed = await request(allowed.app, {
      method: 'POST',
      url: '/api/v1/orders',
      headers: { 'idempotency-key': newKey() },
      payload: { restaurant_id: 1, items, contact, payment_id: paymentId },
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
