import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutMessages } from '@kusina/domain/checkout';
import { PromotionMessages } from '@kusina/domain/promotions';
import { notifications, orders, orderStatusEvents, payments, promoCodes, restaurants } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { TEST_CARDS } from '../payments/test-processor.ts';
import { card, checkout, contact, createItem, itemStock, newKey, optionStock, pay, placeOrder, openAllDay } from './test-support.ts';
import { tokenFor } from '../../test/build.ts';

describe('checkout: quote, payment and order', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000', PUBLIC_URL: 'https://order.kusina.test' });
    await openAllDay(t.db);
  });
  afterAll(() => t.close());

  const quote = (payload: Record<string, unknown>) => request(t.app, { method: 'POST', url: '/api/v1/checkout/quote', payload: { restaurant_id: 1, ...payload } });

  describe('pricing (the server is the truth)', () => {
    it('charges the cheapest options when some are free, and $2 for an option without a price', async () => {
      const plate = await createItem(t.db, {
        priceCents: 1500,
        groups: [
          { name: 'Sides', min: 0, max: 3, free: 1, options: [{ name: 'Mac salad', price: 300 }, { name: 'Rice', price: 100 }, { name: 'Kimchi', price: 250 }] },
          { name: 'Sauce', min: 0, max: 2, options: [{ name: 'Finadene', price: null }, { name: 'Shoyu', price: 50 }] },
        ],
      });
      const [sides, sauce] = plate.groups;
      const response = await quote({
        items: [
          {
            menu_item_id: plate.id,
            quantity: 2,
            selected_options: { [sides!.id]: sides!.options.map((o) => o.id), [sauce!.id]: [sauce!.options[0]!.id] },
            notes: 'extra crispy',
          },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      // Mac salad ($3) is the free one; Rice $1 + Kimchi $2.50 + Finadene (no price → $2) are charged.
      expect(body.items[0]).toMatchObject({
        unit_price_cents: 1500 + 100 + 250 + 200,
        line_total_cents: 2 * 2050,
        line_total: 41,
        customizations: { Sides: ['Mac salad', 'Rice', 'Kimchi'], Sauce: ['Finadene'] },
        notes: 'extra crispy',
      });
      expect(body).toMatchObject({ subtotal_cents: 4100, discount_cents: 0, total_cents: 4100, total: 41, issues: [] });
      expect(body).toMatchObject({ requires_advance_notice: false, max_advance_notice_hours: null, pickup_estimate: '20-25 minutes' });
    });

    it('applies percent and amount promos to the subtotal, and 24 h notice items change the estimate', async () => {
      const tray = await createItem(t.db, { priceCents: 4995, advanceNoticeHours: 24 });
      const items = [{ menu_item_id: tray.id, quantity: 1 }];
      const percent = (await quote({ items, promo_code: 'aloha10' })).json();
      expect(percent).toMatchObject({ subtotal_cents: 4995, discount_cents: 500, total_cents: 4495, promo_code: 'ALOHA10' });
      const amount = (await quote({ items, promo_code: 'HAFA5' })).json();
      expect(amount).toMatchObject({ discount_cents: 500, total_cents: 4495, discount: 5, total: 44.95 });
      expect(amount).toMatchObject({ requires_advance_notice: true, max_advance_notice_hours: 24, pickup_estimate: '24 hours' });

      const cheap = await createItem(t.db, { priceCents: 300 });
      const capped = (await quote({ items: [{ menu_item_id: cheap.id, quantity: 1 }], promo_code: 'HAFA5' })).json();
      expect(capped).toMatchObject({ subtotal_cents: 300, discount_cents: 300, total_cents: 0 });
    });

    it('refuses an expired, used-up or unknown promo with the spec message', async () => {
      const item = await createItem(t.db, { priceCents: 1000 });
      for (const code of ['SUMMER25', 'WELCOME', 'NOPE']) {
        const response = await quote({ items: [{ menu_item_id: item.id, quantity: 1 }], promo_code: code });
        expect(response.statusCode).toBe(422);
        expect(response.json().error.message).toBe(PromotionMessages.invalidPromo);
      }
    });

    it('ignores prices and totals the client sends', async () => {
      const item = await createItem(t.db, { priceCents: 1250 });
      const response = await quote({ items: [{ menu_item_id: item.id, quantity: 2, price: 1, unit_price_cents: 1 }], total: 0.01, total_cents: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ total_cents: 2500 });
    });

    it("does not sell another restaurant's item", async () => {
      const other = await createItem(t.db, { restaurantId: 2, priceCents: 1000 });
      const body = (await quote({ items: [{ menu_item_id: other.id, quantity: 1 }] })).json();
      expect(body.issues).toEqual([{ line: 0, menu_item_id: other.id, code: 'not_found', message: CheckoutMessages.itemNotFound }]);
    });
  });

  describe('issues (storefront.md §5, §8)', () => {
    it('lists out of stock, switched off, required options unavailable, unavailable today and selection errors', async () => {
      const soldOut = await createItem(t.db, { priceCents: 800, stock: 2, damaged: 2 });
      const off = await createItem(t.db, { priceCents: 800, available: false });
      const fish = await createItem(t.db, {
        priceCents: 1800,
        groups: [{ name: 'Catch', min: 1, max: 1, tracked: true, options: [{ name: 'Mahi', stock: 0 }, { name: 'Ono', available: false, stock: 5 }] }],
      });
      const ended = await createItem(t.db, { priceCents: 900, availableUntil: '2020-01-01' });
      const picky = await createItem(t.db, { priceCents: 1000, groups: [{ name: 'Protein', min: 1, max: 1, options: [{ name: 'Chicken' }, { name: 'Beef' }] }] });
      const response = await quote({
        items: [
          { menu_item_id: soldOut.id, quantity: 1 },
          { menu_item_id: off.id, quantity: 1 },
          { menu_item_id: fish.id, quantity: 1 },
          { menu_item_id: ended.id, quantity: 1 },
          { menu_item_id: picky.id, quantity: 1 },
        ],
      });
      expect(response.statusCode).toBe(200);
      const issues = response.json().issues.map((i: { line: number; code: string; message: string }) => [i.line, i.code, i.message]);
      expect(issues).toEqual([
        [0, 'out_of_stock', 'Sorry, this item is out of stock.'],
        [1, 'out_of_stock', 'Sorry, this item is out of stock.'],
        [2, 'required_options_unavailable', 'Sorry, this item has required options that are currently unavailable.'],
        [2, 'invalid_selection', 'Please select at least 1 option(s).'],
        [3, 'unavailable_today', `${ended.name} is not available today.`],
        [4, 'invalid_selection', 'Please select at least 1 option(s).'],
      ]);
    });

    it('counts the same item and the same option across lines against their stock', async () => {
      const musubi = await createItem(t.db, { name: 'Spam Musubi', priceCents: 400, stock: 5 });
      const bowl = await createItem(t.db, {
        name: 'Poke Bowl',
        priceCents: 1400,
        groups: [{ name: 'Add-ons', min: 0, max: 2, tracked: true, options: [{ name: 'Extra Ahi', price: 500, stock: 3 }, { name: 'Egg', price: 100, stock: 50 }] }],
      });
      const addOns = bowl.groups[0]!;
      const ahi = addOns.options[0]!.id;
      const response = await quote({
        items: [
          { menu_item_id: musubi.id, quantity: 3 },
          { menu_item_id: bowl.id, quantity: 2, selected_options: { [addOns.id]: [ahi] } },
          { menu_item_id: musubi.id, quantity: 3 },
          { menu_item_id: bowl.id, quantity: 2, selected_options: { [addOns.id]: [ahi] } },
        ],
      });
      expect(response.json().issues).toEqual([
        { line: 2, menu_item_id: musubi.id, code: 'insufficient_stock', message: 'Cannot add more Spam Musubi. Only 5 available in stock.' },
        { line: 3, menu_item_id: bowl.id, option_id: ahi, code: 'insufficient_stock', message: 'Cannot add more Extra Ahi. Only 3 available in stock.' },
      ]);
    });

    it('refuses to open a payment for a cart with issues (409 with the list)', async () => {
      const item = await createItem(t.db, { priceCents: 500, stock: 1 });
      const response = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items: [{ menu_item_id: item.id, quantity: 2 }] } });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'CONFLICT', details: { issues: [{ code: 'insufficient_stock' }] } });
    });
  });

  describe('placing an order', () => {
    it('places a paid order: stock down, promo counted, order and payment linked, messages queued', async () => {
      const bowl = await createItem(t.db, {
        name: 'Loco Moco',
        priceCents: 1600,
        stock: 10,
        groups: [{ name: 'Egg', min: 1, max: 1, tracked: true, options: [{ name: 'Fried egg', price: 150, stock: 4 }, { name: 'No egg', price: 0, stock: 100 }] }],
      });
      const egg = bowl.groups[0]!;
      const items = [{ menu_item_id: bowl.id, quantity: 2, selected_options: { [egg.id]: [egg.options[0]!.id] }, notes: 'gravy on the side' }];
      const [before] = await t.db.select().from(promoCodes).where(and(eq(promoCodes.code, 'ALOHA10'), eq(promoCodes.restaurantId, 1)));

      const response = await checkout(t.app, { items, promo_code: 'ALOHA10', extra: { special_instructions: 'Call when ready' } });
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json();
      expect(order.order_number).toMatch(/^K-\d{5,}$/);
      expect(order).toMatchObject({
        status: 'pending',
        items: [{ name: 'Loco Moco', price: 17.5, quantity: 2, customizations: { Egg: ['Fried egg'] }, notes: 'gravy on the side' }],
        merchandise_items: [],
        food_subtotal: 35,
        merchandise_subtotal: 0,
        subtotal: 35,
        discount: 3.5,
        total: 31.5,
        promo_code: 'ALOHA10',
        contact_name: contact.name,
        contact_phone: contact.phone,
        contact_email: contact.email,
        special_instructions: 'Call when ready',
        is_staff_order: false,
        staff_member_name: null,
        location_name: 'Kusina',
        location_address: '1000 Marine Corps Dr, Tamuning, GU 96913',
        requires_advance_notice: false,
        payment: { status: 'captured', processor: 'test', payment_method: 'credit_card', notes: 'visa ending 4242' },
      });
      expect(order.payment.transaction_id).toMatch(/^test_txn_[0-9a-f]{24}$/);
      expect(order.access_token).toEqual(expect.any(String));
      expect(new Date(order.estimated_pickup_time).getTime() - new Date(order.created_at).getTime()).toBe(25 * 60_000);

      expect(await itemStock(t.db, bowl.id)).toBe(8);
      expect(await optionStock(t.db, egg.options[0]!.id)).toBe(2);
      expect(await optionStock(t.db, egg.options[1]!.id)).toBe(100);
      const [after] = await t.db.select().from(promoCodes).where(and(eq(promoCodes.code, 'ALOHA10'), eq(promoCodes.restaurantId, 1)));
      expect(after!.currentUses).toBe(before!.currentUses + 1);

      const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment).toMatchObject({ status: 'captured', amountCents: 3150, cardLast4: '4242' });
      const events = await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, order.id));
      expect(events).toMatchObject([{ fromStatus: null, toStatus: 'pending' }]);

      const messages = await t.db.select().from(notifications).where(eq(notifications.template, 'order_confirmation'));
      const mine = messages.filter((m) => m.body.includes(order.order_number));
      expect(mine.map((m) => [m.channel, m.recipient]).sort()).toEqual([
        ['email', contact.email],
        ['sms', contact.phone],
      ]);
      expect(mine[0]!.body).toContain(`https://order.kusina.test/order-confirmation/${order.id}?token=${order.access_token}`);
      expect(mine[0]!.body).toContain('20-25 minutes');
    });

    it('a declined card leaves no order and no stock change; the payment is recorded as failed', async () => {
      const item = await createItem(t.db, { priceCents: 700, stock: 3 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const ordersBefore = (await t.db.select().from(orders)).length;
      for (const [number, message] of [
        [TEST_CARDS.declined, 'Your card was declined.'],
        [TEST_CARDS.insufficientFunds, 'Your card has insufficient funds.'],
      ] as const) {
        const created = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items } });
        const paymentId = created.json().payment_id;
        const confirm = await request(t.app, { method: 'POST', url: `/api/v1/payments/${paymentId}/confirm`, payload: { card: card(number) } });
        expect(confirm.statusCode).toBe(402);
        expect(confirm.json().error).toEqual({ code: 'PAYMENT_FAILED', message });
        const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
        expect(row).toMatchObject({ status: 'failed', failureMessage: message, cardLast4: number.slice(-4) });
        expect(JSON.stringify(row)).not.toContain(number);

        const order = await placeOrder(t.app, paymentId, { items });
        expect(order.statusCode).toBe(402);
        expect(order.json().error.message).toBe(message);
      }
      expect(await itemStock(t.db, item.id)).toBe(3);
      expect(await t.db.select().from(orders)).toHaveLength(ordersBefore);
    });

    it('rejects bad card numbers, past expiry and bad CVC as field errors', async () => {
      const item = await createItem(t.db, { priceCents: 700 });
      const created = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items: [{ menu_item_id: item.id, quantity: 1 }] } });
      const paymentId = created.json().payment_id;
      const confirm = await request(t.app, {
        method: 'POST',
        url: `/api/v1/payments/${paymentId}/confirm`,
        payload: { card: { number: '4242 4242 4242 4241', exp_month: 1, exp_year: 2020, cvc: '12' } },
      });
      expect(confirm.statusCode).toBe(422);
      expect(confirm.json().error.details.fields).toEqual({
        'card.number': CheckoutMessages.cardNumberInvalid,
        'card.exp_month': CheckoutMessages.cardExpired,
        'card.cvc': CheckoutMessages.cvcInvalid,
      });
      const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(row!.status).toBe('requires_confirmation');
    });

    it('a capture the processor declines rolls the whole order back and voids the hold', async () => {
      const item = await createItem(t.db, { priceCents: 900, stock: 4 });
      const items = [{ menu_item_id: item.id, quantity: 2 }];
      const paymentId = await pay(t.app, { items, cardNumber: TEST_CARDS.captureDeclined });
      const before = await t.db.select().from(orders);
      const response = await placeOrder(t.app, paymentId, { items, promo_code: undefined });
      expect(response.statusCode).toBe(402);
      expect(response.json().error.message).toBe('Your card was declined.');
      expect(await itemStock(t.db, item.id)).toBe(4);
      expect(await t.db.select().from(orders)).toHaveLength(before.length);
      const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(row).toMatchObject({ status: 'voided', orderId: null });
    });

    it('refuses a payment authorized for a different amount (tampered cart) and changes nothing', async () => {
      const item = await createItem(t.db, { priceCents: 1000, stock: 10 });
      const paymentId = await pay(t.app, { items: [{ menu_item_id: item.id, quantity: 1 }] });
      const response = await placeOrder(t.app, paymentId, { items: [{ menu_item_id: item.id, quantity: 3 }], extra: { total: 10, subtotal: 10 } });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        message: 'Payment amount does not match the order total',
        details: { payment_amount_cents: 1000, order_total_cents: 3000 },
      });
      expect(await itemStock(t.db, item.id)).toBe(10);
      const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(row).toMatchObject({ status: 'voided', orderId: null });
    });

    it('refuses a price change between payment and order (the database price wins)', async () => {
      const item = await createItem(t.db, { priceCents: 1000, stock: 10 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const paymentId = await pay(t.app, { items });
      const { menuItems } = await import('../../db/schema/index.ts');
      await t.db.update(menuItems).set({ priceCents: 1100 }).where(eq(menuItems.id, item.id));
      const response = await placeOrder(t.app, paymentId, { items });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(CheckoutMessages.paymentAmountMismatch);
    });

    it('refuses an order whose stock ran out after payment, listing the issue, and releases the payment', async () => {
      const item = await createItem(t.db, { priceCents: 500, stock: 1 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const first = await pay(t.app, { items });
      const second = await pay(t.app, { items });
      expect((await placeOrder(t.app, first, { items })).statusCode).toBe(201);
      const response = await placeOrder(t.app, second, { items });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.details.issues).toEqual([{ line: 0, menu_item_id: item.id, code: 'out_of_stock', message: CheckoutMessages.outOfStock }]);
      expect(await itemStock(t.db, item.id)).toBe(0);
      const [row] = await t.db.select().from(payments).where(eq(payments.id, second));
      expect(row!.status).toBe('voided');
    });

    it('refuses an unpaid payment and an unknown one', async () => {
      const item = await createItem(t.db, { priceCents: 500 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const created = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items } });
      const unpaid = await placeOrder(t.app, created.json().payment_id, { items });
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().error.message).toBe(CheckoutMessages.paymentNotAuthorized);
      const unknown = await placeOrder(t.app, '00000000-0000-4000-8000-000000000000', { items });
      expect(unknown.statusCode).toBe(422);
    });

    it('validates the contact fields, the phone rule and the Idempotency-Key', async () => {
      const item = await createItem(t.db, { priceCents: 500 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const paymentId = await pay(t.app, { items });
      const bad = await request(t.app, {
        method: 'POST',
        url: '/api/v1/orders',
        headers: { 'idempotency-key': newKey() },
        payload: { restaurant_id: 1, items, payment_id: paymentId, contact: { name: ' ', email: 'maria@example.com', phone: '6715551234' } },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details.fields).toMatchObject({
        'contact.name': 'Name is required',
        'contact.phone': 'Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567',
      });
      const noKey = await request(t.app, { method: 'POST', url: '/api/v1/orders', payload: { restaurant_id: 1, items, payment_id: paymentId, contact } });
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().error.message).toBe(CheckoutMessages.idempotencyKeyRequired);
      // Input errors keep the hold: the customer fixes the field and the retry reuses the payment.
      expect((await placeOrder(t.app, paymentId, { items })).statusCode).toBe(201);
    });

    it('a promo that ran out between payment and order fails the order and counts nothing', async () => {
      await t.db.insert(promoCodes).values({ restaurantId: 1, code: 'LASTONE', discountType: 'amount', value: 100, maxUses: 1 });
      const item = await createItem(t.db, { priceCents: 1000, stock: 5 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const a = await pay(t.app, { items, promo_code: 'LASTONE' });
      const b = await pay(t.app, { items, promo_code: 'LASTONE' });
      expect((await placeOrder(t.app, a, { items, promo_code: 'LASTONE' })).statusCode).toBe(201);
      const second = await placeOrder(t.app, b, { items, promo_code: 'LASTONE' });
      expect(second.statusCode).toBe(422);
      expect(second.json().error.message).toBe(PromotionMessages.invalidPromo);
      expect(await itemStock(t.db, item.id)).toBe(4);
      const [promo] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'LASTONE'));
      expect(promo!.currentUses).toBe(1);
    });

    it('a promo covering everything needs no card', async () => {
      const item = await createItem(t.db, { priceCents: 400 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const created = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items, promo_code: 'HAFA5' } });
      expect(created.json()).toMatchObject({ amount_cents: 0, status: 'authorized' });
      const response = await placeOrder(t.app, created.json().payment_id, { items, promo_code: 'HAFA5' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ subtotal: 4, discount: 4, total: 0, payment: { payment_method: 'none' } });
    });
  });

  describe('idempotency', () => {
    it('the same Idempotency-Key answers the same order, and stock goes down once', async () => {
      const item = await createItem(t.db, { priceCents: 600, stock: 10 });
      const items = [{ menu_item_id: item.id, quantity: 2 }];
      const key = newKey();
      const paymentId = await pay(t.app, { items });
      const first = await placeOrder(t.app, paymentId, { items, key });
      const again = await placeOrder(t.app, paymentId, { items, key });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      // Same payment under a new key: still the same order.
      const otherKey = await placeOrder(t.app, paymentId, { items, key: newKey() });
      expect(otherKey.statusCode).toBe(200);
      expect(otherKey.json().id).toBe(first.json().id);
      expect(await itemStock(t.db, item.id)).toBe(8);
    });

    it('two identical requests racing create one order', async () => {
      const item = await createItem(t.db, { priceCents: 600, stock: 10 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const key = newKey();
      const paymentId = await pay(t.app, { items });
      const responses = await Promise.all(Array.from({ length: 6 }, () => placeOrder(t.app, paymentId, { items, key })));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
      expect(await itemStock(t.db, item.id)).toBe(9);
    });

    it('the same key with two different payments racing: one order, the unused payment released', async () => {
      const item = await createItem(t.db, { priceCents: 600, stock: 10 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const key = newKey();
      const [p1, p2] = [await pay(t.app, { items }), await pay(t.app, { items })];
      const responses = await Promise.all([placeOrder(t.app, p1, { items, key }), placeOrder(t.app, p2, { items, key })]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(responses[0]!.json().id).toBe(responses[1]!.json().id);
      expect(await itemStock(t.db, item.id)).toBe(9);
      const rows = await t.db.select().from(payments).where(eq(payments.restaurantId, 1));
      const statuses = rows.filter((r) => r.id === p1 || r.id === p2).map((r) => r.status).sort();
      expect(statuses).toEqual(['captured', 'voided']);
    });
  });

  describe('VIP-only restaurant and staff orders', () => {
    it('requires a valid VIP code at payment and at order, and counts its use', async () => {
      const item = await createItem(t.db, { restaurantId: 2, priceCents: 1200, stock: 5 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const noCode = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 2, items } });
      expect(noCode.statusCode).toBe(422);
      expect(noCode.json().error.message).toBe('Please enter a valid VIP code to continue');
      const badCode = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 2, items, vip_code: 'GUESS' } });
      expect(badCode.json().error.message).toBe('Please enter a valid VIP code to continue');

      const paymentId = await pay(t.app, { restaurantId: 2, items, vip_code: 'vip2026' });
      const withoutCode = await placeOrder(t.app, paymentId, { restaurantId: 2, items });
      expect(withoutCode.statusCode).toBe(422);
      expect(withoutCode.json().error.message).toBe(PromotionMessages.vipRequired);
      const placed = await placeOrder(t.app, paymentId, { restaurantId: 2, items, vip_code: 'VIP2026' });
      expect(placed.statusCode, placed.body).toBe(201);
      // VIP is access, not a discount.
      expect(placed.json()).toMatchObject({ total: 12, discount: 0, location_name: 'Kusina Barrigada' });
      const { vipCodes } = await import('../../db/schema/index.ts');
      const [vip] = await t.db.select().from(vipCodes).where(eq(vipCodes.code, 'VIP2026'));
      expect(vip!.currentUses).toBe(1);
    });

    it('lets staff of the restaurant place a staff order and refuses it to customers', async () => {
      const item = await createItem(t.db, { priceCents: 800 });
      const items = [{ menu_item_id: item.id, quantity: 1 }];
      const staff = await tokenFor(t.app, t.db, 'staff@kusina.test');
      const customer = await tokenFor(t.app, t.db, 'customer@kusina.test');
      const otherAdmin = await tokenFor(t.app, t.db, 'admin2@kusina.test');

      const refused = await placeOrder(t.app, await pay(t.app, { items }), { items, token: customer, extra: { staff_member_name: 'Kekoa' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(CheckoutMessages.staffOnly);
      const foreign = await placeOrder(t.app, await pay(t.app, { items }), { items, token: otherAdmin, extra: { staff_member_name: 'Leilani' } });
      expect(foreign.statusCode).toBe(403);

      const placed = await placeOrder(t.app, await pay(t.app, { items }), { items, token: staff, extra: { staff_member_name: 'Kekoa' } });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json()).toMatchObject({ is_staff_order: true, staff_member_name: 'Kekoa' });
    });
  });

  describe('payment processor selection', () => {
    it("answers 503 'Payment processing is not available' when a live processor has no keys", async () => {
      const item = await createItem(t.db, { priceCents: 800 });
      await t.db
        .update(restaurants)
        .set({ adminSettings: { payment_gateway: { payment_processor: 'stripe', test_mode: false } } })
        .where(eq(restaurants.id, 1));
      try {
        const response = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items: [{ menu_item_id: item.id, quantity: 1 }] } });
        expect(response.statusCode).toBe(503);
        expect(response.json().error.message).toBe('Payment processing is not available');
      } finally {
        await t.db
          .update(restaurants)
          .set({ adminSettings: { payment_gateway: { payment_processor: 'stripe', test_mode: true } } })
          .where(eq(restaurants.id, 1));
      }
    });
  });
});
