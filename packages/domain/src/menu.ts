import { z } from 'zod';
import { coercedInt4 } from './integers.ts';

/**
 * The food catalog: response contracts, admin inputs, and the stock rules the API, the SPA and
 * checkout share (storefront.md §3 Menu item / Option group / Option, §4 Item stock,
 * §5 Adding an item, Cart, Stock display).
 *
 * The rule helpers take camelCase shapes that Drizzle rows of `menu_items`, `option_groups` and
 * `options` satisfy as they are, so the order transaction can check the rows it just locked.
 * Whether an item is offered today (the Guam calendar, date-fns/tz) lives in menu-calendar.ts, so
 * the SPA's menu cards carry no time-zone code.
 */

// ── Constants ────────────────────────────────────────────────────────────────────────────────

/** At or below this many left, a tracked item is low_stock and shows 'Only N left' (§4, §5). */
const LOW_STOCK_THRESHOLD = 5;
/** At or below this many left, the card shows 'N in stock' (§5 Stock display). */
export const STOCK_HINT_THRESHOLD = 20;
/** What the spec shows as the stock of an untracked item (§5 Stock display). */
const UNTRACKED_STOCK_DISPLAY = 999;
/** A cart line warns when the remaining stock is within its quantity plus this (§5 Cart). */
const CART_LOW_STOCK_MARGIN = 2;
/** Advance notice at or above this many hours makes an item (and its order) an advance-notice one (§9). */
export const ADVANCE_NOTICE_THRESHOLD_HOURS = 24;
/** Every weekday, Sunday first (§3 available_days 0-6). */
export const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const MenuMessages = {
  outOfStock: 'Sorry, this item is out of stock.',
  requiredOptionsUnavailable: 'Sorry, this item has required options that are currently unavailable.',
  noItems: 'No menu items found',
  makeRequiredSelections: 'Please make all required selections before proceeding.',
  menuNotFound: 'This restaurant has no menu yet.',
  itemNotFound: 'Menu item not found.',
  categoryNotFound: 'Menu category not found.',
  optionGroupNotFound: 'Option group not found.',
  optionNotFound: 'Option not found.',
} as const;

export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

// ── Rule inputs (Drizzle row shapes) ─────────────────────────────────────────────────────────

export interface ItemStock {
  enableStockTracking: boolean;
  stockQuantity: number;
  damagedQuantity: number;
}

export interface OptionStock {
  available: boolean;
  stockQuantity: number;
  damagedQuantity: number;
}

export interface GroupAvailability {
  minSelect: number;
  enableInventoryTracking: boolean;
  options: readonly OptionStock[];
}

// ── Stock ────────────────────────────────────────────────────────────────────────────────────

/** Sellable units of a tracked item (stock − damaged, never below 0); null when untracked. */
export function availableQuantity(item: ItemStock): number | null {
  if (!item.enableStockTracking) return null;
  return Math.max(0, item.stockQuantity - item.damagedQuantity);
}

/** in_stock / low_stock (≤ LOW_STOCK_THRESHOLD left) / out_of_stock; untracked items are in_stock. Stock only — the switch and the calendar are is_available's business. */
export function stockStatus(item: ItemStock): StockStatus {
  const left = availableQuantity(item);
  if (left === null) return 'in_stock';
  if (left <= 0) return 'out_of_stock';
  return left <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock';
}

/** Sellable units of an option in a group that tracks inventory; null when the group does not. */
export function optionAvailableQuantity(option: Omit<OptionStock, 'available'>, groupTracksInventory: boolean): number | null {
  if (!groupTracksInventory) return null;
  return Math.max(0, option.stockQuantity - option.damagedQuantity);
}

/** Stock only: false when the group tracks inventory and none is left (the SPA hides such options, §5). */
export function isOptionInStock(option: Omit<OptionStock, 'available'>, groupTracksInventory: boolean): boolean {
  const left = optionAvailableQuantity(option, groupTracksInventory);
  return left === null || left > 0;
}

/** An option can be chosen: its switch is on and (when tracked) stock − damaged > 0. */
export function isOptionSelectable(option: OptionStock, groupTracksInventory: boolean): boolean {
  return option.available && isOptionInStock(option, groupTracksInventory);
}

/**
 * True when some required group (min_select > 0) has fewer selectable options than min_select, so
 * the item cannot be ordered at all ('Sorry, this item has required options that are currently
 * unavailable.').
 */
export function hasRequiredUnavailableOptions(groups: readonly GroupAvailability[]): boolean {
  return groups.some(
    (group) =>
      group.minSelect > 0 &&
      group.options.filter((option) => isOptionSelectable(option, group.enableInventoryTracking)).length < group.minSelect,
  );
}

/** What the card shows for stock (§5): 'Out of stock', 'Only N left' (≤ 5), 'N in stock' (≤ 20), else nothing (untracked counts as 999). */
export function stockHint(available: number | null): string | null {
  const left = available ?? UNTRACKED_STOCK_DISPLAY;
  if (left <= 0) return 'Out of stock';
  if (left <= LOW_STOCK_THRESHOLD) return `Only ${left} left`;
  if (left <= STOCK_HINT_THRESHOLD) return `${left} in stock`;
  return null;
}

/** 'Cannot add more {name}. Only N available in stock.' (§5 Cart). */
export function cannotAddMoreMessage(name: string, available: number): string {
  return `Cannot add more ${name}. Only ${available} available in stock.`;
}

/** §5 Cart: warn when the remaining stock is within the line's quantity plus 2. Untracked (null) never warns. */
export function isCartLowStock(available: number | null, quantity: number): boolean {
  return available !== null && available <= quantity + CART_LOW_STOCK_MARGIN;
}

/**
 * The most units of one item (with the chosen options) that stock allows: the item's own available
 * quantity and, in tracked groups, each chosen option's; null when nothing limits it.
 */
export function maxOrderableQuantity(
  item: ItemStock,
  chosen: readonly { option: Omit<OptionStock, 'available'>; groupTracksInventory: boolean }[] = [],
): number | null {
  const limits = [availableQuantity(item), ...chosen.map((c) => optionAvailableQuantity(c.option, c.groupTracksInventory))].filter(
    (n): n is number => n !== null,
  );
  return limits.length === 0 ? null : Math.min(...limits);
}

/** 24 hours or more of notice (§9 'Requires 24 hours notice'). */
export function requiresAdvanceNotice(advanceNoticeHours: number | null | undefined): boolean {
  return (advanceNoticeHours ?? 0) >= ADVANCE_NOTICE_THRESHOLD_HOURS;
}

/**
 * The SPA's add-to-cart gate on a MenuItemOutput (§5 Adding an item): the spec's message, or null
 * when the item may be added.
 */
export function addToCartProblem(item: Pick<MenuItemOutput, 'is_available' | 'stock_status' | 'has_required_unavailable_options'>): string | null {
  if (!item.is_available || item.stock_status === 'out_of_stock') return MenuMessages.outOfStock;
  if (item.has_required_unavailable_options) return MenuMessages.requiredOptionsUnavailable;
  return null;
}

// ── Response contracts ───────────────────────────────────────────────────────────────────────

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

export const OptionOutput = z.object({
  id: z.int32(),
  name: z.string(),
  /** Dollars; 2 when the stored price is NULL (§3 Option, §9). */
  additional_price: z.number(),
  additional_price_cents: z.int32(),
  is_preselected: z.boolean(),
  available: z.boolean(),
  stock_quantity: z.int32(),
  damaged_quantity: z.int32(),
  /** stock − damaged when the group tracks inventory, else null. */
  available_quantity: z.int32().nullable(),
  /** Stock only: false when the group tracks inventory and none is left. */
  in_stock: z.boolean(),
});
export type OptionOutput = z.infer<typeof OptionOutput>;

export const OptionGroupOutput = z.object({
  id: z.int32(),
  name: z.string(),
  min_select: z.int32(),
  max_select: z.int32(),
  free_option_count: z.int32(),
  enable_inventory_tracking: z.boolean(),
  options: z.array(OptionOutput),
});
export type OptionGroupOutput = z.infer<typeof OptionGroupOutput>;

export const MenuItemOutput = z.object({
  id: z.int32(),
  category_id: z.int32().nullable(),
  name: z.string(),
  description: z.string(),
  /** Dollars. */
  price: z.number(),
  price_cents: z.int32(),
  /** Image URL (same-origin path for seeded items). */
  image: z.string().nullable(),
  featured: z.boolean(),
  seasonal: z.boolean(),
  promo_label: z.string().nullable(),
  available_until: isoDate.nullable(),
  status_note: z.string().nullable(),
  advance_notice_hours: z.int32(),
  available_days: z.array(z.int32().min(0).max(6)),
  vegetarian: z.boolean(),
  vegan: z.boolean(),
  gluten_free: z.boolean(),
  dairy_free: z.boolean(),
  nut_free: z.boolean(),
  spicy: z.boolean(),
  /** The staff switch. */
  available: z.boolean(),
  /** Computed: switch on, not sold out, offered today (Pacific/Guam), not past available_until. */
  is_available: z.boolean(),
  stock_quantity: z.int32(),
  damaged_quantity: z.int32(),
  enable_stock_tracking: z.boolean(),
  available_quantity: z.int32().nullable(),
  stock_status: z.enum(STOCK_STATUSES),
  has_required_unavailable_options: z.boolean(),
  option_groups: z.array(OptionGroupOutput),
});
export type MenuItemOutput = z.infer<typeof MenuItemOutput>;

export const MenuCategoryOutput = z.object({
  id: z.int32(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.int32(),
});
export type MenuCategoryOutput = z.infer<typeof MenuCategoryOutput>;

export const MenuOutput = z.object({
  menu: z.object({ id: z.int32(), name: z.string() }),
  categories: z.array(MenuCategoryOutput),
  /** Ordered by category position, then item position (uncategorised items last). */
  items: z.array(MenuItemOutput),
});
export type MenuOutput = z.infer<typeof MenuOutput>;

// ── Queries ──────────────────────────────────────────────────────────────────────────────────

const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const MenuQuery = z.object({
  restaurant_id: coercedInt4().positive().optional(),
  featured: queryFlag,
  seasonal: queryFlag,
  category_id: coercedInt4().positive().optional(),
  /** Case-insensitive search in name and description. */
  q: z.string().trim().max(100).optional(),
});
export type MenuQuery = z.infer<typeof MenuQuery>;

export interface MenuFilter {
  featured?: boolean | undefined;
  seasonal?: boolean | undefined;
  category_id?: number | undefined;
  q?: string | undefined;
}

/** The /menu filters, also usable client-side on a MenuOutput's items. */
export function filterMenuItems<T extends Pick<MenuItemOutput, 'featured' | 'seasonal' | 'category_id' | 'name' | 'description'>>(
  items: readonly T[],
  filter: MenuFilter,
): T[] {
  const needle = filter.q?.trim().toLowerCase() ?? '';
  return items.filter(
    (item) =>
      (!filter.featured || item.featured) &&
      (!filter.seasonal || item.seasonal) &&
      (filter.category_id === undefined || item.category_id === filter.category_id) &&
      (needle === '' || item.name.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle)),
  );
}

// The admin inputs (and the dollars schema) are in menu-inputs.ts.
