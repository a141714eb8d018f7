import { z } from 'zod';
import type { Cents } from './money.ts';

/*
 * The catalog admin's inputs (storefront.md §3 Menu item / Option group / Option): what POST and
 * PATCH on /menu_categories, /menu_items, /option_groups and /options take. Apart from menu.ts,
 * whose rule helpers the storefront's first page uses: a bundle that imports these schemas would
 * otherwise carry zod onto the home route wherever it shares menu.ts with the admin's chunks
 * (docs/decisions/0063).
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

// Money in admin inputs is DOLLARS with at most 2 decimals (`price: 12.95`, `additional_price: 1.5`),
// the same unit and names as the responses; the server converts to cents. The DB CHECKs back it up.

const MAX_PRICE_DOLLARS = 10_000;

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

export const dollars = z
  .number()
  .min(0, 'Must be 0 or more')
  .max(MAX_PRICE_DOLLARS, `Must be at most ${MAX_PRICE_DOLLARS}`)
  .refine(hasAtMostTwoDecimals, 'Use at most 2 decimals');

/** Dollars → integer cents for amounts already validated by `dollars`. */
export function dollarsInputToCents(value: number): Cents {
  return Math.round(value * 100);
}

const name = z.string().trim().min(1, 'Required').max(120);
const quantity = z.int32('Must be a whole number').min(0, 'Must be 0 or more').max(1_000_000);
const days = z
  .array(z.int32().min(0, 'Days are 0 (Sunday) to 6 (Saturday)').max(6, 'Days are 0 (Sunday) to 6 (Saturday)'))
  .max(7)
  .refine((d) => new Set(d).size === d.length, 'Each day once');

export const MenuCategoryCreateInput = z.object({
  /** Defaults to the signed-in user's restaurant. */
  restaurant_id: z.int32().positive().optional(),
  name,
  description: z.string().max(500).nullable().optional(),
  position: z.int32().min(0).optional(),
});
export type MenuCategoryCreateInput = z.infer<typeof MenuCategoryCreateInput>;

export const MenuCategoryUpdateInput = MenuCategoryCreateInput.omit({ restaurant_id: true }).partial();
export type MenuCategoryUpdateInput = z.infer<typeof MenuCategoryUpdateInput>;

/** damaged_quantity ≤ stock_quantity when both are sent; against stored values the DB CHECK decides (422). */
function damagedWithinStock(v: { stock_quantity?: number | undefined; damaged_quantity?: number | undefined }): boolean {
  return v.stock_quantity === undefined || v.damaged_quantity === undefined || v.damaged_quantity <= v.stock_quantity;
}
const damagedIssue = { message: 'Damaged quantity cannot exceed stock quantity', path: ['damaged_quantity'] };

/** A new stock count below the damaged units already recorded (checked by the server against the stored count). */
export function stockBelowDamagedMessage(damaged: number): string {
  return `Stock cannot be less than the ${damaged} damaged ${damaged === 1 ? 'unit' : 'units'}.`;
}

const menuItemFields = z.object({
  restaurant_id: z.int32().positive().optional(),
  category_id: z.int32().positive().nullable().optional(),
  name,
  description: z.string().max(2000).optional(),
  price: dollars,
  image: z.string().max(500).nullable().optional(),
  featured: z.boolean().optional(),
  seasonal: z.boolean().optional(),
  promo_label: z.string().max(60).nullable().optional(),
  available_until: isoDate.nullable().optional(),
  status_note: z.string().max(200).nullable().optional(),
  advance_notice_hours: z.int32().min(0, 'Must be 0 or more').max(24 * 30).optional(),
  available_days: days.optional(),
  vegetarian: z.boolean().optional(),
  vegan: z.boolean().optional(),
  gluten_free: z.boolean().optional(),
  dairy_free: z.boolean().optional(),
  nut_free: z.boolean().optional(),
  spicy: z.boolean().optional(),
  available: z.boolean().optional(),
  enable_stock_tracking: z.boolean().optional(),
  stock_quantity: quantity.optional(),
  damaged_quantity: quantity.optional(),
  position: z.int32().min(0).optional(),
});

export const MenuItemCreateInput = menuItemFields.refine(damagedWithinStock, damagedIssue);
export type MenuItemCreateInput = z.infer<typeof MenuItemCreateInput>;

export const MenuItemUpdateInput = menuItemFields.omit({ restaurant_id: true }).partial().refine(damagedWithinStock, damagedIssue);
export type MenuItemUpdateInput = z.infer<typeof MenuItemUpdateInput>;

/** Staff may change these (86-ing an item and counting stock are kitchen tasks). */
export const MenuItemStockInput = z
  .object({
    stock_quantity: quantity.optional(),
    damaged_quantity: quantity.optional(),
    enable_stock_tracking: z.boolean().optional(),
    available: z.boolean().optional(),
  })
  .refine(damagedWithinStock, damagedIssue);
export type MenuItemStockInput = z.infer<typeof MenuItemStockInput>;

const optionFields = z.object({
  name,
  /** Dollars; null = the $2 default. */
  additional_price: dollars.nullable().optional(),
  is_preselected: z.boolean().optional(),
  available: z.boolean().optional(),
  stock_quantity: quantity.optional(),
  damaged_quantity: quantity.optional(),
  position: z.int32().min(0).optional(),
});

export const OptionCreateInput = optionFields.refine(damagedWithinStock, damagedIssue);
export type OptionCreateInput = z.infer<typeof OptionCreateInput>;

export const OptionUpdateInput = optionFields.partial().refine(damagedWithinStock, damagedIssue);
export type OptionUpdateInput = z.infer<typeof OptionUpdateInput>;

export const OptionStockInput = z
  .object({ stock_quantity: quantity.optional(), damaged_quantity: quantity.optional(), available: z.boolean().optional() })
  .refine(damagedWithinStock, damagedIssue);
export type OptionStockInput = z.infer<typeof OptionStockInput>;

const selectCount = z.int32('Must be a whole number').min(0, 'Must be 0 or more').max(50);

function minWithinMax(v: { min_select?: number | undefined; max_select?: number | undefined }): boolean {
  return v.min_select === undefined || v.max_select === undefined || v.min_select <= v.max_select;
}
const minMaxIssue = { message: 'Minimum selections cannot exceed maximum selections', path: ['min_select'] };

const optionGroupFields = z.object({
  name,
  min_select: selectCount.optional(),
  max_select: selectCount.min(1, 'Must be at least 1').optional(),
  free_option_count: selectCount.optional(),
  enable_inventory_tracking: z.boolean().optional(),
  position: z.int32().min(0).optional(),
});

export const OptionGroupCreateInput = optionGroupFields
  .extend({ options: z.array(OptionCreateInput).max(50).optional() })
  .refine(minWithinMax, minMaxIssue);
export type OptionGroupCreateInput = z.infer<typeof OptionGroupCreateInput>;

export const OptionGroupUpdateInput = optionGroupFields.partial().refine(minWithinMax, minMaxIssue);
export type OptionGroupUpdateInput = z.infer<typeof OptionGroupUpdateInput>;
