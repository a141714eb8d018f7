import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments, restaurants, wholesaleItems, wholesaleOrders } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { PAYPAL_CLIENT, startFakePayPal, startFakeStripe, type FakePayPal, type FakeStripe } from '../../test/fake-processors.ts';
import { createTestFundraiser, placeOrder, type Line, type TestFundraiser } from './test-support.ts';

/**
 * Fundraiser orders paid through the storefront's live processors, against the local imitations of
 * Stripe's and PayPal's APIs: the payment is opened for the server's total, the browser's part
 * (Stripe.js confirming the card, the PayPal buttons' approval) is done on the imitation, and POST
 * /wholesale/orders checks the authorization with the processor and captures it.
 */
describe('wholesale checkout through Stripe and PayPal', () => {
  let t: TestContext;
  let stripe: FakeStripe;
  let paypal: FakePayPal;
  let shop: TestFundraiser;

  beforeAll(async () => {
    [stripe, paypal] = await Promise.all([startFakeStripe(), startFakePayPal()]);
    t = await build({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID: PAYPAL_CLIENT.id,
      PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT.secret,
      PAYPAL_API_BASE: paypal.url,
    });
    shop = await createTestFundraiser(t.db, {
      participants: [{ name: 'Ana', goalCents: 50000 }],
      items: [
        { name: 'Plain', priceCents: 1250 },
        { name: 'Counted', priceCents: 800, mode: 'item', stock: 10 },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([stripe.close(), paypal.close()]);
  });

  const useGateway = (payment_processor: 'stripe' | 'paypal') =>
    t.db.update(restaurants).set({ adminSettings: { payment_gateway: { payment_processor, test_mode: false } } }).where(eq(restaurants.id, 1));
  beforeEach(async () => {
    stripe.declineCaptures = false;
    paypal.declineCaptures = false;
  });

  const item = (name: string) => shop.items.find((i) => i.name === name)!;
  const line = (name: string, quantity: number): Line => ({ item_id: item(name).id, fundraiser_id: shop.fundraiserId, quantity });
  const open = (lines: Line[]) => request(t.app, { method: 'POST', url: '/api/v1/wholesale/payments', payload: { fundraiser_id: shop.fundraiserId, cart_items: lines } });
  const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const stockOf = async (id: number) => (await t.db.select().from(wholesaleItems).where(eq(wholesaleItems.id, id)))[0]!.stockQuantity;

  it('Stripe: the PaymentIntent is for the server total; the order checks it with Stripe, captures it, and replays', async () => {
    await useGateway('stripe');
    const lines = [line('Plain', 2), line('Counted', 1)];
    const opened = await open(lines);
    expect(opened.statusCode, opened.body).toBe(201);
    const payment = opened.json().data;
    expect(payment).toMatchObject({ processor: 'stripe', amount_cents: 3300, amount: 33, client_secret: expect.stringContaining('_secret_'), payment_intent_id: expect.stringMatching(/^pi_fake_/) });
    expect(stripe.intents.get(payment.payment_intent_id)).toMatchObject({ amount: 3300, currency: 'usd', capture_method: 'manual', metadata: { payment_id: payment.payment_id } });

    // Not confirmed in the browser yet: no order, nothing taken.
    const early = await placeOrder(t.app, payment.payment_id, shop.fundraiserId, lines);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Payment has not been completed. Please pay before placing the order.');
    expect(await stockOf(item('Counted').id)).toBe(10);
    // The test-card route never pays a live payment.
    const testCard = await request(t.app, { method: 'POST', url: `/api/v1/payments/${payment.payment_id}/confirm`, payload: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' } } });
    expect(testCard.statusCode).toBe(409);

    stripe.confirm(payment.payment_intent_id);
    const key = `stripe-${payment.payment_id}`;
    const placed = await placeOrder(t.app, payment.payment_id, shop.fundraiserId, lines, { key, participantId: shop.participants[0]!.id });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data.order;
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', totalCents: 3300, participant: { name: 'Ana' } });
    expect(stripe.intents.get(payment.payment_intent_id)).toMatchObject({ status: 'succeeded', amount_received: 3300 });
    expect(await paymentRow(payment.payment_id)).toMatchObject({ status: 'captured', processor: 'stripe', wholesaleOrderId: order.id, amountCents: 3300 });
    expect(await stockOf(item('Counted').id)).toBe(9);

    // Idempotent: the same key (or the same payment) answers the same order, captured once.
    const captures = () => stripe.requests.filter((r) => r.path === `/v1/payment_intents/${payment.payment_intent_id}/capture`).length;
    const before = captures();
    const again = await placeOrder(t.app, payment.payment_id, shop.fundraiserId, lines, { key });
    const samePayment = await placeOrder(t.app, payment.payment_id, shop.fundraiserId, lines);
    expect([again.statusCode, samePayment.statusCode]).toEqual([200, 200]);
    expect([again.json().data.order.id, samePayment.json().data.order.id]).toEqual([order.id, order.id]);
    expect(captures()).toBe(before);
    expect(await t.db.select().from(wholesaleOrders).where(eq(wholesaleOrders.idempotencyKey, key))).toHaveLength(1);
  });

  it('Stripe: a payment for a smaller cart never pays a bigger one; the hold is cancelled at Stripe', async () => {
    await useGateway('stripe');
    const small = [line('Plain', 1)];
    const payment = (await open(small)).json().data;
    stripe.confirm(payment.payment_intent_id);
    const bigger = await placeOrder(t.app, payment.payment_id, shop.fundraiserId, [line('Plain', 3)]);
    expect(bigger.statusCode).toBe(409);
    expect(bigger.json().message).toBe('Payment amount does not match the order total');
    expect(bigger.json().error.details).toMatchObject({ payment_amount_cents: 1250, order_total_cents: 3750 });
    expect(await paymentRow(payment.payment_id)).toMatchObject({ status: 'voided', wholesaleOrderId: null });
    expect(stripe.intents.get(payment.payment_intent_id)!.status).toBe('canceled');
    expect(stripe.requests.some((r) => r.path === `/v1/payment_intents/${payment.payment_intent_id}/capture`)).toBe(false);
  });

  it('Stripe: an intent whose authorized amount differs from the payment is refused (402), nothing written', async () => {
    await useGateway('stripe');
    const lines = [line('Counted', 2)];
    const payment = (await open(lines)).json().data;
    stripe.confirm(payment.payment_intent_id);
    // As if the intent had been altered to hold less than the server's total.
    Object.assign(stripe.intents.get(payment.payment_intent_id)!, { amount: 100, amount_capturable: 100 });
    const stockBefore = await stockOf(item('Counted').id);
    const placed = await placeOrder(t.app, payment.payment_id, shop.fundraiserId, lines);
    expect(placed.statusCode).toBe(402);
    expect(placed.json().message).toBe('The authorized amount does not match the order total.');
    expect(await paymentRow(payment.payment_id)).toMatchObject({ status: 'failed', wholesaleOrderId: null });
    expect(await stockOf(item('Counted').id)).toBe(stockBefore);
  });

  it('Stripe: a declined capture leaves no order and no stock change', async () => {
    await useGateway('stripe');
    const lines = [line('Counted', 1)];
    const payment = (await open(lines)).json().data;
    stripe.confirm(payment.payment_intent_id);
    const stockBefore = await stockOf(item('Counted').id);
    const ordersBefore = (await t.db.select().from(wholesaleOrders)).length;
    stripe.declineCaptures = true;
    const placed = await placeOrder(t.app, payment.payment_id, shop.fundraiserId, lines);
    expect(placed.statusCode).toBe(402);
    expect(placed.json().message).toBe('Your card was declined.');
    expect(await stockOf(item('Counted').id)).toBe(stockBefore);
    expect((await t.db.select().from(wholesaleOrders)).length).toBe(ordersBefore);
    // The hold is released, as the storefront's orders do: a retry opens a new payment.
    expect(await paymentRow(payment.payment_id)).toMatchObject({ status: 'voided', wholesaleOrderId: null });
    expect(stripe.intents.get(payment.payment_intent_id)!.status).toBe('canceled');
  });

  it('refunds a capture whose order could not be saved', async () => {
    await useGateway('stripe');
    const lines = [line('Plain', 1)];
    const payment = (await open(lines)).json().data;
    stripe.confirm(payment.payment_intent_id);
    const ordersBefore = (await t.db.select().from(wholesaleOrders)).length;
    // The order's last write (the payment row) fails after Stripe captured the money.
    await t.pool.query(`CREATE OR REPLACE FUNCTION test_refuse_capture() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$`);
    await t.pool.query(`CREATE TRIGGER test_refuse_capture BEFORE UPDATE ON payments FOR EACH ROW WHEN (NEW.status = 'captured') EXECUTE FUNCTION test_refuse_capture()`);
    try {
      const placed = await placeOrder(t.app, payment.payment_id, shop.fundraiserId, lines);
      expect(placed.statusCode).toBe(500);
    } finally {
      await t.pool.query('DROP TRIGGER test_refuse_capture ON payments');
    }
    expect((await t.db.select().from(wholesaleOrders)).length).toBe(ordersBefore);
    expect(stripe.intents.get(payment.payment_intent_id)!.status).toBe('succeeded');
    expect(stripe.requests.some((r) => r.path === '/v1/refunds' && new URLSearchParams(r.body).get('payment_intent') === payment.payment_intent_id)).toBe(true);
    expect(await paymentRow(payment.payment_id)).toMatchObject({ status: 'refunded', wholesaleOrderId: null });
  });

  it('PayPal: the order is for the server total; placing it authorizes and captures with PayPal; cancel refunds', async () => {
    await useGateway('paypal');
    const lines = [line('Plain', 1), line('Counted', 2)];
    const opened = await open(lines);
    expect(opened.statusCode, opened.body).toBe(201);
    const payment = opened.json().data;
    expect(payment).toMatchObject({ processor: 'paypal', amount_cents: 2850, paypal_order_id: expect.stringMatching(/^PPORDER/) });
    expect(paypal.orders.get(payment.paypal_order_id)!.purchase_units[0]).toMatchObject({ custom_id: payment.payment_id, amount: { currency_code: 'USD', value: '28.50' } });

    // Not approved by the payer yet.
    expect((await placeOrder(t.app, payment.payment_id, shop.fundraiserId, lines)).statusCode).toBe(409);
    paypal.approve(payment.paypal_order_id);
    const placed = await placeOrder(t.app, payment.payment_id, shop.fundraiserId, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data.order;
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', totalCents: 2850 });
    const row = await paymentRow(payment.payment_id);
    expect(row).toMatchObject({ status: 'captured', processor: 'paypal', paymentMethod: 'paypal', wholesaleOrderId: order.id });
    expect(paypal.captures.get(row.transactionId!)).toMatchObject({ value: '28.50' });

    const cancelled = await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${order.id}/cancel?token=${order.access_token}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(paypal.requests.some((r) => r.path === `/v2/payments/captures/${row.transactionId}/refund`)).toBe(true);
  });

  it('PayPal: a payment for a smaller cart never pays a bigger one; the authorization is voided', async () => {
    await useGateway('paypal');
    const payment = (await open([line('Plain', 1)])).json().data;
    paypal.approve(payment.paypal_order_id);
    const bigger = await placeOrder(t.app, payment.payment_id, shop.fundraiserId, [line('Plain', 2)]);
    expect(bigger.statusCode).toBe(409);
    expect(bigger.json().message).toBe('Payment amount does not match the order total');
    const row = await paymentRow(payment.payment_id);
    expect(row).toMatchObject({ status: 'voided', wholesaleOrderId: null });
    expect(paypal.voided.has(row.transactionId!)).toBe(true);
    expect(paypal.captures.size).toBeGreaterThan(0);
    expect([...paypal.captures.values()].some((c) => c.authorizationId === row.transactionId)).toBe(false);
  });

  it('answers 503 with the storefront words when the processor is not configured', async () => {
    const bare = await build();
    try {
      await bare.db.update(restaurants).set({ adminSettings: { payment_gateway: { payment_processor: 'stripe', test_mode: false } } }).where(eq(restaurants.id, 1));
      const other = await createTestFundraiser(bare.db, { items: [{ name: 'X', priceCents: 500 }] });
      const before = (await bare.db.select().from(payments)).length;
      const response = await request(bare.app, { method: 'POST', url: '/api/v1/wholesale/payments', payload: { fundraiser_id: other.fundraiserId, cart_items: [{ item_id: other.items[0]!.id, quantity: 1 }] } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'PAYMENT_UNAVAILABLE' } });
      expect(await bare.db.select().from(payments)).toHaveLength(before);
    } finally {
      await bare.close();
    }
  });
});
