import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction, type TransactionContext } from '../../db/transaction.ts';
import { build, type TestContext } from '../../test/build.ts';
import { orderRead } from './service.ts';

/** The order transaction's first read (order_read) finds its rows by their indexes. */
describe('the order read', () => {
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

  // A prepared statement keeps the plan it made (its generic plan) until the table is analyzed
  // again, however much it grows meanwhile. Each order's earlier order must be found by ONE lookup
  // in the key's unique index, on both its columns, not a pass over a table that grows with every
  // order placed.
  it('finds the earlier order by its key index, in the plan a prepared statement keeps', async () => {
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
      for (const [name, text] of [['order_read', orderRead(t.db).getQuery().sql]] as const) {
        const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${text}`);
        plans.push([name, rows[0]!['QUERY PLAN']]);
      }
    });
    type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
    const onOrders = (node: PlanNode): PlanNode[] => [
      ...(node['Relation Name'] === 'orders' ? [node] : []),
      ...(node.Plans ?? []).flatMap(onOrders),
    ];
    const [[, readPlan]] = plans as [[string, [{ Plan: PlanNode }]]];
    const nodes = onOrders(readPlan[0].Plan);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({
      'Node Type': 'Index Scan',
      'Index Name': 'orders_restaurant_idempotency_key_unique',
      'Index Cond': expect.stringMatching(/restaurant_id = .*idempotency_key = (?!ANY)/),
    });
  });
});
