import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutMessages } from '@kusina/domain/checkout';
import { PromotionMessages } from '@kusina/domain/promotions';
import { merchandiseStockEvents, orders, payments, promoCodes, vipCodes } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { createItem, createMerchandise, itemStock, merch, optionStock, pay, placeOrder, stockEventsOf, variantStock, openAllDay } from './test-support.ts';

/**
 * Real concurrency: Promise.all over app.inject with a pool of 10 connections, so PostgreSQL sees
 * up to 10 order transactions at once, contending for the same rows.
 */
describe('checkout under concurrency', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
    await openAllDay(t.db);
  });
  afterAll(() => t.close());

  it('50 parallel checkouts for an item with stock 10: exactly 10 orders, stock 0, 40 clean 409s', async () => {
    const item = await createItem(t.db, { name: 'Spam Musubi', priceCents: 450, stock: 10 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    // Every customer pays first (their own payment), then all place their orders at once.
    const paymentIds: string[] = [];
    for (let i = 0; i < 50; i++) paymentIds.push(await pay(t.app, { items }));

    const responses = await Promise.all(paymentIds.map((id) => placeOrder(t.app, id, { items })));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(codes.filter((c) => c >= 500)).toHaveLength(0);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      const issues = refused.json().error.details.issues;
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ code: 'out_of_stock', message: CheckoutMessages.outOfStock });
    }

    expect(await itemStock(t.db, item.id)).toBe(0);
    const placed = responses.filter((r) => r.statusCode === 201).map((r) => r.json().id as number);
    const rows = await t.db.select().from(orders).where(inArray(orders.id, placed));
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.orderNumber)).size).toBe(10);
    const paymentRows = await t.db.select().from(payments).where(inArray(payments.id, paymentIds));
    expect(paymentRows.filter((p) => p.status === 'captured')).toHaveLength(10);
    expect(paymentRows.filter((p) => p.status === 'voided')).toHaveLength(40);
    expect(paymentRows.filter((p) => p.status === 'captured').every((p) => p.orderId !== null && placed.includes(p.orderId))).toBe(true);
  });

  it('parallel checkouts never oversell a tracked option (another item keeps its own)', async () => {
    const sides = { name: 'Side', min: 1, max: 1, tracked: true, options: [{ name: 'Red rice', price: 0, stock: 3 }] };
    const a = await createItem(t.db, { priceCents: 1000, groups: [sides] });
    const b = await createItem(t.db, { priceCents: 1200, groups: [{ ...sides, options: [{ name: 'Red rice', price: 0, stock: 3 }] }] });
    const lineA = { menu_item_id: a.id, quantity: 1, selected_options: { [a.groups[0]!.id]: [a.groups[0]!.options[0]!.id] } };
    const paymentIds: string[] = [];
    for (let i = 0; i < 8; i++) paymentIds.push(await pay(t.app, { items: [lineA] }));
    const responses = await Promise.all(paymentIds.map((id) => placeOrder(t.app, id, { items: [lineA] })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await optionStock(t.db, a.groups[0]!.options[0]!.id)).toBe(0);
    // The other item's option row is its own stock, untouched.
    expect(await optionStock(t.db, b.groups[0]!.options[0]!.id)).toBe(3);
  });

  it('20 parallel checkouts (separate payments) for the last 3 units of a variant: exactly 3 orders, stock 0, one sale event each', async () => {
    const tee = await createMerchandise(t.db, {
      name: 'Fiesta Tee',
      basePriceCents: 2500,
      variants: [
        { size: 'L', color: 'Red', stock: 4, damaged: 1 },
        { size: 'XL', color: 'Red', stock: 50 },
      ],
    });
    const [last, plenty] = tee.variants;
    const mixed = await createItem(t.db, { priceCents: 600, stock: 100 });
    // Half the customers buy only the tee, half a plate too (menu item lock first, then the variant's).
    const cartOf = (i: number) => (i % 2 === 0 ? [merch(last!.id, 1)] : [{ menu_item_id: mixed.id, quantity: 1 }, merch(plenty!.id, 1), merch(last!.id, 1)]);
    const paymentIds: string[] = [];
    for (let i = 0; i < 20; i++) paymentIds.push(await pay(t.app, { items: cartOf(i) }));

    const responses = await Promise.all(paymentIds.map((id, i) => placeOrder(t.app, id, { items: cartOf(i) })));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.details.issues).toEqual([expect.objectContaining({ variant_id: last!.id, code: 'out_of_stock', message: CheckoutMessages.outOfStock })]);
    }

    // Never below zero: the damaged unit stays, nothing sellable is left.
    expect(await variantStock(t.db, last!.id)).toEqual({ stock: 1, damaged: 1 });
    const placed = responses.filter((r) => r.statusCode === 201).map((r) => r.json().id as number);
    const sales = await stockEventsOf(t.db, last!.id);
    expect(sales.map((e) => [e.kind, e.delta]).sort()).toEqual([['sale', -1], ['sale', -1], ['sale', -1]]);
    expect(sales.map((e) => e.orderId).sort()).toEqual([...placed].sort());
    // Events are in lock order: each one's figures follow the one before.
    expect(sales.map((e) => e.stockQuantity)).toEqual([3, 2, 1]);
    // The other variant and the plate moved only for the placed mixed carts.
    const placedMixed = responses.filter((r, i) => r.statusCode === 201 && i % 2 === 1).length;
    expect((await variantStock(t.db, plenty!.id)).stock).toBe(50 - placedMixed);
    expect(await itemStock(t.db, mixed.id)).toBe(100 - placedMixed);
    expect(await stockEventsOf(t.db, plenty!.id)).toHaveLength(placedMixed);
    const allSales = await t.db.select().from(merchandiseStockEvents).where(inArray(merchandiseStockEvents.orderId, placed));
    expect(allSales).toHaveLength(3 + placedMixed);
    const paymentRows = await t.db.select().from(payments).where(inArray(payments.id, paymentIds));
    expect(paymentRows.filter((p) => p.status === 'captured')).toHaveLength(3);
    expect(paymentRows.filter((p) => p.status === 'voided')).toHaveLength(17);
  });

  it('a promo with max_uses 1 and 10 parallel orders: exactly one order uses it', async () => {
    await t.db.insert(promoCodes).values({ restaurantId: 1, code: 'ONLYONE', discountType: 'percent', value: 50, maxUses: 1 });
    const item = await createItem(t.db, { priceCents: 2000, stock: 100 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    const paymentIds: string[] = [];
    for (let i = 0; i < 10; i++) paymentIds.push(await pay(t.app, { items, promo_code: 'ONLYONE' }));

    const responses = await Promise.all(paymentIds.map((id) => placeOrder(t.app, id, { items, promo_code: 'ONLYONE' })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(9);
    expect(refused.every((r) => r.statusCode === 422 && r.json().error.message === PromotionMessages.invalidPromo)).toBe(true);

    const [promo] = await t.db.select().from(promoCodes).where(and(eq(promoCodes.code, 'ONLYONE'), eq(promoCodes.restaurantId, 1)));
    expect(promo!.currentUses).toBe(1);
    expect(await itemStock(t.db, item.id)).toBe(99);
    const used = await t.db.select().from(orders).where(eq(orders.promoCodeId, promo!.id));
    expect(used).toHaveLength(1);
    expect(used[0]!.totalCents).toBe(1000);
  });

  it('a single-use VIP code and 10 parallel orders at the VIP-only restaurant: exactly one order', async () => {
    await t.db.insert(vipCodes).values({ restaurantId: 2, code: 'FRIEND1', name: 'one guest', maxUses: 1 });
    const item = await createItem(t.db, { restaurantId: 2, priceCents: 1500, stock: 100 });
    const items = [{ menu_item_id: item.id, quantity: 1 }];
    const paymentIds: string[] = [];
    for (let i = 0; i < 10; i++) paymentIds.push(await pay(t.app, { restaurantId: 2, items, vip_code: 'FRIEND1' }));

    const responses = await Promise.all(paymentIds.map((id) => placeOrder(t.app, id, { restaurantId: 2, items, vip_code: 'FRIEND1' })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 422 && r.json().error.message === PromotionMessages.vipRequired)).toHaveLength(9);
    const [vip] = await t.db.select().from(vipCodes).where(eq(vipCodes.code, 'FRIEND1'));
    expect(vip!.currentUses).toBe(1);
    expect(await itemStock(t.db, item.id)).toBe(99);
  });
});
