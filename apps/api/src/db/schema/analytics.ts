import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { restaurants } from './restaurants.ts';
import { users } from './accounts.ts';

/**
 * First-party analytics (issue #37 item 5; decision 0117): page views, page leaves and clicks, one
 * row each, for the restaurant whose site was visited. Who the visitor is comes from the session
 * on the server (user_id, role), never from the browser; the path is stored without its query and
 * with token-like segments hidden. No e-mail, no address, no typed text.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    sessionId: text().notNull(),
    anonymousId: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    role: text(),
    type: text({ enum: ['page_view', 'page_leave', 'click'] }).notNull(),
    path: text().notNull(),
    target: text(),
    durationMs: integer(),
    occurredAt: timestamptz().notNull(),
    receivedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    check('analytics_events_type_check', sql`${t.type} in ('page_view', 'page_leave', 'click')`),
    index('analytics_events_restaurant_time_idx').on(t.restaurantId, t.occurredAt),
    // The Visits report: page views by session, distinct sessions presorted from the index alone (decision 0130).
    index('analytics_events_visits_idx').on(t.restaurantId, t.type, t.sessionId, t.occurredAt, t.path),
  ],
);
