import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, smallint, text, time, uniqueIndex } from 'drizzle-orm/pg-core';
import { BLOCKED_PERIOD_STATUSES, RESERVATION_STATUSES } from '@kusina/domain/reservations';
import { WAITLIST_STATUSES } from '@kusina/domain/waitlist-rules';
import { users } from './accounts.ts';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { restaurants } from './restaurants.ts';

/*
 * Reservations and what decides when a table can be booked (issue #21,
 * backoffice-reservations.md §3). Operating hours and special events are the restaurant's one
 * schedule: reservations read them now, pickup ordering will (ARCHITECTURE.md, shared concepts).
 */

/** A dining room of a restaurant (backoffice §3 Location). */
export const locations = pgTable(
  'locations',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text(),
    phoneNumber: text(),
    isDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_restaurant_idx').on(t.restaurantId, t.id),
    uniqueIndex('locations_one_default').on(t.restaurantId).where(sql`${t.isDefault}`),
  ],
);

/** The restaurant's week: one row per weekday (0 = Sunday … 6 = Saturday), times in its zone. */
export const operatingHours = pgTable(
  'operating_hours',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint().notNull(),
    openTime: time().notNull(),
    /** At or before open_time: the restaurant closes after midnight (decision 0030). */
    closeTime: time().notNull(),
    closed: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('operating_hours_day_check', sql`${t.dayOfWeek} BETWEEN 0 AND 6`),
    uniqueIndex('operating_hours_restaurant_day_unique').on(t.restaurantId, t.dayOfWeek),
  ],
);

/** A date whose hours differ from the week's: closed, private (exclusive_booking) or capped (max_capacity). */
export const specialEvents = pgTable(
  'special_events',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    eventDate: date({ mode: 'string' }).notNull(),
    /** Both set: the hours of that date; either null: the weekday's hours. */
    startTime: time(),
    endTime: time(),
    closed: boolean().notNull().default(false),
    /** Private Only: staff may book it, the public may not. */
    exclusiveBooking: boolean().notNull().default(false),
    /** Max Guests at once across the restaurant; 0 or null: no cap beyond the locations' capacity. */
    maxCapacity: integer(),
    description: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('special_events_max_capacity_check', sql`${t.maxCapacity} IS NULL OR ${t.maxCapacity} >= 0`),
    uniqueIndex('special_events_restaurant_date_unique').on(t.restaurantId, t.eventDate),
  ],
);

/** Times when no table can be booked, at one location or (location_id null) all of them. */
export const blockedPeriods = pgTable(
  'blocked_periods',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    locationId: integer().references(() => locations.id, { onDelete: 'cascade' }),
    startTime: timestamptz().notNull(),
    endTime: timestamptz().notNull(),
    reason: text().notNull(),
    status: text({ enum: BLOCKED_PERIOD_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('blocked_periods_range_check', sql`${t.endTime} > ${t.startTime}`),
    check('blocked_periods_status_check', sql`${t.status} in ('active', 'inactive')`),
    index('blocked_periods_restaurant_time_idx').on(t.restaurantId, t.startTime),
  ],
);

/** How many guests a location seats at once (total) and a table's usual size. */
export const locationCapacities = pgTable(
  'location_capacities',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    totalCapacity: integer().notNull().default(26),
    defaultTableCapacity: integer().notNull().default(4),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('location_capacities_total_check', sql`${t.totalCapacity} > 0`),
    check('location_capacities_table_check', sql`${t.defaultTableCapacity} > 0`),
    uniqueIndex('location_capacities_location_unique').on(t.locationId),
  ],
);

/**
 * A table booking. end_time is start_time + duration_minutes, written with it; the seats it holds
 * while booked, reserved or seated are what availability counts. Every write that can take seats
 * runs in one transaction under the location-day advisory locks (modules/reservations/service.ts).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial().primaryKey(),
    reservationNumber: text().generatedAlwaysAs(sql`'R-' || lpad(id::text, 6, '0')`),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    startTime: timestamptz().notNull(),
    endTime: timestamptz().notNull(),
    durationMinutes: integer().notNull().default(60),
    partySize: integer().notNull(),
    contactName: text().notNull(),
    contactPhone: text(),
    contactEmail: text(),
    status: text({ enum: RESERVATION_STATUSES }).notNull().default('booked'),
    /** Up to 3 options, each a list of seat labels (the floor issue fills them). */
    seatPreferences: jsonb().$type<string[][]>().notNull().default([]),
    seatLabels: jsonb().$type<string[]>().notNull().default([]),
    specialRequests: text(),
    /** The guest's link (/reservations/manage/:token): unguessable, 32 random bytes in base64url. */
    guestToken: text().notNull(),
    /** 'public' (the modal) or 'staff' (the back office). */
    source: text({ enum: ['public', 'staff'] }).notNull().default('public'),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    reminderSentAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reservations_party_size_check', sql`${t.partySize} BETWEEN 1 AND 1000`),
    check('reservations_duration_check', sql`${t.durationMinutes} BETWEEN 15 AND 1440`),
    check('reservations_range_check', sql`${t.endTime} > ${t.startTime}`),
    check('reservations_status_check', sql`${t.status} in ('booked', 'reserved', 'rejected', 'seated', 'finished', 'canceled', 'no_show')`),
    check('reservations_source_check', sql`${t.source} in ('public', 'staff')`),
    uniqueIndex('reservations_guest_token_unique').on(t.guestToken),
    index('reservations_location_time_idx').on(t.locationId, t.startTime),
    index('reservations_restaurant_time_idx').on(t.restaurantId, t.startTime),
  ],
);

/**
 * A walk-in party waiting for a table (backoffice §3 Waitlist entry, §4; decision 0058). Staff add
 * it at the host stand (check_in_time is the server's clock), then seat, remove or mark it a
 * no-show. seat_labels are the seats it sits at, filled by the floor manager (empty until then).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The dining room the party waits for; null: any. */
    locationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    contactName: text().notNull(),
    contactPhone: text(),
    partySize: integer().notNull(),
    checkInTime: timestamptz().notNull().defaultNow(),
    status: text({ enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    /**
     * When the party sat down (decisions 0105, 0107): its stay runs for its turn time from then, and
     * with check_in_time it is the actual wait; cleared when it goes back in line.
     */
    seatedAt: timestamptz(),
    /** When the floor finished the party (it left; its seat labels say where it sat); null while it sits. */
    leftAt: timestamptz(),
    seatLabels: jsonb().$type<string[]>().notNull().default([]),
    notes: text(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The wait the server quoted when the party joined (decision 0107); null: none could be given. */
    quotedWaitMinutes: integer(),
    /** When the guest was last texted that their table is ready. */
    notifiedAt: timestamptz(),
    /** Who added the party: staff at the host stand, or the guest by the join link (decision 0108). */
    source: text({ enum: ['staff', 'guest'] }).notNull().default('staff'),
    /** SHA-256 of the guest's follow-link token (decision 0108); the token itself is never stored. */
    guestTokenHash: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('waitlist_entries_party_size_check', sql`${t.partySize} BETWEEN 1 AND 1000`),
    check('waitlist_entries_status_check', sql`${t.status} in ('waiting', 'seated', 'removed', 'no_show')`),
    check('waitlist_entries_quote_check', sql`${t.quotedWaitMinutes} IS NULL OR ${t.quotedWaitMinutes} >= 0`),
    check('waitlist_entries_source_check', sql`${t.source} in ('staff', 'guest')`),
    index('waitlist_entries_restaurant_check_in_idx').on(t.restaurantId, t.checkInTime),
    // The room's schedule reads the seated parties of a few days (decision 0104).
    index('waitlist_entries_restaurant_seated_idx').on(t.restaurantId, t.seatedAt).where(sql`(${t.status} = 'seated' AND ${t.leftAt} IS NULL)`),
    uniqueIndex('waitlist_entries_guest_token_idx').on(t.guestTokenHash),
  ],
);
