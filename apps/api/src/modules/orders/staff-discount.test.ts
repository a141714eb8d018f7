import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutMessages, QuoteOutput } from '@kusina/domain/checkout';
import { OrderConfirmationOutput } from '@kusina/domain/orders';
import { discountConfigurations, orders, payments } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { checkout, createItem, pay, placeOrder, openAllDay } from './test-support.ts';

/** Staff orders with the staff discount configurations of backoffice-reservations.md §3 (issue #5). */
describe('staff orders with a staff discount', () => {
  let t: TestContext;
  let staff: string;
  let admin2: string;
  let customer: string;
  let onDuty: number;
  let offDuty: number;
  let inactive: number;
  let otherRestaurants: number;

  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
    await openAllDay(t.db);
    [staff, admin2, customer] = await Promise.all([
      tokenFor(t.app, t.db, 'staff@kusina.test'),
      tokenFor(t.app, t.db, 'admin2@kusina.test'),
      tokenFor(t.app, t.db, 'customer@kusina.test'),
    ]);
    const rows = await t.db.select().from(discountConfigurations);
    const find = (restaurantId: number, name: string) => {
      const row = rows.find((r) => r.restaurantId === restaurantId && r.name === name);
      if (!row) throw new Error(`no seeded discount ${name} at ${restaurantId}`);
      return row.id;
    };
    onDuty = find(1, 'On Duty');
    offDuty = find(1, 'Off Duty');
    inactive = find(1, 'Family Meal');
    otherRestaurants = find(2, 'On Duty');
  });
  afterAll(() => t.close());

  const quote = (payload: Record<string, unknown>, token?: string) =>
    request(t.app, { method: 'POST', url: '/api/v1/checkout/quote', token, payload: { restaurant_id: 1, ...payload } });

  it('quotes the percentage from the database, not from the request', async () => {
    const plate = await createItem(t.db, { name: 'Kelaguen Plate', priceCents: 1399 });
    const response = await quote({ items: [{ menu_item_id: plate.id, quantity: 2 }], staff_discount_id: offDuty, discount_percentage: 100 }, staff);
    expect(response.statusCode, response.body).toBe(200);
    const body = QuoteOutput.parse(response.json());
    expect(body.subtotal_cents).toBe(2798);
    // 30 % of 27.98 = 8.394 → 8.39
    expect(body.discount_cents).toBe(839);
    expect(body.total_cents).toBe(2798 - 839);
    expect(body.staff_discount).toEqual({ id: offDuty, name: 'Off Duty', discount_percentage: 30 });
    expect(body.promo_code).toBeNull();
  });

  it('refuses a staff discount to guests and customers (403), an inactive or another restaurant’s one (422), and a promo with it (422)', async () => {
    const plate = await createItem(t.db, { name: 'Spam Musubi', priceCents: 450 });
    const items = [{ menu_item_id: plate.id, quantity: 1 }];

    const guest = await quote({ items, staff_discount_id: onDuty });
    expect(guest.statusCode).toBe(403);
    expect(guest.json().error.message).toBe(CheckoutMessages.staffOnly);
    expect((await quote({ items, staff_discount_id: onDuty }, customer)).statusCode).toBe(403);
    // An admin of restaurant 2 is not staff of restaurant 1.
    expect((await quote({ items, staff_discount_id: onDuty }, admin2)).statusCode).toBe(403);

    for (const id of [inactive, otherRestaurants, 999_999]) {
      const response = await quote({ items, staff_discount_id: id }, staff);
      expect(response.statusCode, `discount ${id}`).toBe(422);
      expect(response.json().error.details.fields).toEqual({ staff_discount_id: CheckoutMessages.staffDiscountUnavailable });
    }

    const withPromo = await quote({ items, staff_discount_id: onDuty, promo_code: 'ALOHA10' }, staff);
    expect(withPromo.statusCode).toBe(422);
    expect(withPromo.json().error.details.fields).toEqual({ promo_code: CheckoutMessages.staffDiscountWithPromo });

    // Payments apply the same rules before anything is opened or charged.
    const before = (await t.db.select({ id: payments.id }).from(payments)).length;
    const payment = await request(t.app, { method: 'POST', url: '/api/v1/payments', token: customer, payload: { restaurant_id: 1, items, staff_discount_id: onDuty } });
    expect(payment.statusCode).toBe(403);
    expect((await t.db.select({ id: payments.id }).from(payments)).length).toBe(before);
  });

  it('places a staff order for a staff member at the discounted total and keeps the discount’s name and percentage', async () => {
    const plate = await createItem(t.db, { name: 'Chicken Adobo Plate', priceCents: 1500 });
    const items = [{ menu_item_id: plate.id, quantity: 1 }];
    const response = await checkout(t.app, { items, token: staff, staff_discount_id: onDuty, extra: { staff_member_name: 'Leilani Reyes' } });
    expect(response.statusCode, response.body).toBe(201);
    const order = OrderConfirmationOutput.parse(response.json());
    expect(order).toMatchObject({
      is_staff_order: true,
      staff_member_name: 'Leilani Reyes',
      staff_discount_name: 'On Duty',
      staff_discount_percentage: 50,
      subtotal: 15,
      discount: 7.5,
      total: 7.5,
      promo_code: null,
    });
    expect(order.payment?.status).toBe('captured');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ staffDiscountId: onDuty, staffDiscountBasisPoints: 5000, discountCents: 750, totalCents: 750 });
  });

  it('needs the staff member the order is for, and only staff may place it', async () => {
    const plate = await createItem(t.db, { name: 'Red Rice', priceCents: 300 });
    const items = [{ menu_item_id: plate.id, quantity: 1 }];

    const paymentId = await pay(t.app, { items, token: staff, staff_discount_id: onDuty });
    const missing = await placeOrder(t.app, paymentId, { items, token: staff, staff_discount_id: onDuty });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details.fields).toEqual({ staff_member_name: CheckoutMessages.staffMemberRequired });

    // The same payment, now with the member: placed once.
    const placed = await placeOrder(t.app, paymentId, { items, token: staff, staff_discount_id: onDuty, extra: { staff_member_name: 'Tomas Santos' } });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().total).toBe(1.5);
  });

  it('refuses an order whose discount changed after payment (the amount no longer matches), charging nothing', async () => {
    const plate = await createItem(t.db, { name: 'Lumpia', priceCents: 1000 });
    const items = [{ menu_item_id: plate.id, quantity: 1 }];
    const paymentId = await pay(t.app, { items, token: staff, staff_discount_id: offDuty });
    await t.db.update(discountConfigurations).set({ discountBasisPoints: 4000 }).where(and(eq(discountConfigurations.id, offDuty)));
    try {
      const response = await placeOrder(t.app, paymentId, { items, token: staff, staff_discount_id: offDuty, extra: { staff_member_name: 'Tomas Santos' } });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(CheckoutMessages.paymentAmountMismatch);
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(payment?.orderId).toBeNull();
      expect(payment?.status).not.toBe('captured');
    } finally {
      await t.db.update(discountConfigurations).set({ discountBasisPoints: 3000 }).where(eq(discountConfigurations.id, offDuty));
    }
  });
});
