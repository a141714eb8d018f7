import { and, count, desc, eq, ilike, inArray, isNull, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { NotificationChannel, NotificationListOutput, NotificationListQuery, NotificationOutput } from '@kusina/domain/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../deps.ts';

/** Per-destination limits, for the modules that queue messages (accounts, reservations, the fundraiser shop). */
export { enforceDestinationLimits, withinDestinationLimits, type DestinationDeps } from './destinations.ts';

/**
 * The pg-boss queue of message deliveries: one job for the messages one transaction queued (an
 * order's text and e-mail).
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
  /**
   * For messages carrying a secret (a phone code, a reset link): the text without it, which is all
   * the outbox ever shows and what the row keeps once a real transport delivered it.
   */
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

export async function enqueueNotification(ctx: NotificationContext, message: NotificationMessage): Promise<number> {
  const [id] = await enqueueNotifications(ctx, [message]);
  if (id === undefined) throw new Error('notification insert returned nothing');
  return id;
}

type NotificationRow = typeof notifications.$inferSelect;

/**
 * A message as the outbox shows it: a secret (a phone code, a reset link) never, whoever reads it —
 * with it, an admin could take over a customer's account (issue #33, decision 0086).
 */
function toNotificationOutput(row: NotificationRow): NotificationOutput {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.redactedBody ?? row.body,
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
export async function listNotifications(deps: Pick<ServiceDeps, 'db'>, viewer: SessionUser, query: NotificationListQuery): Promise<NotificationListOutput> {
  const filters: SQL[] = [];
  if (viewer.role === 'admin') {
    filters.push(eq(notifications.restaurantId, viewer.restaurantId));
    const recipientIsAdmin = deps.db
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
    deps.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    deps.db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { messages: rows.map(toNotificationOutput), total: totals[0]?.total ?? 0, page: query.page, per_page: query.per_page };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
