import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { preparedQuery } from '../../db/prepared.ts';
import { notifications } from '../../db/schema/index.ts';
import {
  NOTIFICATION_QUEUE,
  NOTIFICATION_RETRY_DELAY_SECONDS,
  NOTIFICATION_RETRY_LIMIT,
  type DeliverJob,
} from './service.ts';
import { createTransports, type TransportSet } from './transports.ts';

type NotificationRow = typeof notifications.$inferSelect;

const findNotification = preparedQuery((db) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.id, sql.placeholder('id')))
    .limit(1)
    .prepare('notification_by_id'),
);

/** A fetched batch's rows in one read (a busy checkout queues two messages an order). */
const findNotifications = preparedQuery((db) =>
  db
    .select()
    .from(notifications)
    .where(sql`${notifications.id} = ANY(${sql.placeholder('ids')}::integer[])`)
    .prepare('notifications_by_ids'),
);

/** Delivers one queued message; throws on failure (the worker then fails that job for a retry). */
export async function deliverNotification(
  app: FastifyInstance,
  transports: TransportSet,
  job: PgBoss.JobWithMetadata<DeliverJob>,
  /** The row as read for the whole batch just before; undefined: read it here. */
  prefetched?: NotificationRow | null,
): Promise<void> {
  const id = job.data.notification_id;
  const row = prefetched !== undefined ? prefetched : ((await findNotification(app.db).execute({ id }))[0] ?? null);
  // Already delivered (a retry after a crash between send and update) or gone: nothing to do.
  if (!row || row.status === 'sent') return;

  const transport = transports[row.channel];
  try {
    await transport.send({ id: row.id, channel: row.channel, recipient: row.recipient, subject: row.subject, body: row.body, template: row.template });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = job.retryCount >= job.retryLimit;
    await app.db
      .update(notifications)
      .set({ status: final ? 'failed' : 'queued', transport: transport.name, error: message.slice(0, 1000), attempts: sql`${notifications.attempts} + 1` })
      .where(eq(notifications.id, id));
    app.log.warn({ notificationId: id, err: error, final }, 'notification delivery failed');
    throw error;
  }
  await app.db
    .update(notifications)
    .set({
      status: 'sent',
      transport: transport.name,
      error: null,
      sentAt: new Date(),
      attempts: sql`${notifications.attempts} + 1`,
      // A secret that left through a real provider need not stay readable in the database.
      ...(transport.name !== 'outbox' && row.redactedBody ? { body: row.redactedBody } : {}),
    })
    .where(eq(notifications.id, id));
}

/**
 * Creates the delivery queue and runs its worker in this process (every API node, and every app
 * the tests build). Closing the app stops the worker and waits for the delivery in flight.
 */
export async function startNotificationWorker(app: FastifyInstance): Promise<void> {
  await app.boss.createQueue(NOTIFICATION_QUEUE, {
    name: NOTIFICATION_QUEUE,
    retryLimit: NOTIFICATION_RETRY_LIMIT,
    retryDelay: NOTIFICATION_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  const transports = createTransports(app.config, app.log);
  const inFlight = new Set<Promise<void>>();
  // Up to 20 deliveries per fetch: a busy checkout queues two messages an order, and one fetch
  // per job would cost the API's CPU as much as the orders themselves.
  await app.boss.work<DeliverJob>(NOTIFICATION_QUEUE, { includeMetadata: true, pollingIntervalSeconds: 1, batchSize: 20 }, async (jobs) => {
    const ids = jobs.map((job) => job.data.notification_id);
    const rows = new Map((await findNotifications(app.db).execute({ ids })).map((row) => [row.id, row]));
    for (const job of jobs) {
      const delivery = deliverNotification(app, transports, job, rows.get(job.data.notification_id) ?? null);
      inFlight.add(delivery);
      try {
        await delivery;
      } catch (error) {
        // Only this job goes back for a retry (with backoff); the rest of the batch completes
        // when the handler returns, since completion touches only jobs that are still active.
        // If even that fails (the database is going away at shutdown), pg-boss's expiry returns
        // the job to the queue later; the row's status says it was not sent.
        await app.boss
          .fail(NOTIFICATION_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) })
          .catch((failError: unknown) => app.log.warn({ notificationJob: job.id, error: String(failError) }, 'could not mark a delivery for retry'));
      } finally {
        inFlight.delete(delivery);
      }
    }
  });
  app.addHook('onClose', async () => {
    await app.boss.offWork(NOTIFICATION_QUEUE);
    await Promise.allSettled([...inFlight]);
  });
}
