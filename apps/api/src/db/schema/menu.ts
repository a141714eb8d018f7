import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { restaurants } from './restaurants.ts';

/**
 * The food catalog (storefront.md §3 Menu item, Option group, Option). Money is integer cents.
 * Stock: available = stock_quantity − damaged_quantity; a sale decrements stock_quantity inside the
 * order's transaction, and the CHECKs below make "below zero" impossible, whatever the code does.
 */
export const menus = pgTable(
  'menus',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menus_restaurant_idx').on(t.restaurantId)],
);

export const menuCategories = pgTable(
  'menu_categories',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menu_categories_menu_idx').on(t.menuId, t.position)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    categoryId: integer().references(() => menuCategories.id, { onDelete: 'set null' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    priceCents: integer().notNull(),
    imageUrl: text(),
    featured: boolean().notNull().default(false),
    seasonal: boolean().notNull().default(false),
    promoLabel: text(),
    /** Last day the item is offered (seasonal items), in the restaurant's zone. */
    availableUntil: date({ mode: 'string' }),
    statusNote: text(),
    /** Hours of notice the kitchen needs; 24 or more makes the order an advance-notice order. */
    advanceNoticeHours: integer().notNull().default(0),
    /** Weekdays offered, 0 = Sunday … 6 = Saturday. */
    availableDays: smallint().array().notNull().default(sql`'{0,1,2,3,4,5,6}'::smallint[]`),
    vegetarian: boolean().notNull().default(false),
    vegan: boolean().notNull().default(false),
    glutenFree: boolean().notNull().default(false),
    dairyFree: boolean().notNull().default(false),
    nutFree: boolean().notNull().default(false),
    spicy: boolean().notNull().default(false),
    /** Staff switch: false takes the item off sale whatever its stock. */
    available: boolean().notNull().default(true),
    enableStockTracking: boolean().notNull().default(false),
    stockQuantity: integer().notNull().default(0),
    damagedQuantity: integer().notNull().default(0),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('menu_items_price_check', sql`${t.priceCents} >= 0`),
    check('menu_items_stock_check', sql`${t.stockQuantity} >= 0 AND ${t.damagedQuantity} >= 0 AND ${t.damagedQuantity} <= ${t.stockQuantity}`),
    check('menu_items_notice_check', sql`${t.advanceNoticeHours} >= 0`),
    check('menu_items_days_check', sql`${t.availableDays} <@ '{0,1,2,3,4,5,6}'::smallint[]`),
    index('menu_items_menu_idx').on(t.menuId, t.categoryId, t.position),
    index('menu_items_restaurant_idx').on(t.restaurantId),
  ],
);

export const optionGroups = pgTable(
  'option_groups',
  {
    id: serial().primaryKey(),
    menuItemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    minSelect: integer().notNull().default(0),
    maxSelect: integer().notNull().default(1),
    /** The first N chosen are free — the most expensive ones (storefront.md §5 Customisation). */
    freeOptionCount: integer().notNull().default(0),
    enableInventoryTracking: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('option_groups_select_check', sql`${t.minSelect} >= 0 AND ${t.maxSelect} >= 1 AND ${t.minSelect} <= ${t.maxSelect}`),
    check('option_groups_free_check', sql`${t.freeOptionCount} >= 0`),
    index('option_groups_item_idx').on(t.menuItemId, t.position),
  ],
);

export const options = pgTable(
  'options',
  {
    id: serial().primaryKey(),
    optionGroupId: integer()
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** NULL means the spec's default add-on price of $2 (storefront.md §3 Option). */
    additionalPriceCents: integer(),
    isPreselected: boolean().notNull().default(false),
    available: boolean().notNull().default(true),
    stockQuantity: integer().notNull().default(0),
    damagedQuantity: integer().notNull().default(0),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('options_price_check', sql`${t.additionalPriceCents} IS NULL OR ${t.additionalPriceCents} >= 0`),
    check('options_stock_check', sql`${t.stockQuantity} >= 0 AND ${t.damagedQuantity} >= 0 AND ${t.damagedQuantity} <= ${t.stockQuantity}`),
    index('options_group_idx').on(t.optionGroupId, t.position),
  ],
);
