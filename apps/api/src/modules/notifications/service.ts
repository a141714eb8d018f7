import { and, count, desc, eq, ilike, inArray, isNull, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { NotificationChannel, NotificationListOutput, NotificationListQuery, NotificationOutput } from '@kusina/domain/notifications';
import type { Database, DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The pg-boss queue of message deliveries: one job for the messages one transaction queued (an
 * order's text and e-mail, or every message of a checkout batch).
 */
export const NOTIFICATION_QUEUE = 'notification.deliver';
/** pg-boss retries a failed delivery this many times, with exponential backoff from RETRY_DELAY_SECONDS. */
export const NOTIFICATION_RETRY_LIMIT = 5;
export const NOTIFICATION_RETRY_DELAY_SECONDS = 5;

export interface DeliverJob {
  /** The notifications rows to deliver, in the order they were queued. */
  notification_ids: number[];
}

/** A job an earlier version queued, one per message: the worker still delivers it. */
export interface LegacyDeliverJob {
  notification_id: number;
}

/** The rows a delivery job carries, whichever shape it was queued in. */
export function notificationIdsOf(data: DeliverJob | LegacyDeliverJob): number[] {
  return 'notification_ids' in data ? data.notification_ids : [data.notification_id];
}

/** The transaction a message joins: Drizzle, its raw connection (for pg-boss) and the queue. */
export interface NotificationContext {
  tx: DbOrTx;
  client: pg.PoolClient;
  boss: PgBoss;
}

export interface NotificationMessage {
  restaurantId: number;
  userId?: number | null;
  channel: NotificationChannel;
  recipient: string;
  subject?: string | null;
  body: string;
  /** For messages carrying a secret: what the row keeps after a real transport delivered it. */
  redactedBody?: string | null;
  /** What kind of message it is, e.g. phone_code or password_reset. */
  template: string;
}

/**
 * Records the messages and enqueues their delivery in the caller's transaction: all happen on
 * commit, or none does (a rolled-back signup sends no text). One INSERT for the rows and one
 * delivery job for all of them, however many messages.
 */
export async function enqueueNotifications(ctx: NotificationContext, messages: NotificationMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await ctx.tx
    .insert(notifications)
    .values(
      messages.map((message) => ({
        restaurantId: message.restaurantId,
        userId: message.userId ?? null,
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        body: message.body,
        redactedBody: message.redactedBody ?? null,
        template: message.template,
      })),
    )
    .returning({ id: notifications.id });
  if (rows.length !== messages.length) throw new Error('notification insert returned fewer rows than messages');
  await ctx.boss.insert(
    [
      {
        name: NOTIFICATION_QUEUE,
        data: { notification_ids: rows.map((row) => row.id) } satisfies DeliverJob,
        retryLimit: NOTIFICATION_RETRY_LIMIT,
        retryDelay: NOTIFICATION_RETRY_DELAY_SECONDS,
        retryBackoff: true,
      },
    ],
    { db: { executeSql: (text, values) => ctx.client.query(text, values) } },
  );
  return rows.map((row) => row.id);
}

/** The schema pg-boss keeps its tables in (lib/jobs.ts). */
const JOBS_SCHEMA = 'pgboss';

/**
 * For a caller's own data-modifying statement (checkout's order statement): the body of a CTE that
 * queues one delivery job for the notification rows another CTE of the statement inserted
 * (`rowsCte`, whose rows have an `id`), and none when it inserted none; it returns the job's id.
 * It writes what `boss.insert` (enqueueNotifications) writes for NOTIFICATION_QUEUE with the same
 * retry options — pg-boss 10's insertJobs with its defaults: the queue's policy, dead letter,
 * expiry (else 15 minutes) and retention (else 14 days) — so a message and its delivery still
 * commit together, without a statement of their own. A test compares the two row for row, so an upgrade of
 * pg-boss that changes its rows fails there.
 */
export function deliveryJobsSql(rowsCte: string): string {
  if (!/^[a-z_]+$/.test(rowsCte)) throw new Error(`not a CTE name: ${rowsCte}`);
  return `INSERT INTO ${JOBS_SCHEMA}.job (id, name, data, priority, start_after, singleton_key, singleton_on, dead_letter, expire_in,
    keep_until, retry_limit, retry_delay, retry_backoff, policy)
  SELECT gen_random_uuid(), q.name, jsonb_build_object('notification_ids', r.ids), 0, now(), NULL, NULL, q.dead_letter,
    CASE WHEN q.expire_seconds IS NOT NULL THEN q.expire_seconds * interval '1s' ELSE interval '15 minutes' END,
    now() + CAST(COALESCE((q.retention_minutes * 60)::text, '14 days') AS interval),
    ${NOTIFICATION_RETRY_LIMIT}, GREATEST(${NOTIFICATION_RETRY_DELAY_SECONDS}, 1), true, q.policy
  FROM (SELECT jsonb_agg(id ORDER BY id) AS ids FROM ${rowsCte}) r JOIN ${JOBS_SCHEMA}.queue q ON q.name = '${NOTIFICATION_QUEUE}'
  WHERE r.ids IS NOT NULL
  RETURNING id`;
}

export async function enqueueNotification(ctx: NotificationContext, message: NotificationMessage): Promise<number> {
  const [id] = await enqueueNotifications(ctx, [message]);
  if (id === undefined) throw new Error('notification insert returned nothing');
  return id;
}

type NotificationRow = typeof notifications.$inferSelect;

export function toNotificationOutput(row: NotificationRow): NotificationOutput {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    status: row.status,
    transport: row.transport,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/**
 * The outbox as an admin sees it, newest first. A super admin sees every restaurant; an admin
 * sees their own restaurant's messages, except those addressed to other admins and super admins
 * (a reset link there would hand over a higher account).
 */
export async function listNotifications(db: Database, viewer: SessionUser, query: NotificationListQuery): Promise<NotificationListOutput> {
  const filters: SQL[] = [];
  if (viewer.role === 'admin') {
    filters.push(eq(notifications.restaurantId, viewer.restaurantId));
    const recipientIsAdmin = db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, ['admin', 'super_admin']), ne(users.id, viewer.id)));
    const visible = or(isNull(notifications.userId), notInArray(notifications.userId, recipientIsAdmin));
    if (visible) filters.push(visible);
  } else if (viewer.role !== 'super_admin') {
    throw AppError.forbidden();
  }
  if (query.channel) filters.push(eq(notifications.channel, query.channel));
  if (query.recipient) filters.push(ilike(notifications.recipient, `%${escapeLike(query.recipient)}%`));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { messages: rows.map(toNotificationOutput), total: totals[0]?.total ?? 0, page: query.page, per_page: query.per_page };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
