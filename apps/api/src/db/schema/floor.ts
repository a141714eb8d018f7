import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, text, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ORIENTATIONS, SECTION_TYPES } from '@kusina/domain/floor-layout';
import { createdAt, updatedAt } from './columns.ts';
import { restaurants } from './restaurants.ts';

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
