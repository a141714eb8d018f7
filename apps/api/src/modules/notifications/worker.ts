import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { NotificationTransport } from '@kusina/domain/notifications';
import { preparedQuery } from '../../db/prepared.ts';
import { notifications } from '../../db/schema/index.ts';
import {
  NOTIFICATION_QUEUE,
  NOTIFICATION_RETRY_DELAY_SECONDS,
  NOTIFICATION_RETRY_LIMIT,
  notificationIdsOf,
  type DeliverJob,
  type LegacyDeliverJob,
} from './service.ts';
import { createTransports, type TransportSet } from './transports.ts';
import type { ServiceDeps } from '../../deps.ts';

type Job = PgBoss.JobWithMetadata<DeliverJob | LegacyDeliverJob>;

/**
 * Jobs a fetch takes (a fetch a second while jobs wait). A job is one transaction's messages: a
 * code or a status text alone, an order's text and e-mail.
 */
const JOBS_PER_FETCH = 10;
/** Messages in flight at once across a fetch: providers answer in tens to hundreds of milliseconds each. */
const SENDS_IN_FLIGHT = 8;

/** The rows of a fetch's jobs in one read. */
const findNotifications = preparedQuery((db) =>
  db
    .select()
    .from(notifications)
    .where(sql`${notifications.id} = ANY(${sql.placeholder('ids')}::integer[])`)
    .prepare('notifications_by_ids'),
);

/**
 * A fetch's delivered messages marked sent in one statement. A secret that left through a real
 * provider need not stay readable in the database: such a row keeps its redacted body.
 */
const markSent = preparedQuery((db) =>
  db
    .update(notifications)
    .set({
      status: 'sent',
      transport: sql`s.transport`,
      error: null,
      sentAt: sql`now()`,
      attempts: sql`${notifications.attempts} + 1`,
      body: sql`CASE WHEN s.transport <> 'outbox' AND ${notifications.redactedBody} IS NOT NULL THEN ${notifications.redactedBody} ELSE ${notifications.body} END`,
    })
    .from(sql`unnest(${sql.placeholder('ids')}::integer[], ${sql.placeholder('transports')}::text[]) AS s(id, transport)`)
    .where(sql`${notifications.id} = s.id`)
    .prepare('notifications_mark_sent'),
);

/**
 * Delivers a fetch's jobs: their messages not yet sent, up to SENDS_IN_FLIGHT at a time; then marks
 * the sent ones in one UPDATE and fails each job that had a failed message, alone, for pg-boss's
 * retry with backoff (its retry sends only what is still unsent). The fetch's other jobs complete
 * when the handler returns, since completion touches only jobs that are still active. If marking
 * fails (the database is going away), the handler throws and pg-boss retries the fetch's jobs:
 * delivery is at least once.
 */
async function deliverFetch(deps: Pick<ServiceDeps, 'db' | 'log' | 'boss'>, transports: TransportSet, jobs: Job[]): Promise<void> {
  const ids = jobs.flatMap((job) => notificationIdsOf(job.data));
  const rows = new Map((await findNotifications(deps.db).execute({ ids })).map((row) => [row.id, row]));
  // Already delivered (a retry after a failure of another message, or after a crash between send
  // and update) or gone: nothing to do for that row.
  const due = jobs.flatMap((job) =>
    notificationIdsOf(job.data).flatMap((id) => {
      const row = rows.get(id);
      return row && row.status !== 'sent' ? [{ job, row }] : [];
    }),
  );
  const sent: { id: number; transport: NotificationTransport }[] = [];
  const failed = new Map<Job, string[]>();
  let next = 0;
  const sender = async () => {
    for (let task = due[next++]; task; task = due[next++]) {
      const { job, row } = task;
      const transport = transports[row.channel];
      try {
        await transport.send({ id: row.id, channel: row.channel, recipient: row.recipient, subject: row.subject, body: row.body, template: row.template });
        sent.push({ id: row.id, transport: transport.name });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const final = job.retryCount >= job.retryLimit;
        failed.set(job, [...(failed.get(job) ?? []), `notification ${row.id}: ${message}`]);
        deps.log.warn({ notificationId: row.id, err: error, final }, 'notification delivery failed');
        // Should recording it fail too, the job still fails for a retry; the row says queued.
        await deps.db
          .update(notifications)
          .set({ status: final ? 'failed' : 'queued', transport: transport.name, error: message.slice(0, 1000), attempts: sql`${notifications.attempts} + 1` })
          .where(eq(notifications.id, row.id))
          .catch((recordError: unknown) => deps.log.warn({ notificationId: row.id, error: String(recordError) }, 'could not record a failed delivery'));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SENDS_IN_FLIGHT, due.length) }, sender));
  if (sent.length > 0) await markSent(deps.db).execute({ ids: sent.map((s) => s.id), transports: sent.map((s) => s.transport) });
  for (const [job, failures] of failed) {
    // If even that fails (the database is going away at shutdown), pg-boss's expiry returns the
    // job to the queue later; the rows' status says what was not sent.
    await deps.boss
      .fail(NOTIFICATION_QUEUE, job.id, { message: failures.join('; ') })
      .catch((failError: unknown) => deps.log.warn({ notificationJob: job.id, error: String(failError) }, 'could not mark a delivery for retry'));
  }
}

/**
 * Creates the delivery queue and runs its worker in this process (every API node, and every app
 * the tests build). Closing the app stops the worker and waits for the deliveries in flight.
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
  await app.boss.work<DeliverJob | LegacyDeliverJob>(
    NOTIFICATION_QUEUE,
    { includeMetadata: true, pollingIntervalSeconds: 1, batchSize: JOBS_PER_FETCH },
    async (jobs) => {
      const delivery = deliverFetch(app.deps, transports, jobs);
      inFlight.add(delivery);
      try {
        await delivery;
      } finally {
        inFlight.delete(delivery);
      }
    },
  );
  app.addHook('onClose', async () => {
    await app.boss.offWork(NOTIFICATION_QUEUE);
    await Promise.allSettled([...inFlight]);
  });
}
