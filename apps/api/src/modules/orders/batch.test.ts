import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutMessages } from '@kusina/domain/checkout';
import { OrderCreateInput } from '@kusina/domain/orders';
import { notifications, orders, payments } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { deliveryJobsFor } from '../notifications/test-support.ts';
import { TEST_CARDS } from '../payments/test-processor.ts';
import { OrderBatcher, batchable, placeBatch } from './batch.ts';
import { orderDeps } from './routes.ts';
import { placeOrder, type PlaceOrderInput } from './service.ts';
import { contact, createItem, itemStock, newKey, pay, type Line } from './test-support.ts';

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

  async function paid(count: number, items: Line[] = plain): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await pay(t.app, { items }));
    return ids;
  }

  it('places plain orders together in ONE transaction, each with its lines, messages and captured payment, their messages in one delivery job', async () => {
    const paymentIds = await paid(12);
    const outcome = await placeBatch(orderDeps(t.app), paymentIds.map((id) => input(id)));
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
    const outcome = await placeBatch(orderDeps(t.app), Object.values(inputs));
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

  it('a batch that fails writes nothing, and each of its orders is then placed exactly once on its own', async () => {
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

    const batch = placeBatch(orderDeps(t.app), [input(x!), input(y!), input(z!, plain, clashing)]);
    // The batch's order statement waits on the other transaction's key; then that one commits.
    await expect.poll(async () => (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`)).rows[0]!.n).toBeGreaterThan(0);
    await other.query('COMMIT');
    await other.end();

    const outcome = await batch;
    expect(outcome.placed).toEqual([]);
    expect(outcome.alone).toHaveLength(3);
    expect(await t.db.select().from(payments).where(inArray(payments.id, [x!, y!, z!]))).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'authorized', orderId: null })]),
    );

    const deps = orderDeps(t.app);
    const [forX, forY, forZ] = [x!, y!, z!].map((id) => outcome.alone.find((alone) => alone.body.payment_id === id)!);
    const answers = await Promise.all([forX!, forY!, forZ!].map((alone) => placeOrder(deps, alone)));
    expect(answers.map((a) => a.created)).toEqual([true, true, false]);
    expect(answers[2]!.order.id).toBe(otherOrderId);
    const placedPayments = await t.db.select().from(payments).where(inArray(payments.id, [x!, y!, z!]));
    expect(placedPayments.find((p) => p.id === x)).toMatchObject({ status: 'captured', orderId: answers[0]!.order.id });
    expect(placedPayments.find((p) => p.id === y)).toMatchObject({ status: 'captured', orderId: answers[1]!.order.id });
    expect(placedPayments.find((p) => p.id === z)).toMatchObject({ status: 'voided', orderId: null });
    expect(await t.db.select().from(orders).where(eq(orders.idempotencyKey, clashing))).toHaveLength(1);
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
