import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderCreateInput } from '@kusina/domain/orders';
import { transaction, type TransactionContext } from '../../db/transaction.ts';
import { build, type TestContext } from '../../test/build.ts';
import { cartCatalog, loadPricingCatalog } from './catalog-cache.ts';
import { BATCH_ORDER_STATEMENT } from './repository.ts';
import { orderRead, orderReadParams, type OrderRead, type PlaceOrderInput } from './service.ts';
import { checkout, contact, createItem, createMerchandise, merch, newKey, pay, type Line } from './test-support.ts';

/**
 * What the order batch prices from (a restaurant's cached catalog, catalog-cache.ts) must be, for
 * each cart, exactly what the one-order path's order_read reads: the same restaurant row and
 * catalog rows, field for field. And both paths' statements find rows by their indexes.
 */
describe('what orders are priced from', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ CODE_CHECK_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  afterAll(() => t.close());

  /** Runs `fn` in a transaction that is then rolled back, whatever it wrote. */
  class Rollback extends Error {}
  const rolledBack = (fn: (ctx: TransactionContext) => Promise<void>) =>
    transaction(t.pool, async (ctx) => {
      await fn(ctx);
      throw new Rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });

  const input = (restaurantId: number, items: Line[], paymentId: string, key = newKey()): PlaceOrderInput => ({
    restaurantId,
    idempotencyKey: key,
    auth: null,
    body: OrderCreateInput.parse({ restaurant_id: restaurantId, items, contact, payment_id: paymentId }),
  });

  it("prices each cart from the rows order_read reads, whatever the carts share, lack or name of another restaurant's", async () => {
    const plate = await createItem(t.db, {
      name: 'Kelaguen plate',
      priceCents: 1400,
      groups: [{ name: 'Sides', max: 2, free: 1, options: [{ name: 'Red rice', price: 150 }, { name: 'Titiyas', price: null }] }],
    });
    const spam = await createItem(t.db, { name: 'Spam musubi', priceCents: 450, tracked: true, stock: 9 });
    const other = await createItem(t.db, { restaurantId: 2, name: 'Poke bowl', priceCents: 1600 });
    const tee = await createMerchandise(t.db, { basePriceCents: 2500, variants: [{ size: 'M', stock: 3 }, { size: 'L', stock: 0 }] });
    const otherTee = await createMerchandise(t.db, { restaurantId: 2, basePriceCents: 2600 });
    const [sides] = plate.groups;
    const withSides: Line = { menu_item_id: plate.id, quantity: 1, selected_options: { [sides!.id]: sides!.options.map((o) => o.id) } };

    const fresh = await pay(t.app, { items: [withSides] });
    const second = await pay(t.app, { items: [{ menu_item_id: spam.id, quantity: 1 }] });
    // An order already placed: its key finds it, its payment is linked to it.
    const placedKey = newKey();
    const placed = await checkout(t.app, { items: [{ menu_item_id: spam.id, quantity: 2 }], key: placedKey });
    expect(placed.statusCode, placed.body).toBe(201);
    const [{ id: usedPayment }] = (await t.pool.query<{ id: string }>('SELECT id FROM payments WHERE order_id = $1', [placed.json().id])).rows as [{ id: string }];

    const inputs = [
      input(1, [withSides, { menu_item_id: spam.id, quantity: 1 }], fresh),
      // The same items again, merchandise of this restaurant and of another, a dish of another.
      input(1, [{ menu_item_id: spam.id, quantity: 3 }, withSides, merch(tee.variants[0]!.id, 1), merch(tee.variants[1]!.id, 1), merch(otherTee.variants[0]!.id, 1), { menu_item_id: other.id, quantity: 1 }], second),
      // Another restaurant, naming a dish of the first; a payment that does not exist.
      input(2, [{ menu_item_id: other.id, quantity: 1 }, { menu_item_id: plate.id, quantity: 1 }, merch(otherTee.variants[0]!.id, 2)], randomUUID()),
      // The key and the payment of the order already placed.
      input(1, [{ menu_item_id: spam.id, quantity: 2 }], usedPayment, placedKey),
      // No such restaurant.
      input(987654, [withSides], randomUUID()),
    ];

    const catalogs = new Map([1, 2, 987654].map((id) => [id, loadPricingCatalog(t.db, id)]));
    const checked: [number, OrderRead | undefined][] = [];
    await rolledBack(async ({ tx }) => {
      for (const [i, one] of inputs.entries()) {
        const [single] = await orderRead(tx).execute(orderReadParams(one));
        checked.push([i + 1, single]);
      }
    });
    for (const [n, fromOne] of checked) {
      const one = inputs[n - 1]!;
      const catalog = await catalogs.get(one.restaurantId)!;
      if (!fromOne) {
        expect(catalog, `order ${n}`).toBeNull();
        continue;
      }
      expect(catalog!.restaurant, `order ${n}`).toStrictEqual(fromOne.restaurant);
      expect(cartCatalog(catalog!, one.body.items), `order ${n}`).toStrictEqual({ items: fromOne.catalog, variants: fromOne.merchandise });
    }
    // And what they hold is what each case means.
    const byN = new Map(checked);
    expect(byN.get(1)!.catalog.map((i) => i.id)).toEqual([plate.id, spam.id].sort((a, b) => a - b));
    expect(byN.get(1)!.catalog.find((i) => i.id === plate.id)!.optionGroups[0]!.options).toHaveLength(2);
    expect(byN.get(2)!.merchandise.map((v) => v.id)).toEqual(tee.variants.map((v) => v.id));
    expect(byN.get(2)!.catalog.map((i) => i.id)).not.toContain(other.id);
    expect(byN.get(3)!.restaurant.id).toBe(2);
    expect(byN.get(3)!.catalog.map((i) => i.id)).toEqual([other.id]);
    expect(byN.get(3)!.merchandise.map((v) => v.id)).toEqual([otherTee.variants[0]!.id]);
    expect(byN.get(5)).toBeUndefined();
  });

  // A prepared statement keeps the plan it made (its generic plan) until the table is analyzed
  // again, however much it grows meanwhile. Each order's earlier order must be found by ONE lookup
  // in the key's unique index, on both its columns: planned with a few hundred orders, the batch
  // read used to look for all of a batch's keys in one pass over the table (a hash join), a pass
  // that grows with every order placed — in the bench, ≈ 3 ms of PostgreSQL's time a batch by
  // 10,000 orders, a quarter of its CPU.
  it('finds earlier orders, payments and restaurants by their indexes, in the plans prepared statements keep', async () => {
    const plans: [string, unknown][] = [];
    await rolledBack(async ({ client }) => {
      // A few hundred orders like the bench's, and fresh statistics (rolled back with them).
      await client.query(`
        INSERT INTO orders (restaurant_id, status, food_subtotal_cents, subtotal_cents, total_cents, contact_name, contact_phone,
          contact_email, estimated_pickup_time, location_name, location_address, access_token, idempotency_key)
        SELECT 1, 'pending', 4585, 4585, 4585, 'Bench Customer', '+16715550199', 'bench@kusina.test', now(), 'Kusina',
          '1000 Marine Corps Dr, Tamuning, GU 96913', replace(gen_random_uuid()::text, '-', ''), 'bench-' || gen_random_uuid()
        FROM generate_series(1, 200)`);
      await client.query('ANALYZE orders');
      for (const [name, text] of [['order_read', orderRead(t.db).getQuery().sql], ['order_insert_batch', BATCH_ORDER_STATEMENT.text]] as const) {
        const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${text}`);
        plans.push([name, rows[0]!['QUERY PLAN']]);
      }
    });
    type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
    const onOrders = (node: PlanNode): PlanNode[] => [
      ...(node['Relation Name'] === 'orders' ? [node] : []),
      ...(node.Plans ?? []).flatMap(onOrders),
    ];
    const [[, readPlan], [, batchPlan]] = plans as [[string, [{ Plan: PlanNode }]], [string, [{ Plan: PlanNode }]]];
    const nodes = onOrders(readPlan[0].Plan);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({
      'Node Type': 'Index Scan',
      'Index Name': 'orders_restaurant_idempotency_key_unique',
      'Index Cond': expect.stringMatching(/restaurant_id = .*idempotency_key = (?!ANY)/),
    });
    // The batch's statement finds its payments and restaurants by their primary keys (the orders'
    // keys are checked by the INSERT's ON CONFLICT, in the key's unique index).
    const scans = (node: PlanNode): PlanNode[] => [
      ...(String(node['Node Type']).endsWith('Scan') && ['payments', 'restaurants', 'orders'].includes(String(node['Relation Name'])) ? [node] : []),
      ...(node.Plans ?? []).flatMap(scans),
    ];
    const batchScans = scans(batchPlan[0].Plan).map((node) => [node['Relation Name'], node['Node Type'], node['Index Name']]);
    expect(batchScans).toEqual(
      expect.arrayContaining([
        ['payments', 'Index Scan', 'payments_pkey'],
        ['restaurants', 'Index Scan', 'restaurants_pkey'],
      ]),
    );
    expect(batchScans.filter(([, type]) => type !== 'Index Scan')).toEqual([]);
  });
});
