import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DISCOUNT_TYPES } from '@kusina/domain/promotions';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { restaurants } from './restaurants.ts';

/**
 * Promo codes (storefront.md §3 Promo code). A use is counted only when an order is placed, by a
 * conditional UPDATE inside the order's transaction; the CHECK makes "more uses than max_uses"
 * impossible whatever the code does. Codes are stored upper-case, unique per restaurant.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    discountType: text({ enum: DISCOUNT_TYPES }).notNull(),
    /** percent: whole percent 1–100; amount: cents. */
    value: integer().notNull(),
    validUntil: timestamptz(),
    maxUses: integer(),
    currentUses: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_restaurant_code_unique').on(t.restaurantId, t.code),
    check('promo_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check('promo_codes_type_check', sql`${t.discountType} in ('percent', 'amount')`),
    check('promo_codes_value_check', sql`${t.value} > 0 AND (${t.discountType} <> 'percent' OR ${t.value} <= 100)`),
    check('promo_codes_uses_check', sql`${t.currentUses} >= 0 AND (${t.maxUses} IS NULL OR (${t.maxUses} > 0 AND ${t.currentUses} <= ${t.maxUses}))`),
  ],
);

/**
 * VIP access codes: a VIP-only restaurant takes orders only with one (storefront.md §1, §4).
 * Counted like promo codes, once per placed order.
 */
export const vipCodes = pgTable(
  'vip_codes',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    /** Who or what the code is for, e.g. "Founding members". */
    name: text().notNull().default(''),
    maxUses: integer(),
    currentUses: integer().notNull().default(0),
    expiresAt: timestamptz(),
    active: boolean().notNull().default(true),
    /** When an admin revoked the code (active false from then on). */
    revokedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vip_codes_restaurant_code_unique').on(t.restaurantId, t.code),
    check('vip_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check('vip_codes_uses_check', sql`${t.currentUses} >= 0 AND (${t.maxUses} IS NULL OR (${t.maxUses} > 0 AND ${t.currentUses} <= ${t.maxUses}))`),
    index('vip_codes_restaurant_idx').on(t.restaurantId),
  ],
);
