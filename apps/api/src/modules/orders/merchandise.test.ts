import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutMessages, QuoteOutput } from '@kusina/domain/checkout';
import { StockEventOutput } from '@kusina/domain/merchandise';
import { OrderConfirmationOutput, OrderHistoryOutput } from '@kusina/domain/orders';
import { merchandiseItems, merchandiseStockEvents, merchandiseVariants, orderItems, orders, payments } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { TEST_CARDS } from '../payments/test-processor.ts';
import { checkout, createItem, createMerchandise, itemStock, merch, newKey, pay, placeOrder, stockEventsOf, userId, variantStock, openAllDay } from './test-support.ts';

/** Merchandise lines in the same cart, payment and order as food (issue #4), priced and stock-checked by the server. */
describe('checkout with merchandise', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
    await openAllDay(t.db);
  });
  afterAll(() => t.close());

  const quote = (payload: Record<string, unknown>) => request(t.app, { method: 'POST', url: '/api/v1/checkout/quote', payload: { restaurant_id: 1, ...payload } });
  const ordersCount = async () => (await t.db.select({ id: orders.id }).from(orders)).length;

  /** A tee in M and 2XL (+$2) and black/white, 5 of each unless told. */
  async function tee(stock: { m?: number; xxl?: number } = {}) {
    return createMerchandise(t.db, {
      name: `Island Tee ${Math.random().toString(16).slice(2, 6)}`,
      basePriceCents: 2500,
      variants: [
        { size: 'M', color: 'Black', stock: stock.m ?? 5 },
        { size: '2XL', color: 'White', adjustmentCents: 200, stock: stock.xxl ?? 5 },
      ],
    });
  }

  describe('quote', () => {
    it('prices food and merchandise together: two subtotals, one promo on the whole subtotal, typed lines in cart order', async () => {
      const plate = await createItem(t.db, { name: 'Chicken Kelaguen', priceCents: 1400 });
      const shirt = await tee();
      const [m, xxl] = shirt.variants;
      const response = await quote({
        items: [merch(xxl!.id, 2, 'gift'), { menu_item_id: plate.id, quantity: 1 }, { type: 'merchandise', variant_id: m!.id, quantity: 1 }],
        promo_code: 'ALOHA10',
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = QuoteOutput.parse(response.json());
      expect(body.items).toEqual([
        {
          line: 0,
          type: 'merchandise',
          menu_item_id: null,
          merchandise_item_id: shirt.id,
          variant_id: xxl!.id,
          variant_details: { size: '2XL', color: 'White' },
          name: shirt.name,
          quantity: 2,
          unit_price_cents: 2700,
          unit_price: 27,
          line_total_cents: 5400,
          line_total: 54,
          customizations: {},
          notes: 'gift',
        },
        expect.objectContaining({ line: 1, type: 'food', menu_item_id: plate.id, merchandise_item_id: null, variant_id: null, variant_details: null, line_total_cents: 1400 }),
        expect.objectContaining({ line: 2, type: 'merchandise', variant_id: m!.id, variant_details: { size: 'M', color: 'Black' }, unit_price_cents: 2500 }),
      ]);
      // 10 % of the whole $93.00, not only of the food.
      expect(body).toMatchObject({
        food_subtotal_cents: 1400,
        merchandise_subtotal_cents: 7900,
        subtotal_cents: 9300,
        discount_cents: 930,
        total_cents: 8370,
        food_subtotal: 14,
        merchandise_subtotal: 79,
        subtotal: 93,
        total: 83.7,
        issues: [],
        pickup_estimate: '20-25 minutes',
      });
    });

    it('ignores the price, name and details the cart sends for a merchandise line', async () => {
      const shirt = await tee();
      const xxl = shirt.variants[1]!;
      const response = await quote({
        items: [{ type: 'merchandise', variant_id: xxl.id, quantity: 3, id: shirt.id, name: 'Free shirt', price: 0.01, unit_price_cents: 1, variant_details: { size: 'XS', color: 'Gold' } }],
        total: 0.03,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        items: [{ name: shirt.name, unit_price_cents: 2700, variant_details: { size: '2XL', color: 'White' } }],
        merchandise_subtotal_cents: 8100,
        total_cents: 8100,
      });
    });

    it('refuses hidden items, other restaurants\' variants and unknown variants as no longer available', async () => {
      const hidden = await createMerchandise(t.db, { basePriceCents: 1000, hidden: true, variants: [{ stock: 5 }] });
      const foreign = await createMerchandise(t.db, { restaurantId: 2, basePriceCents: 1000, variants: [{ stock: 5 }] });
      const items = [merch(hidden.variants[0]!.id, 1), merch(foreign.variants[0]!.id, 1), merch(2_000_000, 1)];
      const body = (await quote({ items })).json();
      expect(body.issues).toEqual([
        { line: 0, variant_id: hidden.variants[0]!.id, code: 'not_found', message: 'This item is no longer available.' },
        { line: 1, variant_id: foreign.variants[0]!.id, code: 'not_found', message: 'This item is no longer available.' },
        { line: 2, variant_id: 2_000_000, code: 'not_found', message: 'This item is no longer available.' },
      ]);
      expect(body).toMatchObject({ items: [], merchandise_subtotal_cents: 0 });
      // No payment is opened for it.
      const payment = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items } });
      expect(payment.statusCode).toBe(409);
      expect(payment.json().error.details.issues).toHaveLength(3);
    });

    it('reports a sold-out variant, and too many of one variant across two lines, with the spec words', async () => {
      const shirt = await tee({ m: 3, xxl: 0 });
      const [m, xxl] = shirt.variants;
      const body = (await quote({ items: [merch(m!.id, 2), merch(xxl!.id, 1), merch(m!.id, 2)] })).json();
      expect(body.issues).toEqual([
        { line: 1, variant_id: xxl!.id, merchandise_item_id: shirt.id, code: 'out_of_stock', message: CheckoutMessages.outOfStock },
        {
          line: 2,
          variant_id: m!.id,
          merchandise_item_id: shirt.id,
          code: 'insufficient_stock',
          message: `Cannot add more ${shirt.name} (M / Black). Only 3 available in stock.`,
        },
      ]);
      // Damaged units are not for sale either.
      await t.db.update(merchandiseVariants).set({ damagedQuantity: 2 }).where(eq(merchandiseVariants.id, m!.id));
      expect((await quote({ items: [merch(m!.id, 2)] })).json().issues).toMatchObject([{ code: 'insufficient_stock', message: `Cannot add more ${shirt.name} (M / Black). Only 1 available in stock.` }]);
    });

    it('opens a payment for the server total of merchandise, fingerprinting the merchandise lines', async () => {
      const a = await createMerchandise(t.db, { basePriceCents: 2000, variants: [{ size: 'S', stock: 5 }, { size: 'L', stock: 5 }] });
      const open = async (variantId: number) => {
        const response = await request(t.app, { method: 'POST', url: '/api/v1/payments', payload: { restaurant_id: 1, items: [merch(variantId, 2)] } });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toMatchObject({ amount_cents: 4000, amount: 40 });
        const [row] = await t.db.select().from(payments).where(eq(payments.id, response.json().payment_id));
        return row!.quoteHash;
      };
      // Same total, different variants: different fingerprints; the same cart: the same one.
      const small = await open(a.variants[0]!.id);
      expect(await open(a.variants[1]!.id)).not.toBe(small);
      expect(await open(a.variants[0]!.id)).toBe(small);
    });

    it('names the field when a merchandise line is malformed', async () => {
      const shirt = await tee();
      const tooMany = await quote({ items: [merch(shirt.variants[0]!.id, 100)] });
      expect(tooMany.statusCode).toBe(400);
      expect(Object.keys(tooMany.json().error.details.fields)).toEqual(['items.0.quantity']);
      const noVariant = await quote({ items: [{ type: 'merchandise', quantity: 1 }] });
      expect(noVariant.statusCode).toBe(400);
      expect(Object.keys(noVariant.json().error.details.fields)).toEqual(['items.0.variant_id']);
    });
  });

  describe('placing an order', () => {
    it('places a merchandise-only order: server prices, size and colour on the confirmation, stock down, one sale event per variant', async () => {
      const shirt = await tee({ m: 5, xxl: 4 });
      const [m, xxl] = shirt.variants;
      const items = [merch(m!.id, 2, 'for Tita'), merch(xxl!.id, 1), merch(m!.id, 1)];
      const customer = await tokenFor(t.app, t.db, 'customer@kusina.test');
      const response = await checkout(t.app, { items, token: customer });
      expect(response.statusCode, response.body).toBe(201);
      const order = OrderConfirmationOutput.parse(response.json());
      expect(order).toMatchObject({
        items: [],
        merchandise_items: [
          { name: shirt.name, price: 25, quantity: 2, size: 'M', color: 'Black', notes: 'for Tita' },
          { name: shirt.name, price: 27, quantity: 1, size: '2XL', color: 'White', notes: null },
          { name: shirt.name, price: 25, quantity: 1, size: 'M', color: 'Black', notes: null },
        ],
        food_subtotal: 0,
        merchandise_subtotal: 102,
        subtotal: 102,
        total: 102,
        payment: { status: 'captured' },
      });

      // Demand summed per variant: 3 M, 1 2XL.
      expect(await variantStock(t.db, m!.id)).toEqual({ stock: 2, damaged: 0 });
      expect(await variantStock(t.db, xxl!.id)).toEqual({ stock: 3, damaged: 0 });

      const buyer = await userId(t.db, 'customer@kusina.test');
      const mEvents = await stockEventsOf(t.db, m!.id);
      expect(mEvents).toHaveLength(1);
      expect(mEvents[0]).toMatchObject({
        restaurantId: 1,
        merchandiseItemId: shirt.id,
        itemName: shirt.name,
        variantLabel: 'M / Black',
        kind: 'sale',
        delta: -3,
        stockQuantity: 2,
        damagedQuantity: 0,
        reason: `Order ${order.order_number}`,
        orderId: order.id,
        userId: buyer,
      });
      expect(await stockEventsOf(t.db, xxl!.id)).toMatchObject([{ kind: 'sale', delta: -1, stockQuantity: 3, orderId: order.id, variantLabel: '2XL / White' }]);

      // The admin's audit trail shows the sales.
      const admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
      const trail = StockEventOutput.array().parse((await request(t.app, { url: `/api/v1/merchandise_items/${shirt.id}/stock_events`, token: admin })).json());
      expect(trail.filter((e) => e.kind === 'sale').map((e) => [e.merchandise_variant_id, e.delta, e.reason])).toEqual([
        [xxl!.id, -1, `Order ${order.order_number}`],
        [m!.id, -3, `Order ${order.order_number}`],
      ]);

      // The lines as stored: merchandise type, the variant and its details, no menu item.
      const rows = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.position);
      expect(rows.map((r) => [r.itemType, r.menuItemId, r.variantId, r.variantDetails, r.unitPriceCents, r.quantity, r.position])).toEqual([
        ['merchandise', null, m!.id, { size: 'M', color: 'Black' }, 2500, 2, 0],
        ['merchandise', null, xxl!.id, { size: '2XL', color: 'White' }, 2700, 1, 1],
        ['merchandise', null, m!.id, { size: 'M', color: 'Black' }, 2500, 1, 2],
      ]);
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(stored).toMatchObject({ foodSubtotalCents: 0, merchandiseSubtotalCents: 10200, subtotalCents: 10200, totalCents: 10200 });

      // Read back later, the confirmation is the same.
      const again = await request(t.app, { url: `/api/v1/orders/${order.id}?token=${response.json().access_token}` });
      expect(again.json().merchandise_items).toEqual(order.merchandise_items);
    });

    it('places a mixed order with a promo: lines in cart order, both subtotals, history lists merchandise apart from food', async () => {
      const plate = await createItem(t.db, { name: 'Red Rice Plate', priceCents: 1200, stock: 10 });
      const shirt = await tee();
      const m = shirt.variants[0]!;
      const customer = await tokenFor(t.app, t.db, 'customer@kusina.test');
      const items = [{ menu_item_id: plate.id, quantity: 2 }, merch(m.id, 1)];
      const response = await checkout(t.app, { items, promo_code: 'HAFA5', token: customer });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        items: [{ name: 'Red Rice Plate', price: 12, quantity: 2 }],
        merchandise_items: [{ name: shirt.name, price: 25, quantity: 1, size: 'M', color: 'Black' }],
        food_subtotal: 24,
        merchandise_subtotal: 25,
        subtotal: 49,
        discount: 5,
        total: 44,
      });
      expect(await itemStock(t.db, plate.id)).toBe(8);
      expect((await variantStock(t.db, m.id)).stock).toBe(4);

      const history = OrderHistoryOutput.parse((await request(t.app, { url: '/api/v1/orders?per_page=50', token: customer })).json());
      const entry = history.orders.find((o) => o.id === response.json().id);
      expect(entry).toMatchObject({
        items: [{ name: 'Red Rice Plate', price: 12, quantity: 2, customizations: {}, notes: null }],
        merchandise_items: [{ name: shirt.name, price: 25, quantity: 1, size: 'M', color: 'Black', notes: null }],
        total: 44,
      });
      expect(entry!.items).toHaveLength(1);
    });

    it('sells untracked merchandise beyond its count and leaves stock and audit trail alone', async () => {
      const pin = await createMerchandise(t.db, { basePriceCents: 800, tracked: false, variants: [{ stock: 0 }] });
      const v = pin.variants[0]!.id;
      const response = await checkout(t.app, { items: [merch(v, 60), merch(v, 40)] });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ merchandise_subtotal: 800, merchandise_items: [{ quantity: 60, size: null, color: null }, { quantity: 40 }] });
      expect(await variantStock(t.db, v)).toEqual({ stock: 0, damaged: 0 });
      expect(await stockEventsOf(t.db, v)).toEqual([]);
    });

    it('refuses an order when the last units went to someone else after payment, and releases the payment', async () => {
      const shirt = await tee({ m: 2 });
      const m = shirt.variants[0]!.id;
      const first = await pay(t.app, { items: [merch(m, 2)] });
      const second = await pay(t.app, { items: [merch(m, 1), merch(m, 1)] });
      expect((await placeOrder(t.app, first, { items: [merch(m, 2)] })).statusCode).toBe(201);
      const before = await ordersCount();
      const refused = await placeOrder(t.app, second, { items: [merch(m, 1), merch(m, 1)] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.details.issues).toEqual([
        { line: 0, variant_id: m, merchandise_item_id: shirt.id, code: 'out_of_stock', message: CheckoutMessages.outOfStock },
        { line: 1, variant_id: m, merchandise_item_id: shirt.id, code: 'out_of_stock', message: CheckoutMessages.outOfStock },
      ]);
      expect(await ordersCount()).toBe(before);
      expect(await variantStock(t.db, m)).toEqual({ stock: 0, damaged: 0 });
      expect(await stockEventsOf(t.db, m)).toHaveLength(1);
      const [row] = await t.db.select().from(payments).where(eq(payments.id, second));
      expect(row!.status).toBe('voided');
    });

    it('refuses an item hidden after payment, and a price change after payment, changing nothing', async () => {
      const hiddenLater = await tee();
      const a = hiddenLater.variants[0]!.id;
      const paidA = await pay(t.app, { items: [merch(a, 1)] });
      await t.db.update(merchandiseItems).set({ hidden: true }).where(eq(merchandiseItems.id, hiddenLater.id));
      const hidden = await placeOrder(t.app, paidA, { items: [merch(a, 1)] });
      expect(hidden.statusCode).toBe(409);
      expect(hidden.json().error.details.issues).toEqual([{ line: 0, variant_id: a, code: 'not_found', message: 'This item is no longer available.' }]);
      expect((await variantStock(t.db, a)).stock).toBe(5);

      const repriced = await tee();
      const b = repriced.variants[1]!.id;
      const paidB = await pay(t.app, { items: [merch(b, 1)] });
      await t.db.update(merchandiseVariants).set({ priceAdjustmentCents: 500 }).where(eq(merchandiseVariants.id, b));
      const mismatch = await placeOrder(t.app, paidB, { items: [merch(b, 1)] });
      expect(mismatch.statusCode).toBe(409);
      expect(mismatch.json().error).toMatchObject({ message: CheckoutMessages.paymentAmountMismatch, details: { payment_amount_cents: 2700, order_total_cents: 3000 } });
      expect((await variantStock(t.db, b)).stock).toBe(5);
      expect(await stockEventsOf(t.db, b)).toEqual([]);
    });

    it('an idempotent retry answers the same order and takes the stock once', async () => {
      const shirt = await tee({ m: 5 });
      const m = shirt.variants[0]!.id;
      const items = [merch(m, 2)];
      const key = newKey();
      const paymentId = await pay(t.app, { items });
      const first = await placeOrder(t.app, paymentId, { items, key });
      const again = await placeOrder(t.app, paymentId, { items, key });
      const racing = await Promise.all([placeOrder(t.app, paymentId, { items, key }), placeOrder(t.app, paymentId, { items, key: newKey() })]);
      expect(first.statusCode).toBe(201);
      expect([again, ...racing].map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(again.json()).toEqual(first.json());
      expect(racing.every((r) => r.json().id === first.json().id)).toBe(true);
      expect(await variantStock(t.db, m)).toEqual({ stock: 3, damaged: 0 });
      expect(await stockEventsOf(t.db, m)).toMatchObject([{ kind: 'sale', delta: -2, orderId: first.json().id }]);
    });

    it('a capture the processor declines (card 4000000000000341) rolls stock, order and sale events back', async () => {
      const shirt = await tee({ m: 4 });
      const plate = await createItem(t.db, { priceCents: 900, stock: 6 });
      const m = shirt.variants[0]!.id;
      const items = [merch(m, 3), { menu_item_id: plate.id, quantity: 1 }];
      const paymentId = await pay(t.app, { items, cardNumber: TEST_CARDS.captureDeclined });
      const before = await ordersCount();
      const response = await placeOrder(t.app, paymentId, { items });
      expect(response.statusCode).toBe(402);
      expect(response.json().error.message).toBe('Your card was declined.');
      expect(await variantStock(t.db, m)).toEqual({ stock: 4, damaged: 0 });
      expect(await itemStock(t.db, plate.id)).toBe(6);
      expect(await stockEventsOf(t.db, m)).toEqual([]);
      expect(await ordersCount()).toBe(before);
      const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(row).toMatchObject({ status: 'voided', orderId: null });
    });

    it('keeps sale events and lines when the item is deleted later (ids go NULL, words stay)', async () => {
      const shirt = await tee();
      const m = shirt.variants[0]!.id;
      const response = await checkout(t.app, { items: [merch(m, 1)] });
      expect(response.statusCode).toBe(201);
      await t.db.delete(merchandiseItems).where(eq(merchandiseItems.id, shirt.id));
      const events = await t.db.select().from(merchandiseStockEvents).where(eq(merchandiseStockEvents.orderId, response.json().id));
      expect(events).toMatchObject([{ kind: 'sale', merchandiseItemId: null, merchandiseVariantId: null, itemName: shirt.name, variantLabel: 'M / Black' }]);
      const confirmation = await request(t.app, { url: `/api/v1/orders/${response.json().id}?token=${response.json().access_token}` });
      expect(confirmation.json().merchandise_items).toEqual([{ name: shirt.name, price: 25, quantity: 1, size: 'M', color: 'Black', notes: null }]);
    });
  });
});
