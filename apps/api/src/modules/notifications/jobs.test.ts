import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { build, type TestContext } from '../../test/build.ts';
import { waitFor } from '../accounts/test-support.ts';
import { NOTIFICATION_QUEUE, deliveryJobsSql, enqueueNotification, enqueueNotifications } from './service.ts';
import { deliveryJobsFor } from './test-support.ts';

/**
 * Checkout queues its messages' delivery jobs inside its own order statement (deliveryJobsSql)
 * instead of through boss.insert: the two must write the same job.
 */
describe('notifications: delivery jobs written by SQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const message = (body: string) => ({ restaurantId: 1, channel: 'sms' as const, recipient: '+16715550000', body, template: 'test' });

  /** Everything about a job but its own id, payload and timestamps (the retention as an interval from its start). */
  async function jobOf(notificationId: number) {
    const { rows } = await t.pool.query(
      `SELECT name, priority, retry_limit, retry_delay, retry_backoff, expire_in::text AS expire_in,
         (keep_until - start_after)::text AS retention, singleton_key, singleton_on, dead_letter, policy, data
       FROM pgboss.job WHERE data->'notification_ids' @> jsonb_build_array($1::int)`,
      [notificationId],
    );
    expect(rows).toHaveLength(1);
    return rows[0] as Record<string, unknown>;
  }

  it("writes the job boss.insert writes for the same message, and the worker delivers it", async () => {
    const viaBoss = await transaction(t.pool, ({ tx, client }) => enqueueNotification({ tx, client, boss: t.app.boss }, message('via boss.insert')));
    const viaSql = await transaction(t.pool, async ({ client }) => {
      const { rows } = await client.query<{ id: number; jobs: number }>(
        `WITH queued AS (
           INSERT INTO notifications (restaurant_id, channel, recipient, body, template) VALUES (1, 'sms', '+16715550000', 'via SQL', 'test') RETURNING id
         ), jobs AS (${deliveryJobsSql('queued')})
         SELECT (SELECT id FROM queued) AS id, (SELECT count(*)::int FROM jobs) AS jobs`,
      );
      expect(rows[0]?.jobs).toBe(1);
      return rows[0]!.id;
    });

    const [a, b] = [await jobOf(viaBoss), await jobOf(viaSql)];
    expect({ ...b, data: undefined }).toEqual({ ...a, data: undefined });
    expect(a.data).toEqual({ notification_ids: [viaBoss] });
    expect(b.data).toEqual({ notification_ids: [viaSql] });
    expect(b).toMatchObject({ name: 'notification.deliver', retry_limit: 5, retry_delay: 5, retry_backoff: true });

    const sent = await waitFor(async () => {
      const [row] = await t.db.select().from(notifications).where(eq(notifications.id, viaSql));
      return row?.status === 'sent' ? row : null;
    });
    expect(sent).toMatchObject({ body: 'via SQL', transport: 'outbox', attempts: 1 });
  });

  it('queues one job for the messages of a statement or a call, none for no message', async () => {
    const ids = await transaction(t.pool, ({ tx, client }) =>
      enqueueNotifications({ tx, client, boss: t.app.boss }, [message('one of three'), message('two of three'), message('three of three')]),
    );
    expect((await deliveryJobsFor(t.pool, ids)).map((job) => job.data)).toEqual([{ notification_ids: ids }]);

    const viaSql = await transaction(t.pool, async ({ client }) => {
      const { rows } = await client.query<{ ids: number[]; jobs: number }>(
        `WITH queued AS (
           INSERT INTO notifications (restaurant_id, channel, recipient, body, template)
           SELECT 1, 'sms', '+16715550000', 'via SQL ' || n, 'test' FROM generate_series(1, $1::int) n RETURNING id
         ), jobs AS (${deliveryJobsSql('queued')})
         SELECT ARRAY(SELECT id FROM queued ORDER BY id) AS ids, (SELECT count(*)::int FROM jobs) AS jobs`,
        [2],
      );
      return rows[0]!;
    });
    expect(viaSql.jobs).toBe(1);
    expect((await deliveryJobsFor(t.pool, viaSql.ids)).map((job) => job.data)).toEqual([{ notification_ids: viaSql.ids }]);

    const none = await transaction(t.pool, async ({ client }) => {
      const { rows } = await client.query<{ jobs: number }>(
        `WITH queued AS (SELECT id FROM notifications WHERE false), jobs AS (${deliveryJobsSql('queued')}) SELECT (SELECT count(*)::int FROM jobs) AS jobs`,
      );
      return rows[0]!.jobs;
    });
    expect(none).toBe(0);

    for (const id of [...ids, ...viaSql.ids]) {
      await waitFor(async () => {
        const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
        return row?.status === 'sent' ? row : null;
      });
    }
  });

  it('still delivers a job queued in the former shape, one notification_id', async () => {
    const id = await transaction(t.pool, async ({ tx, client }) => {
      const [row] = await tx
        .insert(notifications)
        .values({ restaurantId: 1, channel: 'sms', recipient: '+16715550000', body: 'a job from before', template: 'test' })
        .returning({ id: notifications.id });
      await t.app.boss.insert([{ name: NOTIFICATION_QUEUE, data: { notification_id: row!.id } }], {
        db: { executeSql: (text, values) => client.query(text, values) },
      });
      return row!.id;
    });
    const sent = await waitFor(async () => {
      const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
      return row?.status === 'sent' ? row : null;
    });
    expect(sent).toMatchObject({ transport: 'outbox', attempts: 1 });
  });
});
