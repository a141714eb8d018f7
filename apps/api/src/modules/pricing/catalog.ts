import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { isFoodLine, isMerchandiseLine, type CartLine, type CatalogItem, type CatalogOption, type CatalogVariant, type MerchandiseCatalog } from '@kusina/domain/checkout';
import type { DbOrTx } from '../../db/client.ts';

/** One option as the cart check reads it, plus its group (to overlay the locked re-read). */
interface LockedOption extends CatalogOption {
  optionGroupId: number;
}

type LockedItem = Omit<CatalogItem, 'optionGroups'>;

const ITEM_FIELDS_TEXT = `'id', i.id, 'name', i.name, 'priceCents', i.price_cents, 'available', i.available,
  'enableStockTracking', i.enable_stock_tracking, 'stockQuantity', i.stock_quantity, 'damagedQuantity', i.damaged_quantity,
  'advanceNoticeHours', i.advance_notice_hours, 'availableDays', i.available_days, 'availableUntil', i.available_until`;
const ITEM_FIELDS = sql.raw(ITEM_FIELDS_TEXT);
const OPTION_FIELDS_TEXT = `'id', o.id, 'name', o.name, 'additionalPriceCents', o.additional_price_cents, 'available', o.available,
  'stockQuantity', o.stock_quantity, 'damagedQuantity', o.damaged_quantity`;
const OPTION_FIELDS = sql.raw(OPTION_FIELDS_TEXT);

/** One catalog item of menu_items `i` (a CatalogItem), with its option groups and options, as SQL text. */
const CATALOG_ITEM_JSON = `json_build_object(${ITEM_FIELDS_TEXT},
      'optionGroups', COALESCE((
        SELECT json_agg(json_build_object(
          'id', g.id, 'name', g.name, 'minSelect', g.min_select, 'maxSelect', g.max_select,
          'freeOptionCount', g.free_option_count, 'enableInventoryTracking', g.enable_inventory_tracking,
          'options', COALESCE((
            SELECT json_agg(json_build_object(${OPTION_FIELDS_TEXT}) ORDER BY o.position, o.id)
            FROM options o WHERE o.option_group_id = g.id
          ), '[]'::json)
        ) ORDER BY g.position, g.id)
        FROM option_groups g WHERE g.menu_item_id = i.id
      ), '[]'::json)
    )`;

/**
 * The items (with their option groups and options) of a cart, as one JSON array in id order: a
 * scalar subquery, so the order transaction can read it in the same statement that locks the
 * payment. `ids` is an int[] value or placeholder.
 */
export function catalogJson(restaurantId: number | Placeholder | SQL, ids: SQL | Placeholder): SQL<CatalogItem[]> {
  return sql<CatalogItem[]>`COALESCE((
    SELECT json_agg(${sql.raw(CATALOG_ITEM_JSON)} ORDER BY i.id)
    FROM menu_items i
    WHERE i.id = ANY(${ids}::int[]) AND i.restaurant_id = ${restaurantId}
  ), '[]'::json)`;
}

/** One merchandise variant of `v` with its item `i` (a CatalogVariant), as json_build_object's arguments. */
const VARIANT_FIELDS_TEXT = `'id', v.id, 'merchandiseItemId', i.id, 'restaurantId', i.restaurant_id, 'itemName', i.name,
  'basePriceCents', i.base_price_cents, 'priceAdjustmentCents', v.price_adjustment_cents, 'size', v.size, 'color', v.color,
  'hidden', i.hidden, 'archived', v.archived_at IS NOT NULL, 'enableStockTracking', i.enable_stock_tracking, 'stockQuantity', v.stock_quantity, 'damagedQuantity', v.damaged_quantity`;
const VARIANT_FIELDS = sql.raw(VARIANT_FIELDS_TEXT);

/**
 * The merchandise variants of a cart with their items' price, name, visibility and tracking flag,
 * as one JSON array in id order (a scalar subquery, like catalogJson, so the order transaction
 * reads it in its first statement). Only the restaurant's own variants; hidden ones are returned
 * and refused by the cart check. `ids` is an int[] value or placeholder.
 */
export function merchandiseCatalogJson(restaurantId: number | Placeholder | SQL, ids: SQL | Placeholder): SQL<CatalogVariant[]> {
  return sql<CatalogVariant[]>`COALESCE((
    SELECT json_agg(json_build_object(${VARIANT_FIELDS}) ORDER BY v.id)
    FROM merchandise_variants v JOIN merchandise_items i ON i.id = v.merchandise_item_id
    WHERE v.id = ANY(${ids}::int[]) AND i.restaurant_id = ${restaurantId}
  ), '[]'::json)`;
}

/** The distinct ids of a list, sorted (the lock order). */
function distinctSorted(ids: number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The distinct menu item ids of a cart's food lines, sorted (the lock order). */
export function cartItemIds(cart: CartLine[]): number[] {
  return distinctSorted(cart.filter(isFoodLine).map((l) => l.menu_item_id));
}

/** The distinct variant ids of a cart's merchandise lines, sorted (the lock order). */
export function cartVariantIds(cart: CartLine[]): number[] {
  return distinctSorted(cart.filter(isMerchandiseLine).map((l) => l.variant_id));
}

/** What the first, unlocked read of a cart's catalog returns. */
export interface CatalogRead {
  items: CatalogItem[];
  variants: CatalogVariant[];
}

export interface Catalogs {
  items: Map<number, CatalogItem>;
  merchandise: MerchandiseCatalog;
}

/**
 * The catalog rows a cart needs, as the pure cart check reads them: the menu items (with their
 * option groups and options) and the merchandise variants (with their items) in ONE query
 * (JSON-aggregated, no lock) unless `preloaded` already holds that read. With `lock`, inside the
 * order's transaction, the rows whose stock the order will decrement are then re-read FOR UPDATE
 * and replace what the first read saw: stock-tracked menu items, the options of
 * inventory-tracked groups, then the variants of stock-tracked merchandise — always in id order,
 * in that global order (items, options, variants), so concurrent checkouts cannot deadlock; what
 * is read under the lock is the committed row that the decrement acts on. Untracked rows are never
 * locked, so orders of the same popular dish never queue behind each other — and a cart without
 * tracked stock costs no extra round trip.
 */
export async function loadCatalog(db: DbOrTx, restaurantId: number, cart: CartLine[], lock: boolean, preloaded?: CatalogRead): Promise<Catalogs> {
  const read = preloaded ?? (await readCatalog(db, restaurantId, cart));
  let items = read.items;
  let variants = read.variants;
  if (lock) {
    const trackedItemIds = items.filter((i) => i.enableStockTracking).map((i) => i.id);
    if (trackedItemIds.length > 0) {
      const locked = await db.execute<{ item: LockedItem }>(sql`
        SELECT json_build_object(${ITEM_FIELDS}) AS item FROM menu_items i
        WHERE i.id = ANY(${sql.param(trackedItemIds)}::int[]) AND i.restaurant_id = ${restaurantId}
        ORDER BY i.id FOR UPDATE`);
      const byId = new Map(locked.rows.map((row) => [row.item.id, row.item]));
      // A tracked item gone since the first read is not in the catalog (the cart check reports it).
      items = items.flatMap((item) => {
        if (!item.enableStockTracking) return [item];
        const fresh = byId.get(item.id);
        return fresh ? [{ ...fresh, optionGroups: item.optionGroups }] : [];
      });
    }
    const trackedGroupIds = items.flatMap((i) => i.optionGroups.filter((g) => g.enableInventoryTracking).map((g) => g.id));
    if (trackedGroupIds.length > 0) {
      const locked = await db.execute<{ option: LockedOption }>(sql`
        SELECT json_build_object(${OPTION_FIELDS}, 'optionGroupId', o.option_group_id) AS option FROM options o
        WHERE o.option_group_id = ANY(${sql.param(trackedGroupIds)}::int[])
        ORDER BY o.id FOR UPDATE`);
      const byId = new Map(locked.rows.map(({ option: { optionGroupId, ...option } }) => [option.id, { optionGroupId, option }]));
      for (const item of items) {
        for (const group of item.optionGroups) {
          if (!group.enableInventoryTracking) continue;
          // Only options still in the group under the lock count (one moved or deleted since the first read does not).
          group.options = group.options.flatMap((o) => {
            const fresh = byId.get(o.id);
            return fresh && fresh.optionGroupId === group.id ? [fresh.option] : [];
          });
        }
      }
    }
    const trackedVariantIds = variants.filter((v) => v.enableStockTracking).map((v) => v.id);
    if (trackedVariantIds.length > 0) {
      // Only the variant rows are locked (stock lives there); the item's price, name and flags are
      // read again in the same statement, so the cart is priced from what is committed now.
      const locked = await db.execute<{ variant: CatalogVariant }>(sql`
        SELECT json_build_object(${VARIANT_FIELDS}) AS variant
        FROM merchandise_variants v JOIN merchandise_items i ON i.id = v.merchandise_item_id
        WHERE v.id = ANY(${sql.param(trackedVariantIds)}::int[]) AND i.restaurant_id = ${restaurantId}
        ORDER BY v.id FOR UPDATE OF v`);
      const byId = new Map(locked.rows.map((row) => [row.variant.id, row.variant]));
      // A variant deleted since the first read is left out (the cart check reports it as not found).
      variants = variants.flatMap((variant) => {
        if (!variant.enableStockTracking) return [variant];
        const fresh = byId.get(variant.id);
        return fresh ? [fresh] : [];
      });
    }
  }

  return {
    items: new Map(items.map((item) => [item.id, item])),
    merchandise: { restaurantId, variants: new Map(variants.map((variant) => [variant.id, variant])) },
  };
}

/** Both halves of a cart's catalog in one round trip (a kind with no lines costs an empty-array lookup). */
async function readCatalog(db: DbOrTx, restaurantId: number, cart: CartLine[]): Promise<CatalogRead> {
  const itemIds = cartItemIds(cart);
  const variantIds = cartVariantIds(cart);
  const { rows } = await db.execute<{ items: CatalogItem[]; variants: CatalogVariant[] }>(sql`SELECT
    ${catalogJson(restaurantId, sql`${sql.param(itemIds)}`)} AS items,
    ${merchandiseCatalogJson(restaurantId, sql`${sql.param(variantIds)}`)} AS variants`);
  return { items: rows[0]?.items ?? [], variants: rows[0]?.variants ?? [] };
}
