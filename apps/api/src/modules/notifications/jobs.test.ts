import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { build, type TestContext } from '../../test/build.ts';
import { waitFor } from '../accounts/test-support.ts';
import { NOTIFICATION_QUEUE, enqueueNotification, enqueueNotifications } from './service.ts';
import { deliveryJobsFor } from './test-support.ts';

/** Every message reaches its delivery queue through pg-boss's own insert (enqueueNotifications), in the caller's transaction. */
describe('notifications: delivery jobs', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const message = (body: string) => ({ restaurantId: 1, channel: 'sms' as const, recipient: '+16715550000', body, template: 'test' });

  it('queues one job for the messages of a call, none for no message, and none when the transaction rolls back; the worker delivers them', async () => {
    const ids = await transaction(t.pool, ({ tx, client }) =>
      enqueueNotifications({ tx, client, boss: t.app.boss }, [message('one of three'), message('two of three'), message('three of three')]),
    );
    const jobs = await deliveryJobsFor(t.pool, ids);
    expect(jobs.map((job) => job.data)).toEqual([{ notification_ids: ids }]);
    const [job] = (await t.pool.query('SELECT name, retry_limit, retry_delay, retry_backoff FROM pgboss.job WHERE data = $1::jsonb', [JSON.stringify({ notification_ids: ids })])).rows;
    expect(job).toMatchObject({ name: NOTIFICATION_QUEUE, retry_limit: 5, retry_delay: 5, retry_backoff: true });

    expect(await transaction(t.pool, ({ tx, client }) => enqueueNotifications({ tx, client, boss: t.app.boss }, []))).toEqual([]);

    class Rollback extends Error {}
    let rolledBack: number[] = [];
    await expect(
      transaction(t.pool, async ({ tx, client }) => {
        rolledBack = await enqueueNotifications({ tx, client, boss: t.app.boss }, [message('never sent')]);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(rolledBack).toHaveLength(1);
    expect(await deliveryJobsFor(t.pool, rolledBack)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.id, rolledBack[0]!))).toEqual([]);

    const one = await transaction(t.pool, ({ tx, client }) => enqueueNotification({ tx, client, boss: t.app.boss }, message('alone')));
    for (const id of [...ids, one]) {
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
