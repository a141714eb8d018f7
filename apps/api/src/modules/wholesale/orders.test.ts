import { restaurantDay } from '@kusina/domain/menu-calendar';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, payments, wholesaleItems, wholesaleItemVariants, wholesaleOrders, wholesaleParticipantCredits } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { TEST_CARDS } from '../payments/test-processor.ts';
import { buy, createTestFundraiser, customer, payFor, placeOrder, setFundraiserStatus, type TestFundraiser } from './test-support.ts';

describe('wholesale checkout, history, cancellation and privacy', () => {
  let t: TestContext;
  let shop: TestFundraiser;
  let customerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
    customerToken = await tokenFor(t.app, t.db, 'customer@kusina.test');
    adminToken = await tokenFor(t.app, t.db, 'admin@kusina.test');
    shop = await createTestFundraiser(t.db, {
      participants: [{ name: 'Ana', goalCents: 10000 }],
      items: [
        { name: 'Plain', priceCents: 1000 },
        { name: 'Counted', priceCents: 1500, mode: 'item', stock: 50 },
        { name: 'Tee', priceCents: 2000, mode: 'variant', groups: [{ name: 'Size', options: [{ name: 'M' }, { name: 'XL', price: 300 }] }], variantStock: { M: 20, XL: 20 } },
      ],
    });
  });
  afterAll(() => t.close());

  const item = (name: string) => shop.items.find((i) => i.name === name)!;
  const credits = (orderId: number) => t.db.select().from(wholesaleParticipantCredits).where(eq(wholesaleParticipantCredits.orderId, orderId));
  const itemStock = async (id: number) => (await t.db.select().from(wholesaleItems).where(eq(wholesaleItems.id, id)))[0]!.stockQuantity;

  it('places a paid order priced by the server, credits the participant and queues the messages', async () => {
    const tee = item('Tee');
    const xl = { [tee.groups[0]!.id]: [tee.groups[0]!.options[1]!.id] };
    const lines = [
      { item_id: item('Counted').id, fundraiser_id: shop.fundraiserId, quantity: 2, price_cents: 1500 },
      { item_id: tee.id, fundraiser_id: shop.fundraiserId, quantity: 1, price_cents: 2300, selected_options: xl },
    ];
    const order = await buy(t.app, shop, lines, { token: customerToken, participantId: shop.participants[0]!.id });
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', totalCents: 5300, total: 53, itemCount: 3, uniqueItemCount: 2, participant: { name: 'Ana' } });
    expect((order as unknown as { items: unknown[] }).items).toMatchObject([
      { name: 'Counted', price_cents: 1500, quantity: 2, line_total_cents: 3000 },
      { name: 'Tee', price_cents: 2300, variant_description: 'XL', selected_options: { Size: ['XL'] } },
    ]);
    // The answer, built from what the order's transaction wrote, is what the database now holds.
    const read = await request(t.app, { method: 'GET', url: `/api/v1/wholesale/orders/${order.id}`, token: customerToken });
    const { access_token: _token, paymentId: _payment, ...answered } = order as unknown as Record<string, unknown>;
    expect(read.json().data.order).toEqual(answered);
    expect(await itemStock(item('Counted').id)).toBe(48);
    const [xlRow] = await t.db.select().from(wholesaleItemVariants).where(eq(wholesaleItemVariants.id, tee.variants.find((v) => v.variantName === 'XL')!.id));
    expect(xlRow!.stockQuantity).toBe(19);
    expect(await credits(order.id)).toMatchObject([{ kind: 'sale', amountCents: 5300, participantId: shop.participants[0]!.id }]);
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    expect(paid).toMatchObject({ status: 'captured', wholesaleOrderId: order.id, amountCents: 5300 });
    const messages = await t.db.select().from(notifications).where(inArray(notifications.recipient, [customer.customerEmail, customer.customerPhone]));
    expect(messages.filter((m) => m.template === 'wholesale_order_placed').map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    // Goal progress reads the ledger.
    const f = (await request(t.app, { method: 'GET', url: `/api/v1/wholesale/fundraisers/${shop.slug}` })).json().data.fundraiser;
    expect(f.participants[0]).toMatchObject({ raisedCents: 5300, progressPercent: 53 });
  });

  it('ignores client prices: a tampered price is a price_changed issue before payment, a tampered total never pays', async () => {
    const tampered = [{ item_id: item('Plain').id, fundraiser_id: shop.fundraiserId, quantity: 2, price_cents: 1, line_total_cents: 2 }];
    const refused = await request(t.app, { method: 'POST', url: '/api/v1/wholesale/payments', payload: { fundraiser_id: shop.fundraiserId, cart_items: tampered } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details.issues).toMatchObject([{ type: 'price_changed', new_price_cents: 1000 }]);

    // A payment for a 1-unit cart cannot pay for a 3-unit cart.
    const one = [{ item_id: item('Plain').id, fundraiser_id: shop.fundraiserId, quantity: 1 }];
    const paymentId = await payFor(t.app, shop.fundraiserId, one);
    const bigger = await placeOrder(t.app, paymentId, shop.fundraiserId, [{ ...one[0]!, quantity: 3 }]);
    expect(bigger.statusCode).toBe(409);
    expect(bigger.json().message).toBe('Payment amount does not match the order total');
    const [voided] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(voided!.status).toBe('voided');
    // Client line totals in the order body are ignored too (the server's total is what is charged).
    const fair = await payFor(t.app, shop.fundraiserId, one);
    const placed = await placeOrder(t.app, fair, shop.fundraiserId, [{ ...one[0]!, line_total_cents: 1 }]);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.order.totalCents).toBe(1000);
  });

  it("a fundraiser order's payment never pays a storefront order, even for the same amount", async () => {
    const menu = (await request(t.app, { method: 'GET', url: '/api/v1/menu?restaurant_id=1' })).json() as { items: { id: number; price_cents: number; is_available: boolean; enable_stock_tracking: boolean; option_groups: { min_select: number }[] }[] };
    const dish = menu.items.find((i) => i.is_available && !i.enable_stock_tracking && i.option_groups.every((g) => g.min_select === 0))!;
    const shopForDish = await createTestFundraiser(t.db, { items: [{ name: 'Same price', priceCents: dish.price_cents }] });
    const paymentId = await payFor(t.app, shopForDish.fundraiserId, [{ item_id: shopForDish.items[0]!.id, fundraiser_id: shopForDish.fundraiserId, quantity: 1 }]);
    const storefront = await request(t.app, {
      method: 'POST',
      url: '/api/v1/orders',
      headers: { 'idempotency-key': `storefront-${paymentId}` },
      payload: { restaurant_id: 1, items: [{ menu_item_id: dish.id, quantity: 1 }], payment_id: paymentId, contact: { name: 'Maria Cruz', email: 'maria@example.com', phone: '+16715551234' } },
    });
    expect(storefront.statusCode, storefront.body).toBe(422);
    expect(storefront.json().error.message).toBe('Payment not found.');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'authorized', orderId: null, wholesaleOrderId: null });
  });

  it('is idempotent by key and by payment', async () => {
    const lines = [{ item_id: item('Plain').id, fundraiser_id: shop.fundraiserId, quantity: 1 }];
    const paymentId = await payFor(t.app, shop.fundraiserId, lines);
    const first = await placeOrder(t.app, paymentId, shop.fundraiserId, lines, { key: 'same-key-123' });
    const again = await placeOrder(t.app, paymentId, shop.fundraiserId, lines, { key: 'same-key-123' });
    const otherKey = await placeOrder(t.app, paymentId, shop.fundraiserId, lines, { key: 'other-key-456' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(otherKey.statusCode).toBe(200);
    expect(again.json().data.order.id).toBe(first.json().data.order.id);
    expect(otherKey.json().data.order.id).toBe(first.json().data.order.id);
    const rows = await t.db.select().from(wholesaleOrders).where(eq(wholesaleOrders.idempotencyKey, 'same-key-123'));
    expect(rows).toHaveLength(1);
    expect(await credits(first.json().data.order.id)).toHaveLength(1);
  });

  it('refuses orders when the fundraiser is not current, a declined card, an unpaid payment and a missing key', async () => {
    const other = await createTestFundraiser(t.db, { items: [{ name: 'X', priceCents: 700 }] });
    const lines = [{ item_id: other.items[0]!.id, fundraiser_id: other.fundraiserId, quantity: 1 }];
    const paymentId = await payFor(t.app, other.fundraiserId, lines);
    await setFundraiserStatus(t.db, other.fundraiserId, 'ended');
    const ended = await placeOrder(t.app, paymentId, other.fundraiserId, lines);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.details.issues[0].type).toBe('fundraiser_inactive');
    expect((await t.db.select().from(wholesaleOrders).where(eq(wholesaleOrders.fundraiserId, other.fundraiserId))).length).toBe(0);

    const plain = [{ item_id: item('Plain').id, fundraiser_id: shop.fundraiserId, quantity: 1 }];
    const opened = await request(t.app, { method: 'POST', url: '/api/v1/wholesale/payments', payload: { fundraiser_id: shop.fundraiserId, cart_items: plain } });
    const unpaid = await placeOrder(t.app, opened.json().data.payment_id, shop.fundraiserId, plain);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('Payment has not been completed. Please pay before placing the order.');
    const declined = await request(t.app, {
      method: 'POST',
      url: `/api/v1/payments/${opened.json().data.payment_id}/confirm`,
      payload: { card: { number: TEST_CARDS.declined, exp_month: 12, exp_year: 2035, cvc: '123' } },
    });
    expect(declined.statusCode).toBe(402);
    const noKey = await request(t.app, { method: 'POST', url: '/api/v1/wholesale/orders', payload: { order: customer, cart_items: plain, payment_id: opened.json().data.payment_id } });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.details.fields).toHaveProperty('idempotency-key');
  });

  it('holds the checkout field rules: 400 naming the field, nothing written', async () => {
    const lines = [{ item_id: item('Plain').id, fundraiser_id: shop.fundraiserId, quantity: 1 }];
    const paymentId = await payFor(t.app, shop.fundraiserId, lines);
    const before = (await t.db.select().from(wholesaleOrders)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ customerName: ' ' }, 'order.customerName', 'Name is required'],
      [{ customerEmail: '' }, 'order.customerEmail', 'Email is required'],
      [{ customerEmail: 'not-an-email' }, 'order.customerEmail', 'Please enter a valid email address'],
      [{ customerPhone: '' }, 'order.customerPhone', 'Phone number is required'],
      [{ shippingAddress: '' }, 'order.shippingAddress', 'Pickup location is required'],
      [{ participantId: 2147483648 }, 'order.participantId', ''],
    ];
    for (const [override, field, message] of cases) {
      const response = await placeOrder(t.app, paymentId, shop.fundraiserId, lines, { order: override });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.details.fields, field).toHaveProperty(field);
      if (message) expect(response.json().error.details.fields[field]).toBe(message);
    }
    const foreign = await createTestFundraiser(t.db, { participants: [{ name: 'Elsewhere' }], items: [] });
    const wrongParticipant = await placeOrder(t.app, paymentId, shop.fundraiserId, lines, { participantId: foreign.participants[0]!.id });
    expect(wrongParticipant.statusCode).toBe(422);
    expect(wrongParticipant.json().error.details.fields).toHaveProperty('participantId');
    expect((await t.db.select().from(wholesaleOrders)).length).toBe(before);
  });

  it('takes international phones as reservations and signup do (decision 0031), stored E.164', async () => {
    const lines = [{ item_id: item('Plain').id, fundraiser_id: shop.fundraiserId, quantity: 1 }];
    for (const [phone, stored] of [
      ['+81 90 1234 5678', '+819012345678'],
      ['+82 10 1234 5678', '+821012345678'],
    ] as const) {
      const paymentId = await payFor(t.app, shop.fundraiserId, lines);
      const placed = await placeOrder(t.app, paymentId, shop.fundraiserId, lines, { order: { customerPhone: phone } });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().data.order.customerPhone).toBe(stored);
    }
    const paymentId = await payFor(t.app, shop.fundraiserId, lines);
    const bad = await placeOrder(t.app, paymentId, shop.fundraiserId, lines, { order: { customerPhone: '+81 12' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields['order.customerPhone']).toBe('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567');
  });

  it('cancels pending or confirmed orders only: stock back, credit reversed, refund, message', async () => {
    const counted = item('Counted');
    const stockBefore = await itemStock(counted.id);
    const order = await buy(t.app, shop, [{ item_id: counted.id, fundraiser_id: shop.fundraiserId, quantity: 3 }], { token: customerToken, participantId: shop.participants[0]!.id });
    expect(await itemStock(counted.id)).toBe(stockBefore - 3);
    const cancelled = await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${order.id}/cancel`, token: customerToken });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedCents: 4500, canCancel: false });
    expect(await itemStock(counted.id)).toBe(stockBefore);
    const ledger = await credits(order.id);
    expect(ledger.map((c) => [c.kind, c.amountCents]).sort()).toEqual([
      ['reversal', -4500],
      ['sale', 4500],
    ]);
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    expect(paid!.status).toBe('refunded');
    const messages = await t.db.select().from(notifications).where(eq(notifications.template, 'wholesale_order_cancelled'));
    expect(messages.some((m) => m.body.includes(`order W-`))).toBe(true);

    const twice = await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${order.id}/cancel`, token: customerToken });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Only pending or confirmed orders can be cancelled.');
    expect(await credits(order.id)).toHaveLength(2);

    // A fulfilled (Ready for Pickup) order cannot be cancelled by its supporter.
    const ready = await buy(t.app, shop, [{ item_id: item('Plain').id, fundraiser_id: shop.fundraiserId, quantity: 1 }], { token: customerToken });
    await t.db.update(wholesaleOrders).set({ status: 'fulfilled' }).where(eq(wholesaleOrders.id, ready.id));
    expect((await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${ready.id}/cancel`, token: customerToken })).statusCode).toBe(409);
  });

  it('keeps orders private: owners, guests with the token, admins of the restaurant', async () => {
    const lines = [{ item_id: item('Plain').id, fundraiser_id: shop.fundraiserId, quantity: 1 }];
    const mine = await buy(t.app, shop, lines, { token: customerToken });
    const guest = await buy(t.app, shop, lines);
    const staffToken = await tokenFor(t.app, t.db, 'staff@kusina.test');
    const otherAdmin = await tokenFor(t.app, t.db, 'admin2@kusina.test');
    const get = (id: number, token?: string, query = '') => request(t.app, { method: 'GET', url: `/api/v1/wholesale/orders/${id}${query}`, token });

    expect((await get(mine.id, customerToken)).statusCode).toBe(200);
    expect((await get(guest.id, customerToken)).statusCode).toBe(404);
    expect((await get(guest.id)).statusCode).toBe(404);
    expect((await get(guest.id, undefined, '?token=wrong-token-value')).statusCode).toBe(404);
    expect((await get(guest.id, undefined, `?token=${guest.access_token}`)).statusCode).toBe(200);
    expect((await get(mine.id, undefined, `?token=${guest.access_token}`)).statusCode).toBe(404);
    expect((await get(guest.id, adminToken)).statusCode).toBe(200);
    expect((await get(guest.id, staffToken)).statusCode).toBe(404);
    expect((await get(guest.id, otherAdmin)).statusCode).toBe(404);
    // Nobody cancels another person's order.
    expect((await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${guest.id}/cancel`, token: customerToken })).statusCode).toBe(404);
    expect((await request(t.app, { method: 'DELETE', url: `/api/v1/wholesale/orders/${guest.id}/cancel?token=${guest.access_token}` })).statusCode).toBe(200);
    // Lists are one's own.
    expect((await request(t.app, { method: 'GET', url: '/api/v1/wholesale/orders' })).statusCode).toBe(401);
    const list = (await request(t.app, { method: 'GET', url: '/api/v1/wholesale/orders', token: customerToken })).json().data.orders;
    expect(list.map((o: { id: number }) => o.id)).toContain(mine.id);
    expect(list.map((o: { id: number }) => o.id)).not.toContain(guest.id);
  });

  it('filters history by status, fundraiser name and dates (the end day included)', async () => {
    const token = await tokenFor(t.app, t.db, 'customer@kusina.test');
    const url = (q: string) => request(t.app, { method: 'GET', url: `/api/v1/wholesale/orders${q}`, token });
    const all = (await url('')).json().data.orders as { id: number; status: string; createdAt: string; fundraiser: { id: number } }[];
    expect(all.length).toBeGreaterThan(2);
    const cancelled = (await url('?status=cancelled')).json().data.orders as { status: string }[];
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((o) => o.status === 'cancelled')).toBe(true);
    const ofShop = all.filter((o) => o.fundraiser.id === shop.fundraiserId);
    expect((await url(`?fundraiser=${shop.slug.slice(5)}`)).json().data.orders).toHaveLength(ofShop.length);
    expect((await url('?fundraiser=no-such-fundraiser')).json().data.orders).toHaveLength(0);
    // Guam's calendar day (the restaurant's zone), by the shared rule rather than hand-added hours.
    const guamToday = restaurantDay(new Date()).date;
    const today = all.filter((o) => restaurantDay(new Date(o.createdAt)).date === guamToday);
    expect(today.length).toBeGreaterThan(2);
    expect((await url(`?from=${guamToday}&to=${guamToday}`)).json().data.orders).toHaveLength(today.length);
    expect((await url(`?from=${guamToday}`)).json().data.orders).toHaveLength(today.length);
    expect((await url('?to=2020-01-01')).json().data.orders).toHaveLength(0);
    expect((await url('?status=bogus')).statusCode).toBe(400);
  });
});

describe('wholesale checkout under concurrency', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  afterAll(() => t.close());

  it("parallel orders for a variant's last units never oversell", async () => {
    const shop = await createTestFundraiser(t.db, {
      items: [{ name: 'Tee', priceCents: 2000, mode: 'variant', groups: [{ name: 'Size', options: [{ name: 'M' }, { name: 'L' }] }], variantStock: { M: 3, L: 5 } }],
    });
    const tee = shop.items[0]!;
    const m = tee.variants.find((v) => v.variantName === 'M')!;
    const lines = [{ item_id: tee.id, fundraiser_id: shop.fundraiserId, quantity: 1, selected_options: { [tee.groups[0]!.id]: [tee.groups[0]!.options[0]!.id] } }];
    const paymentIds: string[] = [];
    for (let i = 0; i < 12; i++) paymentIds.push(await payFor(t.app, shop.fundraiserId, lines));
    const responses = await Promise.all(paymentIds.map((id) => placeOrder(t.app, id, shop.fundraiserId, lines)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(['variant_out_of_stock', 'variant_insufficient_stock']).toContain(refused.json().error.details.issues[0].type);
    }
    const [row] = await t.db.select().from(wholesaleItemVariants).where(eq(wholesaleItemVariants.id, m.id));
    expect(row!.stockQuantity).toBe(0);
    const paid = await t.db.select().from(payments).where(inArray(payments.id, paymentIds));
    expect(paid.filter((p) => p.status === 'captured')).toHaveLength(3);
    expect(paid.filter((p) => p.status === 'voided')).toHaveLength(9);
    // The other size kept its own stock.
    const [l] = await t.db.select().from(wholesaleItemVariants).where(eq(wholesaleItemVariants.id, tee.variants.find((v) => v.variantName === 'L')!.id));
    expect(l!.stockQuantity).toBe(5);
  });
});
