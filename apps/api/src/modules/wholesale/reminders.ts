import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { zonedParts } from '@kusina/domain/restaurant-schedule';
import { RestaurantDefaults } from '@kusina/domain/restaurants';
import { wholesaleFundraisers, wholesaleOrders, restaurants } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { ServiceDeps } from '../../deps.ts';
import { enqueueNotifications, type NotificationMessage } from '../notifications/service.ts';

/*
 * The pickup-day text of a fundraiser order (issue #36 item 8, decision 0123): a pg-boss cron job
 * every 15 minutes texts, once, each order whose supporter ticked the reminder at checkout, on the
 * morning of its fundraiser's pickup day (the restaurant's date of "Pickup starts", 07:00 there),
 * with the pickup place and window — not for cancelled or already collected orders, nor for one
 * placed after that morning's send time, nor after the day is over. The order is marked in the
 * transaction that puts the text in the outbox (rows locked SKIP LOCKED), so however many nodes run
 * the job, an order gets one text.
 */

const PICKUP_QUEUE = 'wholesale.pickup-reminders';
const PICKUP_CRON = '*/15 * * * *';
/** Local time on pickup day at which the texts go out. */
export const PICKUP_REMINDER_LOCAL_TIME = '07:00';

function time12(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The pickup window as the text says it: the fundraiser's hours, else when pickup starts. */
export function pickupWindow(f: { pickupHours: string | null; pickupStartsAt: Date | null }, timeZone: string): string {
  if (f.pickupHours?.trim()) return f.pickupHours.trim();
  return f.pickupStartsAt ? `from ${time12(zonedParts(f.pickupStartsAt.getTime(), timeZone).minutes)}` : '';
}

/** Texts the pickup-day reminders due at `now`; answers how many orders were reminded. */
export async function sendDuePickupReminders(deps: Pick<ServiceDeps, 'pool' | 'config' | 'boss'>, now: Date): Promise<number> {
  return transaction(deps.pool, async ({ tx, client }) => {
    const at = now.toISOString();
    const due = await tx.execute<{ id: number }>(sql`
      SELECT o.id FROM wholesale_orders o
      JOIN wholesale_fundraisers f ON f.id = o.fundraiser_id
      JOIN restaurants rest ON rest.id = o.restaurant_id
      CROSS JOIN LATERAL (SELECT (f.pickup_starts_at AT TIME ZONE rest.time_zone)::date AS day) d
      CROSS JOIN LATERAL (SELECT ((d.day + ${PICKUP_REMINDER_LOCAL_TIME}::time) AT TIME ZONE rest.time_zone) AS remind_at, ((d.day + 1)::timestamp AT TIME ZONE rest.time_zone) AS day_ends) t
      WHERE o.pickup_reminder_opt_in AND o.pickup_reminder_sent_at IS NULL
        AND o.status NOT IN ('cancelled', 'delivered', 'completed')
        AND f.pickup_starts_at IS NOT NULL
        AND t.remind_at <= ${at}::timestamptz AND ${at}::timestamptz < t.day_ends AND o.created_at < t.remind_at
      ORDER BY o.id LIMIT 200 FOR UPDATE OF o SKIP LOCKED`);
    const ids = due.rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    const rows = await tx
      .update(wholesaleOrders)
      .set({ pickupReminderSentAt: now })
      .where(inArray(wholesaleOrders.id, ids))
      .returning();
    const fundraisers = await tx.select().from(wholesaleFundraisers).where(inArray(wholesaleFundraisers.id, [...new Set(rows.map((r) => r.fundraiserId))]));
    const zones = await tx.select({ id: restaurants.id, timeZone: restaurants.timeZone }).from(restaurants).where(inArray(restaurants.id, [...new Set(rows.map((r) => r.restaurantId))]));
    const messages: NotificationMessage[] = rows.map((order) => {
      const f = fundraisers.find((x) => x.id === order.fundraiserId)!;
      const zone = zones.find((z) => z.id === order.restaurantId)?.timeZone ?? undefined;
      const where = [f.pickupDisplayName, f.pickupDisplayAddress].filter(Boolean).join(', ') || RestaurantDefaults.pickupAddress;
      const window = pickupWindow(f, zone ?? 'Pacific/Guam');
      const link = `${deps.config.publicUrl}/wholesale/orders/${order.id}?token=${order.accessToken}`;
      return {
        restaurantId: order.restaurantId,
        userId: order.userId,
        channel: 'sms',
        recipient: order.customerPhone,
        body: `Today is pickup day for your ${f.name} order ${order.orderNumber}. Pickup: ${where}${window ? `, ${window}` : ''}. Details: ${link}`,
        template: 'wholesale_pickup_reminder',
      };
    });
    await enqueueNotifications({ tx, client, boss: deps.boss }, messages);
    return rows.length;
  });
}

/** Creates the queue, schedules the cron (pg-boss keeps one schedule per name across nodes) and works it here. */
export async function startWholesaleJobs(app: FastifyInstance): Promise<void> {
  await app.boss.createQueue(PICKUP_QUEUE, { name: PICKUP_QUEUE, retryLimit: 2, expireInSeconds: 300 });
  await app.boss.schedule(PICKUP_QUEUE, PICKUP_CRON, {}, { tz: 'UTC' });
  await app.boss.work(PICKUP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const sent = await sendDuePickupReminders(app.deps, app.clock());
    if (sent > 0) app.log.info({ sent }, 'fundraiser pickup-day texts queued');
  });
  app.addHook('onClose', async () => {
    await app.boss.offWork(PICKUP_QUEUE);
  });
}
