import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, restaurants } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { contact, createItem, itemStock, newKey, openAllDay } from '../orders/test-support.ts';
import { PAYPAL_CLIENT, startFakePayPal, startFakeStripe, type FakePayPal, type FakeStripe } from '../../test/fake-processors.ts';
import { createPayPalProcessor, paypalValue } from './paypal-processor.ts';
import { PaymentDeclinedError } from './processor.ts';
import { selectProcessorName } from './select.ts';
import { createStripeProcessor } from './stripe-processor.ts';
import { TEST_CARDS, testProcessor } from './test-processor.ts';

let stripeFake: FakeStripe;
let paypalFake: FakePayPal;
beforeAll(async () => {
  [stripeFake, paypalFake] = await Promise.all([startFakeStripe(), startFakePayPal()]);
});
afterAll(async () => {
  await Promise.all([stripeFake.close(), paypalFake.close()]);
});

describe('processor selection', () => {
  it('uses the test processor unless test_mode is explicitly false, then the configured one (default paypal)', () => {
    expect(selectProcessorName({})).toBe('test');
    expect(selectProcessorName({ payment_gateway: { payment_processor: 'stripe', test_mode: true } })).toBe('test');
    expect(selectProcessorName({ payment_gateway: { payment_processor: 'stripe', test_mode: false } })).toBe('stripe');
    expect(selectProcessorName({ payment_gateway: { payment_processor: 'paypal', test_mode: false } })).toBe('paypal');
    expect(selectProcessorName({ payment_gateway: { test_mode: false } as never })).toBe('paypal');
  });
});

describe('test processor', () => {
  const ref = { paymentId: 'p1', paymentIntentId: null, transactionId: null, amountCents: 1000 };
  const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123' });
  it('behaves like Stripe test cards and makes unique transaction ids', async () => {
    const a = await testProcessor.authorize({ ...ref, card: card('4242 4242 4242 4242') });
    const b = await testProcessor.authorize({ ...ref, card: card(TEST_CARDS.success) });
    expect(a).toMatchObject({ outcome: 'authorized', cardBrand: 'visa', cardLast4: '4242' });
    expect(a.outcome === 'authorized' && b.outcome === 'authorized' && a.transactionId !== b.transactionId).toBe(true);
    expect(await testProcessor.authorize({ ...ref, card: card(TEST_CARDS.declined) })).toMatchObject({ outcome: 'declined', message: 'Your card was declined.' });
    expect(await testProcessor.authorize({ ...ref, card: card(TEST_CARDS.insufficientFunds) })).toMatchObject({ outcome: 'declined', message: 'Your card has insufficient funds.' });
    await expect(testProcessor.capture({ ...ref, transactionId: 'test_txn_1', cardLast4: '0341' })).rejects.toBeInstanceOf(PaymentDeclinedError);
    expect(await testProcessor.capture({ ...ref, transactionId: 'test_txn_1', cardLast4: '4242' })).toEqual({ transactionId: 'test_txn_1' });
  });
});

describe('Stripe processor (against a local imitation of the API)', () => {
  const stripe = () => createStripeProcessor({ secretKey: 'sk_test_fake', apiBase: stripeFake.url });

  it('creates a manual-capture PaymentIntent for the amount, idempotently', async () => {
    const begun = await stripe().begin({ paymentId: 'pay-1', amountCents: 2599, description: 'Kusina pickup order' });
    expect(begun).toMatchObject({ paymentIntentId: expect.stringMatching(/^pi_fake_/), clientSecret: expect.stringContaining('_secret_'), paymentMethod: 'credit_card' });
    const created = stripeFake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    const form = new URLSearchParams(created!.body);
    expect(form.get('amount')).toBe('2599');
    expect(form.get('currency')).toBe('usd');
    expect(form.get('capture_method')).toBe('manual');
    expect(form.get('metadata[payment_id]')).toBe('pay-1');
    expect(created!.headers['idempotency-key']).toBe('kusina-payment-pay-1');
    const again = await stripe().begin({ paymentId: 'pay-1', amountCents: 2599, description: 'Kusina pickup order' });
    expect(again.paymentIntentId).toBe(begun.paymentIntentId);
  });

  it('authorizes only a confirmed intent for exactly the amount, then captures, cancels and refunds', async () => {
    const processor = stripe();
    const begun = await processor.begin({ paymentId: 'pay-2', amountCents: 1500, description: 'x' });
    const ref = { paymentId: 'pay-2', paymentIntentId: begun.paymentIntentId, transactionId: null };
    expect(await processor.authorize({ ...ref, amountCents: 1500 })).toEqual({ outcome: 'pending' });
    stripeFake.confirm(begun.paymentIntentId!, 'declined');
    expect(await processor.authorize({ ...ref, amountCents: 1500 })).toEqual({ outcome: 'declined', message: 'Your card was declined.' });
    stripeFake.confirm(begun.paymentIntentId!);
    expect(await processor.authorize({ ...ref, amountCents: 1400 })).toMatchObject({ outcome: 'declined' });
    expect(await processor.authorize({ ...ref, amountCents: 1500 })).toEqual({ outcome: 'authorized', transactionId: begun.paymentIntentId });
    await expect(processor.authorize({ ...ref, paymentId: 'someone-else', amountCents: 1500 })).rejects.toThrow(/another payment/);

    expect(await processor.capture({ ...ref, amountCents: 1500 })).toEqual({ transactionId: begun.paymentIntentId });
    expect(stripeFake.intents.get(begun.paymentIntentId!)).toMatchObject({ status: 'succeeded', amount_received: 1500 });
    expect((await processor.refund({ ...ref, amountCents: 1500 })).refundId).toMatch(/^re_fake_/);

    const other = await processor.begin({ paymentId: 'pay-3', amountCents: 900, description: 'x' });
    stripeFake.confirm(other.paymentIntentId!);
    await processor.void({ paymentId: 'pay-3', paymentIntentId: other.paymentIntentId, transactionId: null });
    expect(stripeFake.intents.get(other.paymentIntentId!)!.status).toBe('canceled');
  });

  it('turns a declined capture into PaymentDeclinedError', async () => {
    const processor = stripe();
    const begun = await processor.begin({ paymentId: 'pay-4', amountCents: 700, description: 'x' });
    stripeFake.confirm(begun.paymentIntentId!);
    stripeFake.declineCaptures = true;
    try {
      await expect(processor.capture({ paymentId: 'pay-4', paymentIntentId: begun.paymentIntentId, transactionId: null, amountCents: 700 })).rejects.toThrow(
        new PaymentDeclinedError('Your card was declined.'),
      );
    } finally {
      stripeFake.declineCaptures = false;
    }
  });
});

describe('PayPal processor (against a local imitation of Orders v2)', () => {
  const paypal = () => createPayPalProcessor({ clientId: PAYPAL_CLIENT.id, clientSecret: PAYPAL_CLIENT.secret, apiBase: paypalFake.url });

  it('formats amounts as PayPal wants them', () => {
    expect([paypalValue(1), paypalValue(1250), paypalValue(100000)]).toEqual(['0.01', '12.50', '1000.00']);
  });

  it('creates an AUTHORIZE order, authorizes it once approved, captures, voids and refunds', async () => {
    const processor = paypal();
    const begun = await processor.begin({ paymentId: 'pp-1', amountCents: 3275, description: 'Kusina pickup order' });
    expect(begun).toMatchObject({ paymentIntentId: expect.stringMatching(/^PPORDER/), paypalOrderId: begun.paymentIntentId, paymentMethod: 'paypal' });
    const order = paypalFake.orders.get(begun.paymentIntentId!)!;
    expect(order).toMatchObject({ intent: 'AUTHORIZE', purchase_units: [{ custom_id: 'pp-1', amount: { currency_code: 'USD', value: '32.75' } }] });
    const created = paypalFake.requests.find((r) => r.method === 'POST' && r.path === '/v2/checkout/orders');
    expect(created!.headers['paypal-request-id']).toBe('kusina-order-pp-1');

    const ref = { paymentId: 'pp-1', paymentIntentId: begun.paymentIntentId, transactionId: null };
    expect(await processor.authorize({ ...ref, amountCents: 3275 })).toEqual({ outcome: 'pending' });
    paypalFake.approve(begun.paymentIntentId!);
    expect(await processor.authorize({ ...ref, amountCents: 9999 })).toMatchObject({ outcome: 'declined' });
    const authorized = await processor.authorize({ ...ref, amountCents: 3275 });
    expect(authorized).toEqual({ outcome: 'authorized', transactionId: expect.stringMatching(/^AUTH/) });
    const authorizationId = authorized.outcome === 'authorized' ? authorized.transactionId : '';

    const captured = await processor.capture({ ...ref, transactionId: authorizationId, amountCents: 3275 });
    expect(paypalFake.captures.get(captured.transactionId)).toEqual({ authorizationId, value: '32.75' });
    expect((await processor.refund({ ...ref, transactionId: captured.transactionId, amountCents: 3275 })).refundId).toMatch(/^REFUND/);
    await processor.void({ ...ref, transactionId: authorizationId });
    expect(paypalFake.voided.has(authorizationId)).toBe(true);
    // One token for all of it.
    expect(paypalFake.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('reports a declined capture and refuses wrong credentials', async () => {
    paypalFake.declineCaptures = true;
    try {
      await expect(paypal().capture({ paymentId: 'pp-2', paymentIntentId: 'X', transactionId: 'AUTH1', amountCents: 100 })).rejects.toThrow(
        new PaymentDeclinedError('The instrument presented was declined.'),
      );
    } finally {
      paypalFake.declineCaptures = false;
    }
    const wrong = createPayPalProcessor({ clientId: 'nope', clientSecret: 'nope', apiBase: paypalFake.url });
    await expect(wrong.begin({ paymentId: 'pp-3', amountCents: 100, description: 'x' })).rejects.toThrow(/token request failed/);
  });
});

describe('live processors through the API', () => {
  let t: TestContext;
  const webhookSecret = 'whsec_test_secret';
  beforeAll(async () => {
    t = await build({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_API_BASE: stripeFake.url,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      PAYPAL_CLIENT_ID: PAYPAL_CLIENT.id,
      PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT.secret,
      PAYPAL_API_BASE: paypalFake.url,
    });
    await openAllDay(t.db);
  });
  afterAll(() => t.close());

  const useGateway = (payment_processor: 'stripe' | 'paypal') =>
    t.db.update(restaurants).set({ adminSettings: { payment_gateway: { payment_processor, test_mode: false } } }).where(eq(restaurants.id, 1));
  const order = (paymentId: string, items: unknown[]) =>
    request(t.app, { method: 'POST', url: '/api/v1/orders', headers: { 'idempotency-key': newKey() }, payload: { restaurant_id: 1, items, contact, payment_id: paymentId } });

  it('Stripe: the intent is for the server total; the order checks it with Stripe and captures it', async () => {
    await useGateway('stripe');
    const item = await createItem(t.db, { priceCents: 1850, stock: 5 });
    const items = [{ menu_item_id: item.id, quantity: 2 }];
    const created = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items, total: 1 } });
    expect(created.statusCode, created.body).toBe(201);
    const payment = created.json();
    expect(payment).toMatchObject({ processor: 'stripe', amount_cents: 3700, client_secret: expect.any(String), payment_intent_id: expect.any(String) });
    expect(stripeFake.intents.get(payment.payment_intent_id)!.amount).toBe(3700);

    // Not confirmed in the browser yet: no order.
    expect((await order(payment.payment_id, items)).statusCode).toBe(409);
    // The test-card route is not for live payments.
    expect((await request(t.app, { method: 'POST', url: `/api/v1/payments/${payment.payment_id}/confirm`, payload: { card: { number: '4242424242424242', exp_month: 1, exp_year: 2099, cvc: '123' } } })).statusCode).toBe(409);

    stripeFake.confirm(payment.payment_intent_id);
    const placed = await order(payment.payment_id, items);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: 37, payment: { status: 'captured', processor: 'stripe', payment_intent_id: payment.payment_intent_id } });
    expect(stripeFake.intents.get(payment.payment_intent_id)).toMatchObject({ status: 'succeeded', amount_received: 3700 });
    expect(await itemStock(t.db, item.id)).toBe(3);
  });

  it('Stripe: a declined capture leaves no order, no stock change, and cancels the hold', async () => {
    await useGateway('stripe');
    const item = await createItem(t.db, { priceCents: 1000, stock: 5 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    const payment = (await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items } })).json();
    stripeFake.confirm(payment.payment_intent_id);
    stripeFake.declineCaptures = true;
    try {
      const placed = await order(payment.payment_id, items);
      expect(placed.statusCode).toBe(402);
      expect(placed.json().error.message).toBe('Your card was declined.');
    } finally {
      stripeFake.declineCaptures = false;
    }
    expect(await itemStock(t.db, item.id)).toBe(5);
    expect(stripeFake.intents.get(payment.payment_intent_id)!.status).toBe('canceled');
    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.payment_id));
    expect(row).toMatchObject({ status: 'voided', orderId: null });
  });

  it('Stripe webhook: verifies the signature on the raw body and records the authorization', async () => {
    await useGateway('stripe');
    const item = await createItem(t.db, { priceCents: 1200 });
    const payment = (await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items: [{ menu_item_id: item.id, quantity: 1 }] } })).json();
    stripeFake.confirm(payment.payment_intent_id);
    const event = {
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: stripeFake.intents.get(payment.payment_intent_id) },
    };
    const payload = JSON.stringify(event, null, 2);
    const post = (signature: string, body = payload) =>
      request(t.app, { method: 'POST', url: '/api/v1/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: body });

    const forged = await post(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(forged.statusCode).toBe(400);
    // Re-serialised JSON (what a parsed-then-stringified body would be) does not verify either.
    const reserialised = await post(Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }), JSON.stringify(event));
    expect(reserialised.statusCode).toBe(400);
    let [row] = await t.db.select().from(payments).where(eq(payments.id, payment.payment_id));
    expect(row!.status).toBe('requires_confirmation');

    const ok = await post(Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true });
    [row] = await t.db.select().from(payments).where(eq(payments.id, payment.payment_id));
    expect(row).toMatchObject({ status: 'authorized', transactionId: payment.payment_intent_id });
  });

  it('PayPal: the order is for the server total; placing it authorizes and captures with PayPal', async () => {
    await useGateway('paypal');
    const item = await createItem(t.db, { priceCents: 995, stock: 3 });
    const items = [{ menu_item_id: item.id, quantity: 3 }];
    const payment = (await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items } })).json();
    expect(payment).toMatchObject({ processor: 'paypal', amount_cents: 2985, paypal_order_id: expect.stringMatching(/^PPORDER/) });
    expect(paypalFake.orders.get(payment.paypal_order_id)!.purchase_units[0]!.amount.value).toBe('29.85');

    expect((await order(payment.payment_id, items)).statusCode).toBe(409);
    paypalFake.approve(payment.paypal_order_id);
    const placed = await order(payment.payment_id, items);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: 29.85, payment: { status: 'captured', processor: 'paypal', payment_method: 'paypal', transaction_id: expect.stringMatching(/^CAPTURE/) } });
    expect(await itemStock(t.db, item.id)).toBe(0);
  });
});
