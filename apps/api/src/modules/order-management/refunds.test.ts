import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, merchandiseStockEvents, options, orderItems, orders, payments, refundLines, refunds, restaurants } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { contact, createItem, createMerchandise, itemStock, merch, newKey, variantStock, openAllDay } from '../orders/test-support.ts';
import { PAYPAL_CLIENT, startFakePayPal, startFakeStripe, type FakePayPal, type FakeStripe } from '../../test/fake-processors.ts';
import { api, demoTokens, placeOrder, type PlacedOrder, type Tokens } from './test-support.ts';

async function stockOf(t: TestContext, table: typeof menuItems | typeof options, id: number) {
  const [row] = await t.db.select({ stock: table.stockQuantity, damaged: table.damagedQuantity }).from(table).where(eq(table.id, id));
  return row!;
}

describe('order management: refunds', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let stripe: FakeStripe;
  let paypal: FakePayPal;

  beforeAll(async () => {
    [stripe, paypal] = await Promise.all([startFakeStripe(), startFakePayPal()]);
    t = await build({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_API_BASE: stripe.url,
      STRIPE_WEBHOOK_SECRET: 'whsec_refunds',
      PAYPAL_CLIENT_ID: PAYPAL_CLIENT.id,
      PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT.secret,
      PAYPAL_API_BASE: paypal.url,
    });
    await openAllDay(t.db);
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([stripe.close(), paypal.close()]);
  });

  const refund = (orderId: number, body: Record<string, unknown>, token = tokens.admin) => http.post(`/admin/orders/${orderId}/refunds`, token, body);
  const detail = async (orderId: number, token = tokens.admin) => (await http.get(`/admin/orders/${orderId}`, token)).json();
  const lineId = (d: { lines: { id: number; name: string }[] }, name: string) => d.lines.find((l) => l.name === name)!.id;

  describe('amounts, totals and statuses', () => {
    let order: PlacedOrder;
    let plate: { id: number; name: string };
    let drink: { id: number; name: string };
    beforeAll(async () => {
      plate = await createItem(t.db, { name: 'Kelaguen plate', priceCents: 1000, stock: 10 });
      drink = await createItem(t.db, { name: 'Calamansi juice', priceCents: 500 });
      // $25 with HAFA5 ($5 off): $20 paid.
      order = await placeOrder(t.app, {
        items: [
          { menu_item_id: plate.id, quantity: 2 },
          { menu_item_id: drink.id, quantity: 1 },
        ],
        promo_code: 'HAFA5',
      });
      expect(order.total).toBe(20);
    });

    it('refunds one unit: the amount comes from the order (discount shared), stock returns, the order stays as it is', async () => {
      const d = await detail(order.id);
      expect(d).toMatchObject({ total_cents: 2000, refundable_cents: 2000, refund_status: 'none' });
      const response = await refund(order.id, { lines: [{ order_item_id: lineId(d, 'Kelaguen plate'), quantity: 1 }], restock: 'return', reason: 'Dropped on the floor' });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.refund).toMatchObject({
        order_id: order.id,
        amount: 8,
        amount_cents: 800,
        full: false,
        restock: 'return',
        reason: 'Dropped on the floor',
        processor: 'test',
        processor_refund_id: expect.stringMatching(/^test_refund_/),
        actor: { name: 'Ana Admin', role: 'admin' },
        lines: [{ order_item_id: lineId(d, 'Kelaguen plate'), name: 'Kelaguen plate', item_type: 'food', quantity: 1, amount_cents: 800, restock: 'return', restocked: true }],
      });
      expect(body.order).toMatchObject({ status: 'pending', refunded_cents: 800, refunded_total: 8, refundable_cents: 1200, refund_status: 'partial', payment: { status: 'captured' } });
      expect(body.order.lines.find((l: { name: string }) => l.name === 'Kelaguen plate')).toMatchObject({ quantity: 2, refunded_quantity: 1, refundable_quantity: 1 });
      expect(await itemStock(t.db, plate.id)).toBe(9); // 10 − 2 sold + 1 returned
    });

    it('refuses more units than are left (409), an item of another order (422), and a customer-supplied amount is ignored', async () => {
      const d = await detail(order.id);
      const tooMany = await refund(order.id, { lines: [{ order_item_id: lineId(d, 'Kelaguen plate'), quantity: 2 }], restock: 'return', reason: 'x' });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().error).toMatchObject({ message: 'Only 1 of Kelaguen plate can still be refunded.', details: { fields: { 'lines.0.quantity': expect.any(String) }, refundable_quantity: 1 } });
      const [foreign] = await t.db.select({ id: orderItems.id }).from(orderItems).where(sql`${orderItems.orderId} <> ${order.id}`).limit(1);
      const unknown = await refund(order.id, { lines: [{ order_item_id: foreign?.id ?? 999999, quantity: 1 }], restock: 'return', reason: 'x' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().error.details.fields).toHaveProperty(['lines.0.order_item_id']);
      const withAmount = await refund(order.id, { lines: [{ order_item_id: lineId(d, 'Calamansi juice'), quantity: 1 }], restock: 'return', reason: 'Wrong drink', amount: 500, amount_cents: 50_000 });
      expect(withAmount.statusCode, withAmount.body).toBe(201);
      expect(withAmount.json().refund.amount_cents).toBe(400); // $5 × (20/25)
      expect((await refund(order.id, { restock: 'return', reason: 'x' })).statusCode).toBe(400);
      expect((await refund(order.id, { full: true, restock: 'return', reason: '' })).json().error.message).toBe('Reason is required');
      const [row] = await t.db.select({ refunded: orders.refundedCents }).from(orders).where(eq(orders.id, order.id));
      expect(row!.refunded).toBe(1200);
    });

    it('a full refund returns what is left, marks the order and payment refunded, records who; then nothing more can be refunded', async () => {
      const response = await refund(order.id, { full: true, restock: 'return', reason: 'Order was late' });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.refund).toMatchObject({ amount_cents: 800, full: true, lines: [{ name: 'Kelaguen plate', quantity: 1, amount_cents: 800 }] });
      expect(body.order).toMatchObject({ status: 'refunded', refunded_cents: 2000, refundable_cents: 0, refund_status: 'full', allowed_transitions: [], payment: { status: 'refunded' } });
      expect(body.order.refunds.map((r: { amount_cents: number }) => r.amount_cents)).toEqual([800, 400, 800]);
      expect(body.order.status_history.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'refunded', actor: { name: 'Ana Admin' }, reason: 'Order was late' });
      expect(await itemStock(t.db, plate.id)).toBe(10);

      const again = await refund(order.id, { full: true, restock: 'return', reason: 'again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This order has already been fully refunded.');
      const [sum] = await t.db.select({ total: sql<number>`sum(${refunds.amountCents})::int` }).from(refunds).where(eq(refunds.orderId, order.id));
      expect(sum!.total).toBe(2000);
    });

    it('the database itself refuses more refunded than paid, or more units than sold', async () => {
      await expect(t.db.update(orders).set({ refundedCents: sql`${orders.totalCents} + 1` }).where(eq(orders.id, order.id))).rejects.toThrow();
      await expect(t.db.update(orderItems).set({ refundedQuantity: sql`${orderItems.quantity} + 1` }).where(eq(orderItems.orderId, order.id))).rejects.toThrow();
    });

    it('a cancelled order was refunded by its cancellation: nothing is left to refund', async () => {
      const item = await createItem(t.db, { priceCents: 1500 });
      const cancelled = await placeOrder(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }] });
      const cancel = await http.patch(`/admin/orders/${cancelled.id}/status`, tokens.staff, { status: 'cancelled' });
      expect(cancel.json()).toMatchObject({ status: 'cancelled', refunded_cents: 1500, refundable_cents: 0 });
      const response = await refund(cancelled.id, { full: true, restock: 'return', reason: 'Cancelled by the kitchen' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('Nothing is left to refund on this order.');
      const [sum] = await t.db.select({ total: sql<number>`sum(${refunds.amountCents})::int` }).from(refunds).where(eq(refunds.orderId, cancelled.id));
      expect(sum!.total).toBe(1500);
    });
  });

  describe('stock: returned or damaged', () => {
    it('food: returned units can be sold again; damaged ones count as stock but not sellable (item and tracked options)', async () => {
      const bowl = await createItem(t.db, {
        name: 'Poke bowl',
        priceCents: 1400,
        stock: 20,
        groups: [
          { name: 'Fish', min: 1, max: 1, tracked: true, options: [{ name: 'Ahi', price: 200, stock: 10 }] },
          { name: 'Sauce', min: 0, max: 1, options: [{ name: 'Shoyu', price: 0 }] },
        ],
      });
      const [fish, sauce] = bowl.groups;
      const ahi = fish!.options[0]!.id;
      const shoyu = sauce!.options[0]!.id;
      const order = await placeOrder(t.app, { items: [{ menu_item_id: bowl.id, quantity: 4, selected_options: { [fish!.id]: [ahi], [sauce!.id]: [shoyu] } }] });
      expect(await stockOf(t, menuItems, bowl.id)).toEqual({ stock: 16, damaged: 0 });
      expect(await stockOf(t, options, ahi)).toEqual({ stock: 6, damaged: 0 });
      const shoyuBefore = await stockOf(t, options, shoyu);
      const line = lineId(await detail(order.id), 'Poke bowl');

      const returned = await refund(order.id, { lines: [{ order_item_id: line, quantity: 1 }], restock: 'return', reason: 'Changed mind' });
      expect(returned.statusCode, returned.body).toBe(201);
      expect(await stockOf(t, menuItems, bowl.id)).toEqual({ stock: 17, damaged: 0 });
      expect(await stockOf(t, options, ahi)).toEqual({ stock: 7, damaged: 0 });

      const damaged = await refund(order.id, { lines: [{ order_item_id: line, quantity: 2 }], restock: 'damaged', reason: 'Spilled' });
      expect(damaged.statusCode, damaged.body).toBe(201);
      expect(damaged.json().refund.lines[0]).toMatchObject({ quantity: 2, restock: 'damaged', restocked: true });
      expect(await stockOf(t, menuItems, bowl.id)).toEqual({ stock: 19, damaged: 2 });
      expect(await stockOf(t, options, ahi)).toEqual({ stock: 9, damaged: 2 });
      // The untracked group's option is left alone.
      expect(await stockOf(t, options, shoyu)).toEqual(shoyuBefore);
      const [lines] = await t.db.select({ n: sql<number>`count(*)::int` }).from(refundLines).innerJoin(refunds, eq(refunds.id, refundLines.refundId)).where(eq(refunds.orderId, order.id));
      expect(lines!.n).toBe(2);
    });

    it('food whose stock is not tracked: nothing is restocked, and the line says so', async () => {
      const item = await createItem(t.db, { name: 'Lumpia', priceCents: 800 });
      const order = await placeOrder(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }] });
      const before = await stockOf(t, menuItems, item.id);
      const response = await refund(order.id, { full: true, restock: 'return', reason: 'x' });
      expect(response.json().refund.lines[0]).toMatchObject({ restocked: false });
      expect(await stockOf(t, menuItems, item.id)).toEqual(before);
    });

    it("merchandise: 'return' and 'damaged' events with the order's id, and the variant's counts follow", async () => {
      const tee = await createMerchandise(t.db, { name: 'Latte stone tee', basePriceCents: 2500, variants: [{ size: 'M', stock: 5 }] });
      const variant = tee.variants[0]!.id;
      const order = await placeOrder(t.app, { items: [merch(variant, 3)] });
      expect(await variantStock(t.db, variant)).toEqual({ stock: 2, damaged: 0 });
      const line = lineId(await detail(order.id), 'Latte stone tee');

      expect((await refund(order.id, { lines: [{ order_item_id: line, quantity: 1 }], restock: 'return', reason: 'Wrong size' })).statusCode).toBe(201);
      expect(await variantStock(t.db, variant)).toEqual({ stock: 3, damaged: 0 });
      const damaged = await refund(order.id, { lines: [{ order_item_id: line, quantity: 2 }], restock: 'damaged', reason: 'Torn seam' });
      expect(damaged.statusCode, damaged.body).toBe(201);
      expect(damaged.json().order).toMatchObject({ status: 'refunded', refunded_cents: 7500 });
      expect(await variantStock(t.db, variant)).toEqual({ stock: 5, damaged: 2 });

      const events = await t.db.select().from(merchandiseStockEvents).where(eq(merchandiseStockEvents.orderId, order.id)).orderBy(merchandiseStockEvents.id);
      expect(events.map((e) => [e.kind, e.delta, e.stockQuantity, e.damagedQuantity])).toEqual([
        ['sale', -3, 2, 0],
        ['return', 1, 3, 0],
        ['damaged', 0, 5, 2],
      ]);
      expect(events[1]).toMatchObject({ itemName: 'Latte stone tee', variantLabel: 'M', reason: `Refund of order ${order.order_number}: Wrong size`, merchandiseVariantId: variant });
    });
  });

  describe('races', () => {
    it('two full refunds at once: one refunds, the other is refused; never more than paid', async () => {
      const item = await createItem(t.db, { priceCents: 1800, stock: 5 });
      const order = await placeOrder(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }] });
      const results = await Promise.all([1, 2].map(() => refund(order.id, { full: true, restock: 'return', reason: 'race' })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(rows).toHaveLength(1);
      expect(await itemStock(t.db, item.id)).toBe(5);
    });

    it('five one-unit refunds of a three-unit line at once: three succeed, the total is exactly what was paid', async () => {
      const item = await createItem(t.db, { priceCents: 333 });
      const order = await placeOrder(t.app, { items: [{ menu_item_id: item.id, quantity: 3 }] });
      const line = lineId(await detail(order.id), item.name);
      const results = await Promise.all([1, 2, 3, 4, 5].map(() => refund(order.id, { lines: [{ order_item_id: line, quantity: 1 }], restock: 'return', reason: 'race' })));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ refundedCents: 999, totalCents: 999, status: 'refunded' });
    });
  });

  describe('through Stripe and PayPal (local imitations of their APIs)', () => {
    let stripeRestaurant: number;
    let paypalRestaurant: number;
    beforeAll(async () => {
      const rows = await t.db
        .insert(restaurants)
        .values([
          { name: 'Kusina Stripe', adminSettings: { payment_gateway: { payment_processor: 'stripe', test_mode: false } } },
          { name: 'Kusina PayPal', adminSettings: { payment_gateway: { payment_processor: 'paypal', test_mode: false } } },
        ])
        .returning();
      stripeRestaurant = rows[0]!.id;
      for (const row of rows) await openAllDay(t.db, row.id);
      paypalRestaurant = rows[1]!.id;
    });

    async function processorOrder(restaurantId: number, lines: { name: string; priceCents: number; quantity: number }[]): Promise<PlacedOrder> {
      const items = [];
      for (const l of lines) items.push({ menu_item_id: (await createItem(t.db, { restaurantId, name: l.name, priceCents: l.priceCents })).id, quantity: l.quantity });
      const created = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: restaurantId, items } });
      expect(created.statusCode, created.body).toBe(201);
      const payment = created.json();
      if (payment.processor === 'stripe') stripe.confirm(payment.payment_intent_id);
      else paypal.approve(payment.paypal_order_id);
      const placed = await request(t.app, {
        method: 'POST',
        url: '/api/v1/orders',
        headers: { 'idempotency-key': newKey() },
        payload: { restaurant_id: restaurantId, items, contact, payment_id: payment.payment_id },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json();
    }

    it('Stripe: each partial refund is its own Stripe refund for the server-computed amount, even when amounts repeat', async () => {
      const order = await processorOrder(stripeRestaurant, [{ name: 'Spam musubi', priceCents: 450, quantity: 2 }]);
      const line = lineId(await detail(order.id, tokens.superAdmin), 'Spam musubi');
      const before = stripe.requests.filter((r) => r.path === '/v1/refunds').length;
      const first = await refund(order.id, { lines: [{ order_item_id: line, quantity: 1 }], restock: 'return', reason: 'One was cold' }, tokens.superAdmin);
      const second = await refund(order.id, { lines: [{ order_item_id: line, quantity: 1 }], restock: 'return', reason: 'So was the other' }, tokens.superAdmin);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      const calls = stripe.requests.filter((r) => r.path === '/v1/refunds').slice(before);
      expect(calls).toHaveLength(2);
      const intent = (await t.db.select().from(payments).where(eq(payments.orderId, order.id)))[0]!.paymentIntentId;
      expect(calls.map((c) => Object.fromEntries(new URLSearchParams(c.body)))).toEqual([
        { payment_intent: intent, amount: '450' },
        { payment_intent: intent, amount: '450' },
      ]);
      expect(calls[0]!.headers['idempotency-key']).not.toBe(calls[1]!.headers['idempotency-key']);
      expect(first.json().refund.processor_refund_id).toMatch(/^re_fake_/);
      expect(second.json().order).toMatchObject({ status: 'refunded', payment: { status: 'refunded', processor: 'stripe' } });
    });

    it("Stripe's charge.refunded webhook marks the payment refunded only when all of it was refunded", async () => {
      const order = await processorOrder(stripeRestaurant, [{ name: 'Empanada', priceCents: 350, quantity: 2 }]);
      const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
      const webhook = async (amountRefunded: number) => {
        const payload = JSON.stringify({
          id: `evt_${amountRefunded}`,
          object: 'event',
          type: 'charge.refunded',
          data: { object: { id: 'ch_fake', object: 'charge', amount: 700, amount_refunded: amountRefunded, payment_intent: payment!.paymentIntentId } },
        });
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_refunds' });
        const response = await request(t.app, { method: 'POST', url: '/api/v1/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
        expect(response.statusCode, response.body).toBe(200);
        return (await t.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]!.status;
      };
      expect(await webhook(350)).toBe('captured');
      expect(await webhook(700)).toBe('refunded');
    });

    it('PayPal: refunds the capture for the server-computed amount', async () => {
      const order = await processorOrder(paypalRestaurant, [{ name: 'Red rice', priceCents: 300, quantity: 1 }, { name: 'Chicken kadon', priceCents: 1350, quantity: 1 }]);
      const line = lineId(await detail(order.id, tokens.superAdmin), 'Chicken kadon');
      const response = await refund(order.id, { lines: [{ order_item_id: line, quantity: 1 }], restock: 'damaged', reason: 'Too salty' }, tokens.superAdmin);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().refund).toMatchObject({ processor: 'paypal', amount_cents: 1350, processor_refund_id: expect.stringMatching(/^REFUND/) });
      const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
      const call = paypal.requests.filter((r) => r.path === `/v2/payments/captures/${payment!.transactionId}/refund`);
      expect(call).toHaveLength(1);
      expect(JSON.parse(call[0]!.body)).toEqual({ amount: { currency_code: 'USD', value: '13.50' } });
      expect(payment!.status).toBe('captured');
    });

    it('a database failure after Stripe refunded: the refund is recorded once, without a second refund at Stripe', async () => {
      const order = await processorOrder(stripeRestaurant, [{ name: 'Tinaktak', priceCents: 1600, quantity: 1 }]);
      // The first insert of a refund row fails (a sequence is not rolled back), the next succeeds.
      await t.pool.query(`CREATE SEQUENCE om_fail_once;
        CREATE FUNCTION om_fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF nextval('om_fail_once') = 1 THEN RAISE EXCEPTION 'simulated database failure'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER om_fail_once BEFORE INSERT ON refunds FOR EACH ROW EXECUTE FUNCTION om_fail_once();`);
      try {
        const before = stripe.requests.filter((r) => r.path === '/v1/refunds').length;
        const response = await refund(order.id, { full: true, restock: 'return', reason: 'Never picked up' }, tokens.superAdmin);
        expect(response.statusCode, response.body).toBe(201);
        const calls = stripe.requests.filter((r) => r.path === '/v1/refunds').slice(before);
        expect(calls).toHaveLength(1);
        const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ amountCents: 1600, processor: 'stripe', processorRefundId: response.json().refund.processor_refund_id });
      } finally {
        await t.pool.query('DROP TRIGGER om_fail_once ON refunds; DROP FUNCTION om_fail_once(); DROP SEQUENCE om_fail_once;');
      }
    });

    it('Stripe unreachable: 503 and nothing changes (no refund row, totals, lines or stock)', async () => {
      const item = await createItem(t.db, { restaurantId: stripeRestaurant, name: 'Shave ice', priceCents: 600, stock: 4 });
      const created = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: stripeRestaurant, items: [{ menu_item_id: item.id, quantity: 2 }] } });
      stripe.confirm(created.json().payment_intent_id);
      const placed = await request(t.app, {
        method: 'POST',
        url: '/api/v1/orders',
        headers: { 'idempotency-key': newKey() },
        payload: { restaurant_id: stripeRestaurant, items: [{ menu_item_id: item.id, quantity: 2 }], contact, payment_id: created.json().payment_id },
      });
      const order = placed.json();
      await stripe.close();
      const response = await refund(order.id, { full: true, restock: 'return', reason: 'Melted' }, tokens.superAdmin);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe('Payment processing is not available');
      expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ refundedCents: 0, status: 'pending' });
      const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(lines.map((l) => l.refundedQuantity)).toEqual([0]);
      expect(await itemStock(t.db, item.id)).toBe(2);
      const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment!.status).toBe('captured');
    });
  });
});
