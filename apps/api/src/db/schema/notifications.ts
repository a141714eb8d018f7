import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from '@kusina/domain/notifications';
import { users } from './accounts.ts';
import { createdAt, timestamptz } from './columns.ts';
import { restaurants } from './restaurants.ts';

/**
 * Every text and e-mail the platform sends, one row per message: the outbox. A pg-boss job
 * enqueued in the same transaction delivers it; the row records how (transport) and how it went.
 * With no SMTP or SMS provider configured the row is the delivery: people and tests read it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    channel: text({ enum: NOTIFICATION_CHANNELS }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    /** What the row keeps once a real transport delivered a secret (a code, a reset link). */
    redactedBody: text(),
    template: text().notNull(),
    status: text({ enum: NOTIFICATION_STATUSES }).notNull().default('queued'),
    transport: text(),
    error: text(),
    attempts: integer().notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamptz(),
  },
  (t) => [
    check('notifications_channel_check', sql`${t.channel} in ('sms', 'email')`),
    check('notifications_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
    index('notifications_restaurant_created_idx').on(t.restaurantId, t.createdAt.desc()),
    index('notifications_created_idx').on(t.createdAt.desc()),
  ],
);
