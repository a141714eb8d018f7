import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutMessages } from '@kusina/domain/checkout';
import { OrderCreateInput } from '@kusina/domain/orders';
import { menuItems, notifications, orders, payments, restaurants } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { deliveryJobsFor } from '../notifications/test-support.ts';
import { TEST_CARDS } from '../payments/test-processor.ts';
import { createPool } from '../../db/client.ts';
import { OrderBatcher, batchable, placeBatch } from './batch.ts';
import { loadPricingCatalog, PricingCatalogs } from './catalog-cache.ts';
import { orderDeps } from './routes.ts';
import { placeOrder, type PlaceOrderInput } from './service.ts';
import { contact, createItem, createMerchandise, itemStock, newKey, pay, type Line } from './test-support.ts';

/**
 * Group commit (batch.ts) against the real database: what a batch writes, what it leaves to the
 * one-order path, and that a failed batch loses and doubles nothing.
 */
describe('order batches', () => {
  let t: TestContext;
  let plain: Line[];
  let plainItemId: number;
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
    const item = await createItem(t.db, { name: 'Chicken Kelaguen', priceCents: 1200 });
    plainItemId = item.id;
    plain = [{ menu_item_id: item.id, quantity: 2 }];
  });
  afterAll(() => t.close());

  const input = (paymentId: string, items: Line[] = plain, key = newKey(), extra: Record<string, unknown> = {}): PlaceOrderInput => ({
    restaurantId: 1,
    idempotencyKey: key,
    auth: null,
    // As POST /orders hands it over: validated, defaults filled in.
    body: OrderCreateInput.parse({ restaurant_id: 1, items, contact, payment_id: paymentId, ...extra }),
  });

  /** A fresh per-process catalog cache, as an OrderBatcher has. */
  const freshCatalogs = () => new PricingCatalogs((id) => loadPricingCatalog(t.db, id));
  const catalogVersion = async (restaurantId = 1) =>
    (await t.db.select({ v: restaurants.catalogVersion }).from(restaurants).where(eq(restaurants.id, restaurantId)))[0]!.v;

  async function paid(count: number, items: Line[] = plain): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await pay(t.app, { items }));
    return ids;
  }

  it('places plain orders together in ONE transaction, each with its lines, messages and captured payment, their messages in one delivery job', async () => {
    const paymentIds = await paid(12);
    const outcome = await placeBatch(orderDeps(t.app), paymentIds.map((id) => input(id)), freshCatalogs());
    expect(outcome.alone).toEqual([]);
    expect(outcome.placed).toHaveLength(12);

    const ids = outcome.placed.map(({ result }) => result.order.id);
    const rows = await t.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.orderNumber)).size).toBe(12);
    // One transaction wrote them all.
    const writers = await t.db.execute<{ xmin: string }>(sql`SELECT DISTINCT xmin::text FROM orders WHERE id IN ${ids}`);
    expect(writers.rows).toHaveLength(1);

    for (const { input: placedInput, result } of outcome.placed) {
      expect(result.created).toBe(true);
      expect(result.order.total).toBe(24);
      expect(result.order.items).toEqual([expect.objectContaining({ name: 'Chicken Kelaguen', quantity: 2, price: 12 })]);
      expect(result.order.payment?.status).toBe('captured');
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, placedInput.body.payment_id));
      expect(payment).toMatchObject({ status: 'captured', orderId: result.order.id });
    }
    const messages = await t.db.select().from(notifications).where(inArray(notifications.recipient, [contact.email, contact.phone]));
    const ours = rows.flatMap((row) => {
      const mine = messages.filter((m) => m.body.includes(`${row.orderNumber} `) || m.body.includes(`${row.orderNumber}.`));
      expect(mine.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
      return mine.map((m) => m.id);
    });
    // The batch's 24 messages share one delivery job.
    const jobs = await deliveryJobsFor(t.pool, ours);
    expect(jobs.map((job) => [...job.data.notification_ids].sort((a, b) => a - b))).toEqual([[...ours].sort((a, b) => a - b)]);
  });

  it('leaves every order it does not decide alone to placeOrder, whose answers are the usual ones', async () => {
    const tracked = await createItem(t.db, { name: 'Limited Kadon Pika', priceCents: 1500, stock: 5 });
    const trackedLine: Line[] = [{ menu_item_id: tracked.id, quantity: 1 }];
    const [a, f1, f2, g, mismatch, used, lost] = await paid(7);
    const [stock] = await paid(1, trackedLine);
    const [declined] = [await pay(t.app, { items: plain, cardNumber: TEST_CARDS.captureDeclined })];
    // A payment that already paid for an order.
    expect((await placeOrder(orderDeps(t.app), input(used!))).created).toBe(true);

    const sharedKey = newKey();
    const inputs = {
      a: input(a!),
      f1: input(f1!, plain, sharedKey),
      f2: input(f2!, plain, sharedKey), // the same Idempotency-Key with another payment
      g1: input(g!),
      g2: input(g!), // the same payment with another key
      stock: input(stock!, trackedLine),
      mismatch: input(mismatch!, [{ menu_item_id: plainItemId, quantity: 3 }]),
      used: input(used!),
      declined: input(declined),
      nowhere: { ...input(lost!), restaurantId: 999 }, // no such restaurant
    };
    const outcome = await placeBatch(orderDeps(t.app), Object.values(inputs), freshCatalogs());
    expect(outcome.placed.map((p) => p.input)).toEqual(expect.arrayContaining([inputs.a, inputs.f1, inputs.g1]));
    expect(outcome.placed).toHaveLength(3);
    expect(outcome.alone).toHaveLength(7);
    expect(await itemStock(t.db, tracked.id)).toBe(5); // the batch touched no tracked stock

    // Alone, each gets the one-order path's answer.
    const deps = orderDeps(t.app);
    const f1Order = outcome.placed.find((p) => p.input === inputs.f1)!.result.order;
    const g1Order = outcome.placed.find((p) => p.input === inputs.g1)!.result.order;
    expect(await placeOrder(deps, inputs.f2)).toMatchObject({ created: false, order: { id: f1Order.id } });
    expect(await placeOrder(deps, inputs.g2)).toMatchObject({ created: false, order: { id: g1Order.id } });
    expect(await placeOrder(deps, inputs.stock)).toMatchObject({ created: true });
    expect(await itemStock(t.db, tracked.id)).toBe(4);
    await expect(placeOrder(deps, inputs.mismatch)).rejects.toMatchObject({ httpStatus: 409, message: CheckoutMessages.paymentAmountMismatch });
    expect(await placeOrder(deps, inputs.used)).toMatchObject({ created: false });
    await expect(placeOrder(deps, inputs.declined)).rejects.toMatchObject({ httpStatus: 402 });
    await expect(placeOrder(deps, inputs.nowhere)).rejects.toMatchObject({ httpStatus: 404 });
    const [f2Payment] = await t.db.select().from(payments).where(eq(payments.id, f2!));
    expect(f2Payment!.status).toBe('voided');
  });

  it('never takes promo, VIP or staff orders', () => {
    const p = '00000000-0000-4000-8000-000000000000';
    expect(batchable(input(p))).toBe(true);
    expect(batchable(input(p, plain, newKey(), { promo_code: 'HAFA10' }))).toBe(false);
    expect(batchable(input(p, plain, newKey(), { vip_code: 'VIP2026' }))).toBe(false);
    expect(batchable(input(p, plain, newKey(), { staff_member_name: 'Ana' }))).toBe(false);
    expect(batchable(input(p, plain, newKey(), { staff_discount_id: 1 }))).toBe(false);
  });

  it('waits for a key another transaction is placing, leaves that order alone and writes the rest', async () => {
    const [x, y, z] = await paid(3);
    const clashing = newKey();
    // Another transaction is placing an order with z's Idempotency-Key and has not committed yet.
    const [template] = await t.db.select().from(orders).limit(1);
    const columns = (
      await t.db.execute<{ column_name: string }>(
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'orders' AND column_name NOT IN ('id', 'order_number', 'access_token', 'idempotency_key')`,
      )
    ).rows.map((r) => `"${r.column_name}"`);
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    await other.query('BEGIN');
    const { rows } = await other.query<{ id: number }>(
      `INSERT INTO orders (${columns.join(', ')}, access_token, idempotency_key)
       SELECT ${columns.join(', ')}, 'other-transaction-token', $2 FROM orders WHERE id = $1 RETURNING id`,
      [template!.id, clashing],
    );
    const otherOrderId = rows[0]!.id;

    const batch = placeBatch(orderDeps(t.app), [input(x!), input(y!), input(z!, plain, clashing)], freshCatalogs());
    // The batch's order statement waits on the other transaction's key; then that one commits.
    await expect.poll(async () => (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`)).rows[0]!.n).toBeGreaterThan(0);
    await other.query('COMMIT');
    await other.end();

    const outcome = await batch;
    expect(outcome.placed.map((p) => p.input.body.payment_id).sort()).toEqual([x!, y!].sort());
    expect(outcome.alone.map((a) => a.body.payment_id)).toEqual([z!]);
    const [zPayment] = await t.db.select().from(payments).where(eq(payments.id, z!));
    expect(zPayment).toMatchObject({ status: 'authorized', orderId: null });

    // Alone, z gets the one-order path's answer: the order its key placed; its payment is released.
    const answer = await placeOrder(orderDeps(t.app), outcome.alone[0]!);
    expect(answer).toMatchObject({ created: false, order: { id: otherOrderId } });
    const placedPayments = await t.db.select().from(payments).where(inArray(payments.id, [x!, y!, z!]));
    for (const { input: placedInput, result } of outcome.placed) {
      expect(placedPayments.find((p) => p.id === placedInput.body.payment_id)).toMatchObject({ status: 'captured', orderId: result.order.id });
    }
    expect(placedPayments.find((p) => p.id === z)).toMatchObject({ status: 'voided', orderId: null });
    expect(await t.db.select().from(orders).where(eq(orders.idempotencyKey, clashing))).toHaveLength(1);
  });

  it('a batch whose statement fails writes nothing, and each of its orders is then placed exactly once on its own', async () => {
    const [x, y, z] = await paid(3);
    // Another transaction holds z's payment; the batch's connections give up waiting after 300 ms.
    const impatient = createPool(t.databaseUrl, 2);
    impatient.on('connect', (client) => void client.query('SET lock_timeout = 300'));
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    await other.query('BEGIN');
    await other.query('SELECT 1 FROM payments WHERE id = $1 FOR UPDATE', [z!]);
    try {
      const outcome = await placeBatch({ ...orderDeps(t.app), pool: impatient }, [input(x!), input(y!), input(z!)], freshCatalogs());
      expect(outcome.placed).toEqual([]);
      expect(outcome.alone).toHaveLength(3);
    } finally {
      await other.query('ROLLBACK');
      await other.end();
      await impatient.end();
    }
    expect(await t.db.select().from(payments).where(inArray(payments.id, [x!, y!, z!]))).toEqual(
      [x, y, z].map(() => expect.objectContaining({ status: 'authorized', orderId: null })),
    );
    const deps = orderDeps(t.app);
    const answers = await Promise.all([x!, y!, z!].map((id) => placeOrder(deps, input(id))));
    expect(answers.map((a) => a.created)).toEqual([true, true, true]);
    expect(new Set(answers.map((a) => a.order.id)).size).toBe(3);
  });

  it('prices from its cached catalog only while the catalog is unchanged: an order priced before a change is left alone', async () => {
    const item = await createItem(t.db, { name: 'Shrimp patties', priceCents: 900 });
    const line: Line[] = [{ menu_item_id: item.id, quantity: 1 }];
    const catalogs = freshCatalogs();
    const deps = orderDeps(t.app);
    const [first] = await paid(1, line);
    expect((await placeBatch(deps, [input(first!, line)], catalogs)).placed).toHaveLength(1);
    expect(catalogs.loads).toBe(1);

    // A change that is not stock raises the version; stock counts alone do not.
    const before = await catalogVersion();
    await t.db.update(menuItems).set({ stockQuantity: 40 }).where(eq(menuItems.id, item.id));
    expect(await catalogVersion()).toBe(before);
    await t.db.update(menuItems).set({ name: 'Shrimp patties (4)' }).where(eq(menuItems.id, item.id));
    expect(await catalogVersion()).toBe(before + 1);

    // Priced from the cached catalog (the old name): not written, left to placeOrder, catalog forgotten.
    const [second, third] = await paid(2, line);
    const stale = await placeBatch(deps, [input(second!, line)], catalogs);
    expect(stale.placed).toEqual([]);
    expect(stale.alone).toHaveLength(1);
    const [secondPayment] = await t.db.select().from(payments).where(eq(payments.id, second!));
    expect(secondPayment).toMatchObject({ status: 'authorized', orderId: null });
    expect((await placeOrder(deps, stale.alone[0]!)).order.items).toEqual([expect.objectContaining({ name: 'Shrimp patties (4)' })]);

    // The next batch reads the catalog again and writes the order as it now is.
    const fresh = await placeBatch(deps, [input(third!, line)], catalogs);
    expect(catalogs.loads).toBe(2);
    expect(fresh.placed.map((p) => p.result.order.items)).toEqual([[expect.objectContaining({ name: 'Shrimp patties (4)' })]]);
  });

  it('reads a catalog again once it is old, so an order the cached catalog refused is batched again', async () => {
    const item = await createItem(t.db, { name: 'Titiyas', priceCents: 400, available: false });
    const line: Line[] = [{ menu_item_id: item.id, quantity: 1 }];
    let clock = 0;
    const catalogs = new PricingCatalogs((id) => loadPricingCatalog(t.db, id), { maxAgeMs: 5000, now: () => clock });
    await catalogs.get(1); // cached while the item is unavailable
    await t.db.update(menuItems).set({ available: true }).where(eq(menuItems.id, item.id));
    const deps = orderDeps(t.app);
    const [first, second] = await paid(2, line);

    // The cached catalog still says unavailable: the order goes to placeOrder, which places it.
    clock = 4999;
    const refused = await placeBatch(deps, [input(first!, line)], catalogs);
    expect(refused.placed).toEqual([]);
    expect((await placeOrder(deps, refused.alone[0]!)).created).toBe(true);
    expect(catalogs.loads).toBe(1);

    clock = 5000;
    const batched = await placeBatch(deps, [input(second!, line)], catalogs);
    expect(catalogs.loads).toBe(2);
    expect(batched.placed.map((p) => p.result.order.items)).toEqual([[expect.objectContaining({ name: 'Titiyas' })]]);

    // Restaurants that do not exist are not kept: the cache holds only real ones.
    await catalogs.get(424242);
    await catalogs.get(424243);
    expect(catalogs.size).toBe(1);
  });

  it('counts every kind of catalog change but stock: options, merchandise, the restaurant itself', async () => {
    const item = await createItem(t.db, { name: 'Red rice plate', priceCents: 800, groups: [{ name: 'Sides', max: 1, options: [{ name: 'Egg', price: 100 }] }] });
    const option = item.groups[0]!.options[0]!;
    const tee = await createMerchandise(t.db, { name: 'Latte stone tee', basePriceCents: 2500, variants: [{ size: 'M', stock: 3 }] });
    const variant = tee.variants[0]!;
    const steps: [string, () => Promise<unknown>, number][] = [
      ['a new merchandise item', () => createMerchandise(t.db, { name: 'Sticker', basePriceCents: 300 }), 2], // the item, then its variant
      ['variant stock', () => t.db.execute(sql`UPDATE merchandise_variants SET stock_quantity = 9, damaged_quantity = 1 WHERE id = ${variant.id}`), 0],
      ['variant price', () => t.db.execute(sql`UPDATE merchandise_variants SET price_adjustment_cents = 200 WHERE id = ${variant.id}`), 1],
      ['merchandise item stock tracking', () => t.db.execute(sql`UPDATE merchandise_items SET enable_stock_tracking = false WHERE id = ${tee.id}`), 1],
      ['merchandise item deleted', () => t.db.execute(sql`DELETE FROM merchandise_items WHERE id = ${tee.id}`), 1],
      ['option stock', () => t.db.execute(sql`UPDATE options SET stock_quantity = 7 WHERE id = ${option.id}`), 0],
      ['option price', () => t.db.execute(sql`UPDATE options SET additional_price_cents = 125 WHERE id = ${option.id}`), 1],
      ['option group rule', () => t.db.execute(sql`UPDATE option_groups SET max_select = 2 WHERE id = ${item.groups[0]!.id}`), 1],
      ['a new option', () => t.db.execute(sql`INSERT INTO options (option_group_id, name, additional_price_cents) VALUES (${item.groups[0]!.id}, 'Spam', 150)`), 1],
      ['the restaurant', () => t.db.update(restaurants).set({ customPickupLocation: 'Side window' }).where(eq(restaurants.id, 1)), 1],
      ['the restaurant, unchanged', () => t.db.update(restaurants).set({ customPickupLocation: 'Side window' }).where(eq(restaurants.id, 1)), 0],
      ['an item deleted', () => t.db.delete(menuItems).where(eq(menuItems.id, item.id)), 1],
    ];
    for (const [what, change, bump] of steps) {
      const before = await catalogVersion();
      await change();
      expect(await catalogVersion(), what).toBe(before + bump);
    }
    await t.db.update(restaurants).set({ customPickupLocation: null }).where(eq(restaurants.id, 1));
  });

  it('two batches racing with the same payment, or the same key, place one order', async () => {
    const deps = orderDeps(t.app);
    const [p1, p2, p3] = await paid(3);
    const key = newKey();
    // p1 in both batches (different keys); key in both batches (p2, p3).
    const [a, b] = await Promise.all([
      placeBatch(deps, [input(p1!), input(p2!, plain, key)], freshCatalogs()),
      placeBatch(deps, [input(p1!), input(p3!, plain, key)], freshCatalogs()),
    ]);
    const placed = [...a.placed, ...b.placed];
    expect(placed.filter((p) => p.input.body.payment_id === p1)).toHaveLength(1);
    expect(placed.filter((p) => p.input.idempotencyKey === key)).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    const [payment1] = await t.db.select().from(payments).where(eq(payments.id, p1!));
    expect(await t.db.select().from(orders).where(eq(orders.id, payment1!.orderId!))).toHaveLength(1);
    // What was left alone gets the one-order path's answer: the order already placed.
    const alone = await Promise.all([...a.alone, ...b.alone].map((one) => placeOrder(deps, one)));
    expect(alone.map((r) => r.created)).toEqual([false, false]);
  });

  it('under concurrent orders, the batcher places each exactly once, in batches', async () => {
    const batcher = new OrderBatcher(() => orderDeps(t.app));
    const paymentIds = await paid(40);
    const results = await Promise.all(paymentIds.map((id) => batcher.place(input(id))));
    expect(results.every((r) => r.created)).toBe(true);
    const ids = results.map((r) => r.order.id);
    expect(new Set(ids).size).toBe(40);
    expect(await t.db.select().from(orders).where(inArray(orders.id, ids))).toHaveLength(40);
    expect(batcher.stats.placed).toBe(40);
    expect(batcher.stats.batches).toBeLessThan(40);
    expect(batcher.stats.largest).toBeGreaterThan(1);
  });
});
