import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, text, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ORIENTATIONS, SECTION_TYPES } from '@kusina/domain/layout-rules';
import { OCCUPANT_TYPES, SEAT_ALLOCATION_STATUSES } from '@kusina/domain/seat-allocation-rules';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { restaurants } from './restaurants.ts';
import { locations } from './reservations.ts';

/*
 * Floor layouts (backoffice-reservations.md §3 Layout, decision 0060): a layout of a restaurant
 * holds seat sections (a table or a counter on a floor) and their seats. Seat ids are stable
 * across saves of the layout (the editor's dbId and seat id), so seat allocations, seat
 * preferences and the Floor Manager can point at a seat.
 *
 * A seat carries its layout's id too: the composite key (seat_section_id, layout_id) proves it is
 * the section's layout, and a deferrable UNIQUE (layout_id, label) — added in the migration's
 * custom SQL, as drizzle-kit cannot declare it deferrable — keeps labels unique in a layout while a
 * save may swap two labels inside its one transaction.
 */

export const layouts = pgTable(
  'layouts',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references((): AnyPgColumn => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('layouts_name_check', sql`length(btrim(${t.name})) > 0`),
    // The target of restaurants' (id, current_layout_id): the current layout is the restaurant's own.
    unique('layouts_restaurant_id_unique').on(t.restaurantId, t.id),
  ],
);

export const seatSections = pgTable(
  'seat_sections',
  {
    id: serial().primaryKey(),
    layoutId: integer()
      .notNull()
      .references(() => layouts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sectionType: text({ enum: SECTION_TYPES }).notNull().default('table'),
    orientation: text({ enum: ORIENTATIONS }).notNull().default('vertical'),
    offsetX: integer().notNull().default(100),
    offsetY: integer().notNull().default(100),
    floorNumber: integer().notNull().default(1),
    /** The dining room its seats are in (decision 0105); null: the restaurant's default location. */
    locationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('seat_sections_type_check', sql`${t.sectionType} in ('table', 'counter')`),
    check('seat_sections_orientation_check', sql`${t.orientation} in ('vertical', 'horizontal')`),
    check('seat_sections_floor_check', sql`${t.floorNumber} >= 1`),
    unique('seat_sections_id_layout_unique').on(t.id, t.layoutId),
    index('seat_sections_layout_idx').on(t.layoutId),
  ],
);

export const seats = pgTable(
  'seats',
  {
    id: serial().primaryKey(),
    seatSectionId: integer().notNull(),
    layoutId: integer().notNull(),
    label: text().notNull(),
    positionX: integer().notNull().default(0),
    positionY: integer().notNull().default(0),
    capacity: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('seats_capacity_check', sql`${t.capacity} >= 1`),
    check('seats_label_check', sql`length(btrim(${t.label})) > 0`),
    foreignKey({ name: 'seats_section_layout_fk', columns: [t.seatSectionId, t.layoutId], foreignColumns: [seatSections.id, seatSections.layoutId] }).onDelete('cascade'),
    index('seats_section_idx').on(t.seatSectionId),
  ],
);

/**
 * A party at a seat for a time (backoffice §3 Seat allocation; decision 0067): a reservation or a
 * waitlist entry (occupant_type, occupant_id), reserved ahead or seated, from start_time to end_time.
 * Releasing (finish, no-show, cancel) sets released_at and keeps the row. No seat is ever given twice
 * at once: an exclusion constraint over (seat_id, [start_time, end_time)) of the live rows, added in
 * the migration's custom SQL with btree_gist (drizzle-kit cannot declare EXCLUDE).
 */
export const seatAllocations = pgTable(
  'seat_allocations',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    // A seat removed from its layout takes its allocations with it (decision 0067).
    seatId: integer()
      .notNull()
      .references(() => seats.id, { onDelete: 'cascade' }),
    occupantType: text({ enum: OCCUPANT_TYPES }).notNull(),
    occupantId: integer().notNull(),
    status: text({ enum: SEAT_ALLOCATION_STATUSES }).notNull(),
    startTime: timestamptz().notNull(),
    endTime: timestamptz().notNull(),
    releasedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('seat_allocations_range_check', sql`${t.endTime} > ${t.startTime}`),
    check('seat_allocations_occupant_type_check', sql`${t.occupantType} in ('reservation', 'waitlist')`),
    check('seat_allocations_status_check', sql`${t.status} in ('reserved', 'seated', 'finished', 'no_show', 'canceled')`),
    // Live rows are reserved or seated; released ones say how they ended.
    check('seat_allocations_live_check', sql`(${t.releasedAt} IS NULL) = (${t.status} in ('reserved', 'seated'))`),
    index('seat_allocations_restaurant_time_idx').on(t.restaurantId, t.startTime),
    index('seat_allocations_occupant_idx').on(t.occupantType, t.occupantId),
  ],
);
