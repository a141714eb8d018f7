import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { restaurants } from './restaurants.ts';

/**
 * The merchandise shop (storefront.md §3 Merchandise item / variant / collection). Money is integer
 * cents. Stock lives on variants only (an item sold without sizes or colours has one variant with
 * neither), so "the last units" are always one row: available = stock_quantity − damaged_quantity,
 * and the CHECK below keeps stock ≥ damaged ≥ 0 whatever the code does.
 */
export const merchandiseCollections = pgTable(
  'merchandise_collections',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    /** Active collections get a tab in the shop; the first active one (by position) is the current one. */
    active: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('merchandise_collections_restaurant_idx').on(t.restaurantId, t.position)],
);

export const merchandiseItems = pgTable(
  'merchandise_items',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    merchandiseCollectionId: integer().references(() => merchandiseCollections.id, { onDelete: 'set null' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    basePriceCents: integer().notNull(),
    imageUrl: text(),
    secondImageUrl: text(),
    additionalImages: text().array().notNull().default(sql`'{}'::text[]`),
    categoryName: text(),
    /** Hidden items are seen by admins only. */
    hidden: boolean().notNull().default(false),
    /** Off: stock is not counted (shown as 999, never out of stock). */
    enableStockTracking: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('merchandise_items_price_check', sql`${t.basePriceCents} >= 0`),
    index('merchandise_items_restaurant_idx').on(t.restaurantId, t.position),
    index('merchandise_items_collection_idx').on(t.merchandiseCollectionId),
  ],
);

export const merchandiseVariants = pgTable(
  'merchandise_variants',
  {
    id: serial().primaryKey(),
    merchandiseItemId: integer()
      .notNull()
      .references(() => merchandiseItems.id, { onDelete: 'cascade' }),
    size: text(),
    color: text(),
    /** Added to the item's base price (may be negative, never below a free item). */
    priceAdjustmentCents: integer().notNull().default(0),
    stockQuantity: integer().notNull().default(0),
    damagedQuantity: integer().notNull().default(0),
    position: integer().notNull().default(0),
    /**
     * Set when an admin deletes a variant that orders point at (decision 0072): the shop and the
     * admin lists no longer show it and checkout refuses it, while past orders, refunds and the
     * stock history keep their link. A variant no order names is deleted outright.
     */
    archivedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'merchandise_variants_stock_check',
      sql`${t.stockQuantity} >= 0 AND ${t.damagedQuantity} >= 0 AND ${t.damagedQuantity} <= ${t.stockQuantity}`,
    ),
    // Unique among the variants on sale: archived_at is NULL for all of them (equal under NULLS NOT
    // DISTINCT), while each archived one has its own time, so a deleted "M / Red" can be added again.
    unique('merchandise_variants_item_size_color_key').on(t.merchandiseItemId, t.size, t.color, t.archivedAt).nullsNotDistinct(),
    index('merchandise_variants_item_idx').on(t.merchandiseItemId, t.position),
  ],
);

/**
 * The stock audit trail: one row per change of a variant's stock or damaged count, written in the
 * transaction of the change. Rows outlive the item (ids go NULL, the names stay).
 * kind: update (a count set by an admin), damaged (units written off), sale and return (orders).
 */
export const merchandiseStockEvents = pgTable(
  'merchandise_stock_events',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    merchandiseItemId: integer().references(() => merchandiseItems.id, { onDelete: 'set null' }),
    merchandiseVariantId: integer().references(() => merchandiseVariants.id, { onDelete: 'set null' }),
    itemName: text().notNull(),
    variantLabel: text().notNull().default(''),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** sale and return events: the order that sold or gave back the units. */
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    kind: text({ enum: ['update', 'damaged', 'sale', 'return'] }).notNull(),
    /** Change of the sellable quantity (stock − damaged). */
    delta: integer().notNull(),
    stockQuantity: integer().notNull(),
    damagedQuantity: integer().notNull(),
    reason: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('merchandise_stock_events_kind_check', sql`${t.kind} IN ('update', 'damaged', 'sale', 'return')`),
    index('merchandise_stock_events_item_idx').on(t.merchandiseItemId, t.createdAt),
    index('merchandise_stock_events_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('merchandise_stock_events_order_idx').on(t.orderId),
  ],
);
