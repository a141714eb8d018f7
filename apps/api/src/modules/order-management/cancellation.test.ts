import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, notifications, orderItems, orders, orderStatusEvents, payments, refunds, restaurants } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { contact, createItem, itemStock, newKey, openAllDay } from '../orders/test-support.ts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-processors.ts';
import { api, demoTokens, placeOrder, type PlacedOrder, type Tokens } from './test-support.ts';

/**
 * Cancelling an order gives the money back (decision 0017): PATCH …/status to cancelled refunds
 * what is left of the payment through the order's processor in the same transaction, staff
 * included, and nothing changes when the processor cannot do it.
 */
describe('order management: cancelling refunds what is left', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let stripe: FakeStripe;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await build({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: 'whsec_cancel' });
    await openAllDay(t.db);
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const cancel = (orderId: number, body: Record<string, unknown> = {}, token = tokens.staff) => http.patch(`/admin/orders/${orderId}/status`, token, { status: 'cancelled', ...body });
  const refund = (orderId: number, body: Record<string, unknown>, token = tokens.admin) => http.post(`/admin/orders/${orderId}/refunds`, token, body);
  const refundRows = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);
  const orderRow = async (orderId: number) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const paymentRow = async (orderId: number) => (await t.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const events = (orderId: number) => t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, orderId)).orderBy(orderStatusEvents.id);
  const cancelledMessages = (order: PlacedOrder) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.template, 'order_cancelled'), like(notifications.body, `%${order.order_number}%`)))
      .orderBy(notifications.id);

  it('staff cancel a paid order: refunded in full at the test processor, stock back, order cancelled, payment refunded, customer told', async () => {
    const plate = await createItem(t.db, { name: 'Kelaguen plate', priceCents: 1250, stock: 10 });
    const order = await placeOrder(t.app, { items: [{ menu_item_id: plate.id, quantity: 2 }] });
    expect(order.total).toBe(25);
    expect(await itemStock(t.db, plate.id)).toBe(8);

    const response = await cancel(order.id, { reason: 'Kitchen ran out of fish' });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      status: 'cancelled',
      refunded_cents: 2500,
      refunded_total: 25,
      refundable_cents: 0,
      refund_status: 'full',
      allowed_transitions: [],
      payment: { status: 'refunded', processor: 'test' },
    });
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refunds[0]).toMatchObject({
      amount_cents: 2500,
      full: true,
      restock: 'return',
      reason: 'Kitchen ran out of fish',
      processor: 'test',
      processor_refund_id: expect.stringMatching(/^test_refund_/),
      actor: { name: 'Kekoa Staff', role: 'staff' },
      lines: [{ name: 'Kelaguen plate', quantity: 2, amount_cents: 2500, restock: 'return', restocked: true }],
    });
    expect(detail.lines[0]).toMatchObject({ quantity: 2, refunded_quantity: 2, refundable_quantity: 0 });
    // One status event: cancelled, by whom and why (never 'refunded').
    expect(detail.status_history.map((h: { to_status: string }) => h.to_status)).toEqual(['pending', 'cancelled']);
    expect(detail.status_history[1]).toMatchObject({ from_status: 'pending', actor: { name: 'Kekoa Staff' }, reason: 'Kitchen ran out of fish' });

    expect(await itemStock(t.db, plate.id)).toBe(10);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', refundedCents: 2500 });
    expect((await paymentRow(order.id)).status).toBe('refunded');
    expect(await refundRows(order.id)).toEqual([expect.objectContaining({ amountCents: 2500, reason: 'Kitchen ran out of fish', full: true })]);

    // The customer's text and e-mail, queued with the cancellation, say how much comes back.
    const messages = await cancelledMessages(order);
    expect(messages.map((m) => [m.channel, m.recipient, m.status])).toEqual([
      ['sms', contact.phone, 'queued'],
      ['email', contact.email, 'queued'],
    ]);
    expect(messages[0]!.body).toMatch(new RegExp(`your order ${order.order_number} has been cancelled\\. A refund of \\$25\\.00 is on its way to your original payment method\\.$`));
    expect(messages[1]!.subject).toContain(`order ${order.order_number} has been cancelled`);
    expect(messages[1]!.body).toContain('A refund of $25.00');
  });

  it('after a partial refund, cancelling refunds only the remainder, with the restock chosen and a default reason', async () => {
    const plate = await createItem(t.db, { name: 'Chicken kadon', priceCents: 1000, stock: 10 });
    const drink = await createItem(t.db, { name: 'Calamansi juice', priceCents: 500 });
    // $25 with HAFA5: $20 paid.
    const order = await placeOrder(t.app, {
      items: [
        { menu_item_id: plate.id, quantity: 2 },
        { menu_item_id: drink.id, quantity: 1 },
      ],
      promo_code: 'HAFA5',
    });
    const lines = (await http.get(`/admin/orders/${order.id}`, tokens.admin)).json().lines as { id: number; name: string }[];
    const partial = await refund(order.id, { lines: [{ order_item_id: lines.find((l) => l.name === 'Chicken kadon')!.id, quantity: 1 }], restock: 'return', reason: 'Cold' });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json().refund.amount_cents).toBe(800);
    expect(await itemStock(t.db, plate.id)).toBe(9);

    const response = await cancel(order.id, { restock: 'damaged' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', refunded_cents: 2000, refundable_cents: 0, payment: { status: 'refunded' } });
    const rows = await refundRows(order.id);
    expect(rows.map((r) => [r.amountCents, r.reason, r.restock])).toEqual([
      [800, 'Cold', 'return'],
      [1200, 'Order cancelled', 'damaged'],
    ]);
    // The kadon left is counted back as damaged stock (not sellable); the untracked drink is left alone.
    const [kadon] = await t.db.select({ stock: menuItems.stockQuantity, damaged: menuItems.damagedQuantity }).from(menuItems).where(eq(menuItems.id, plate.id));
    expect(kadon).toEqual({ stock: 10, damaged: 1 });
    const refunded = await t.db.select({ q: orderItems.refundedQuantity, n: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(refunded.every((l) => l.q === l.n)).toBe(true);
    expect((await events(order.id)).map((e) => [e.toStatus, e.reason])).toEqual([
      ['pending', null],
      ['cancelled', null],
    ]);
    const messages = await cancelledMessages(order);
    expect(messages).toHaveLength(2);
    expect(messages[0]!.body).toContain('A refund of $12.00');
  });

  it('a free order (nothing paid) is cancelled with a $0 refund: stock back, payment refunded, the message mentions no refund', async () => {
    const free = await createItem(t.db, { name: 'Staff water', priceCents: 0, stock: 5 });
    const order = await placeOrder(t.app, { items: [{ menu_item_id: free.id, quantity: 1 }] });
    expect(order.total).toBe(0);
    const response = await cancel(order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', refunded_cents: 0, payment: { status: 'refunded' } });
    expect(await refundRows(order.id)).toEqual([expect.objectContaining({ amountCents: 0, processorRefundId: null, reason: 'Order cancelled' })]);
    expect(await itemStock(t.db, free.id)).toBe(5);
    const [sms] = await cancelledMessages(order);
    expect(sms!.body).toMatch(/has been cancelled\.$/);
  });

  it('the refund comes with the cancellation for staff, while a standalone refund stays admin-only; restock only with a cancellation', async () => {
    const item = await createItem(t.db, { priceCents: 900 });
    const order = await placeOrder(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }] });
    expect((await refund(order.id, { full: true, restock: 'return', reason: 'x' }, tokens.staff)).statusCode).toBe(403);
    const restockOnConfirm = await http.patch(`/admin/orders/${order.id}/status`, tokens.staff, { status: 'confirmed', restock: 'return' });
    expect(restockOnConfirm.statusCode).toBe(422);
    expect(restockOnConfirm.json().error).toMatchObject({ message: 'Restock applies only when cancelling an order.', details: { fields: { restock: expect.any(String) } } });
    const badRestock = await cancel(order.id, { restock: 'lost' });
    expect(badRestock.statusCode).toBe(400);
    expect(badRestock.json().error.details.fields).toHaveProperty('restock');
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', refundedCents: 0 });
    // Another restaurant's admin can neither cancel nor refund it.
    expect((await cancel(order.id, {}, tokens.otherAdmin)).statusCode).toBe(403);
    expect(await refundRows(order.id)).toEqual([]);
  });

  it('cancel and refunds at the same time: never more refunded than paid, and the order ends consistent', async () => {
    for (let round = 0; round < 4; round++) {
      const item = await createItem(t.db, { priceCents: 700, stock: 10 });
      const order = await placeOrder(t.app, { items: [{ menu_item_id: item.id, quantity: 3 }] });
      const line = (await http.get(`/admin/orders/${order.id}`, tokens.admin)).json().lines[0].id as number;
      const results = await Promise.all([
        cancel(order.id, { reason: 'race' }),
        round % 2 === 0 ? refund(order.id, { full: true, restock: 'return', reason: 'race' }) : refund(order.id, { lines: [{ order_item_id: line, quantity: 1 }], restock: 'return', reason: 'race' }),
        refund(order.id, { lines: [{ order_item_id: line, quantity: 2 }], restock: 'return', reason: 'race' }),
      ]);
      for (const r of results) expect([200, 201, 409], r.body).toContain(r.statusCode);
      const row = await orderRow(order.id);
      const rows = await refundRows(order.id);
      const sum = rows.reduce((total, r) => total + r.amountCents, 0);
      // Everything paid went back exactly once, whoever won.
      expect(row.refundedCents).toBe(2100);
      expect(sum).toBe(2100);
      expect(await itemStock(t.db, item.id)).toBe(10);
      expect((await paymentRow(order.id)).status).toBe('refunded');
      const cancelled = results[0]!.statusCode === 200;
      expect(row.status).toBe(cancelled ? 'cancelled' : 'refunded');
      const ends = (await events(order.id)).filter((e) => e.toStatus === 'cancelled' || e.toStatus === 'refunded');
      expect(ends).toHaveLength(1);
    }
  });

  describe('through Stripe (a local imitation of its API)', () => {
    let stripeRestaurant: number;
    beforeAll(async () => {
      const [row] = await t.db
        .insert(restaurants)
        .values({ name: 'Kusina Stripe', adminSettings: { payment_gateway: { payment_processor: 'stripe', test_mode: false } } })
        .returning();
      stripeRestaurant = row!.id;
      await openAllDay(t.db, stripeRestaurant);
    });

    async function stripeOrder(priceCents: number, quantity: number, stock: number): Promise<{ order: PlacedOrder; itemId: number }> {
      const item = await createItem(t.db, { restaurantId: stripeRestaurant, priceCents, stock });
      const items = [{ menu_item_id: item.id, quantity }];
      const created = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: stripeRestaurant, items } });
      expect(created.statusCode, created.body).toBe(201);
      stripe.confirm(created.json().payment_intent_id);
      const placed = await request(t.app, {
        method: 'POST',
        url: '/api/v1/orders',
        headers: { 'idempotency-key': newKey() },
        payload: { restaurant_id: stripeRestaurant, items, contact, payment_id: created.json().payment_id },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return { order: placed.json(), itemId: item.id };
    }

    it('cancelling refunds through Stripe for what is left', async () => {
      const { order } = await stripeOrder(1100, 2, 6);
      const before = stripe.requests.filter((r) => r.path === '/v1/refunds').length;
      const response = await cancel(order.id, { reason: 'Closed early' }, tokens.superAdmin);
      expect(response.statusCode, response.body).toBe(200);
      const calls = stripe.requests.filter((r) => r.path === '/v1/refunds').slice(before);
      expect(calls.map((c) => new URLSearchParams(c.body).get('amount'))).toEqual(['2200']);
      expect(response.json()).toMatchObject({ status: 'cancelled', refunded_cents: 2200, payment: { status: 'refunded', processor: 'stripe' } });
      expect(response.json().refunds[0].processor_refund_id).toMatch(/^re_fake_/);
    });

    it('a database failure after Stripe refunded: the cancellation is recorded once, without a second refund at Stripe', async () => {
      const { order } = await stripeOrder(1600, 1, 3);
      await t.pool.query(`CREATE SEQUENCE om_cancel_fail_once;
        CREATE FUNCTION om_cancel_fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF nextval('om_cancel_fail_once') = 1 THEN RAISE EXCEPTION 'simulated database failure'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER om_cancel_fail_once BEFORE INSERT ON refunds FOR EACH ROW EXECUTE FUNCTION om_cancel_fail_once();`);
      try {
        const before = stripe.requests.filter((r) => r.path === '/v1/refunds').length;
        const response = await cancel(order.id, { reason: 'Never picked up' }, tokens.superAdmin);
        expect(response.statusCode, response.body).toBe(200);
        expect(stripe.requests.filter((r) => r.path === '/v1/refunds').slice(before)).toHaveLength(1);
        expect(await refundRows(order.id)).toEqual([expect.objectContaining({ amountCents: 1600, processor: 'stripe', processorRefundId: response.json().refunds[0].processor_refund_id })]);
        expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', refundedCents: 1600 });
        expect((await events(order.id)).filter((e) => e.toStatus === 'cancelled')).toHaveLength(1);
        expect(await cancelledMessages(order)).toHaveLength(2);
      } finally {
        await t.pool.query('DROP TRIGGER om_cancel_fail_once ON refunds; DROP FUNCTION om_cancel_fail_once(); DROP SEQUENCE om_cancel_fail_once;');
      }
    });

    // Last: it stops the imitation of Stripe.
    it('Stripe unreachable: 503, and the order is not cancelled — no refund, totals, lines, stock, events or messages change', async () => {
      const { order, itemId } = await stripeOrder(600, 2, 4);
      await stripe.close();
      const response = await cancel(order.id, { reason: 'Melted' }, tokens.superAdmin);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe('Payment processing is not available');
      expect(await refundRows(order.id)).toEqual([]);
      expect(await orderRow(order.id)).toMatchObject({ status: 'pending', refundedCents: 0, acknowledgedAt: null });
      const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(lines.map((l) => l.refundedQuantity)).toEqual([0]);
      expect(await itemStock(t.db, itemId)).toBe(2);
      expect((await paymentRow(order.id)).status).toBe('captured');
      expect((await events(order.id)).map((e) => e.toStatus)).toEqual(['pending']);
      expect(await cancelledMessages(order)).toEqual([]);
    });
  });
});
