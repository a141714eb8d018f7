import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { restaurants } from './restaurants.ts';

/**
 * What staff note about a guest of a restaurant (issue #35 item 6; decision 0109): notes (allergies,
 * preferences) and tags, keyed by the guest's phone (E.164) or e-mail (lower case). Visits, no-shows
 * and cancellations are not stored: they are counted from the reservations and the waitlist.
 */
export const guestProfiles = pgTable(
  'guest_profiles',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    phone: text(),
    email: text(),
    notes: text(),
    tags: jsonb().$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('guest_profiles_contact_check', sql`${t.phone} IS NOT NULL OR ${t.email} IS NOT NULL`),
    uniqueIndex('guest_profiles_phone_idx').on(t.restaurantId, t.phone).where(sql`${t.phone} IS NOT NULL`),
    uniqueIndex('guest_profiles_email_idx').on(t.restaurantId, t.email).where(sql`${t.email} IS NOT NULL`),
  ],
);
