import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { locations, reservations, restaurants } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { ServiceDeps } from '../../deps.ts';
import { guestMessageList } from './messages.ts';
import { enqueueNotifications } from '../notifications/service.ts';

/*
 * The day-before reminder of an approved reservation (issue #21): a pg-boss cron job every 15
 * minutes sends, once, the reminder of each reserved table whose reminder time — 10:00 the day
 * before, in the restaurant's zone — has come, unless it was booked after that time (a guest who
 * booked this morning for tonight needs no reminder).
 */

const REMINDER_QUEUE = 'reservation.reminders';
const REMINDER_CRON = '*/15 * * * *';
/** Local time of the day before at which reminders go out. */
const REMINDER_LOCAL_TIME = '10:00';

/** Sends the reminders due at `now`; returns how many reservations were reminded. */
export async function sendDueReminders(deps: Pick<ServiceDeps, 'pool' | 'config' | 'boss'>, now = new Date()): Promise<number> {
  return transaction(deps.pool, async ({ tx, client }) => {
    const due = await tx.execute<{ id: number }>(sql`
      SELECT r.id FROM reservations r JOIN restaurants rest ON rest.id = r.restaurant_id
      CROSS JOIN LATERAL (SELECT ((((r.start_time AT TIME ZONE rest.time_zone)::date - 1) + ${REMINDER_LOCAL_TIME}::time) AT TIME ZONE rest.time_zone) AS remind_at) t
      WHERE r.status = 'reserved' AND r.reminder_sent_at IS NULL AND r.start_time > ${now.toISOString()}::timestamptz
        AND t.remind_at <= ${now.toISOString()}::timestamptz AND r.created_at < t.remind_at
      ORDER BY r.start_time LIMIT 200 FOR UPDATE OF r SKIP LOCKED`);
    const ids = due.rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    const rows = await tx
      .update(reservations)
      .set({ reminderSentAt: now })
      .where(inArray(reservations.id, ids))
      .returning();
    const restaurantRows = await tx.select().from(restaurants).where(inArray(restaurants.id, [...new Set(rows.map((r) => r.restaurantId))]));
    const locationRows = await tx.select().from(locations).where(inArray(locations.id, [...new Set(rows.map((r) => r.locationId))]));
    const messages = rows.flatMap((row) => {
      const restaurant = restaurantRows.find((r) => r.id === row.restaurantId)!;
      const location = locationRows.find((l) => l.id === row.locationId)!;
      return guestMessageList(deps.config.publicUrl, row, restaurant, location, 'reminder');
    });
    await enqueueNotifications({ tx, client, boss: deps.boss }, messages);
    return rows.length;
  });
}

/** Creates the queue, schedules the cron (pg-boss keeps one schedule per name across nodes) and works it here. */
export async function startReservationJobs(app: FastifyInstance): Promise<void> {
  await app.boss.createQueue(REMINDER_QUEUE, { name: REMINDER_QUEUE, retryLimit: 2, expireInSeconds: 300 });
  await app.boss.schedule(REMINDER_QUEUE, REMINDER_CRON, {}, { tz: 'UTC' });
  await app.boss.work(REMINDER_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const sent = await sendDueReminders(app.deps);
    if (sent > 0) app.log.info({ sent }, 'reservation reminders queued');
  });
  app.addHook('onClose', async () => {
    await app.boss.offWork(REMINDER_QUEUE);
  });
}

