import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { AdminSettings } from '@kusina/domain/restaurants';
import { createdAt, updatedAt } from './columns.ts';
import { layouts } from './floor.ts';

export const restaurants = pgTable(
  'restaurants',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    address: text(),
    phoneNumber: text(),
    contactEmail: text(),
    timeZone: text().notNull().default('Pacific/Guam'),
    theme: text({ enum: ['gold', 'blue'] }).notNull().default('gold'),
    facebookUrl: text(),
    instagramUrl: text(),
    twitterUrl: text(),
    customPickupLocation: text(),
    vipOnlyCheckout: boolean().notNull().default(false),
    vipEnabled: boolean().notNull().default(false),
    defaultReservationLength: integer().notNull().default(60),
    timeSlotInterval: integer().notNull().default(30),
    adminSettings: jsonb().$type<AdminSettings>().notNull().default({}),
    /** The active floor layout (POST /layouts/{id}/activate), always one of the restaurant's own. */
    currentLayoutId: integer(),
    /** The active layout's seat capacity, written with current_layout_id (decision 0060). */
    currentSeatCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('restaurants_theme_check', sql`${t.theme} in ('gold', 'blue')`),
    check('restaurants_reservation_length_check', sql`${t.defaultReservationLength} >= 15`),
    check('restaurants_slot_interval_check', sql`${t.timeSlotInterval} > 0`),
    check('restaurants_seat_count_check', sql`${t.currentSeatCount} >= 0`),
    foreignKey({ name: 'restaurants_current_layout_fk', columns: [t.id, t.currentLayoutId], foreignColumns: [layouts.restaurantId, layouts.id] }),
  ],
);

/** Site-wide images of a restaurant's storefront (storefront.md §3 Site settings). */
export const siteSettings = pgTable('site_settings', {
  restaurantId: integer()
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  heroImageUrl: text(),
  spinnerImageUrl: text(),
  updatedAt: updatedAt(),
});
