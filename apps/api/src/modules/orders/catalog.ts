import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CatalogItem, CatalogOption } from '@kusina/domain/checkout';
import type { DbOrTx } from '../../db/client.ts';

/** One option as the cart check reads it, plus its group (to overlay the locked re-read). */
interface LockedOption extends CatalogOption {
  optionGroupId: number;
}

type LockedItem = Omit<CatalogItem, 'optionGroups'>;

const ITEM_FIELDS = sql.raw(`'id', i.id, 'name', i.name, 'priceCents', i.price_cents, 'available', i.available,
  'enableStockTracking', i.enable_stock_tracking, 'stockQuantity', i.stock_quantity, 'damagedQuantity', i.damaged_quantity,
  'advanceNoticeHours', i.advance_notice_hours, 'availableDays', i.available_days, 'availableUntil', i.available_until`);
const OPTION_FIELDS = sql.raw(`'id', o.id, 'name', o.name, 'additionalPriceCents', o.additional_price_cents, 'available', o.available,
  'stockQuantity', o.stock_quantity, 'damagedQuantity', o.damaged_quantity`);

/**
 * The items (with their option groups and options) of a cart, as one JSON array in id order: a
 * scalar subquery, so the order transaction can read it in the same statement that locks the
 * payment. `ids` is an int[] value or placeholder.
 */
export function catalogJson(restaurantId: number | Placeholder, ids: SQL | Placeholder): SQL<CatalogItem[]> {
  return sql<CatalogItem[]>`COALESCE((
    SELECT json_agg(json_build_object(${ITEM_FIELDS},
      'optionGroups', COALESCE((
        SELECT json_agg(json_build_object(
          'id', g.id, 'name', g.name, 'minSelect', g.min_select, 'maxSelect', g.max_select,
          'freeOptionCount', g.free_option_count, 'enableInventoryTracking', g.enable_inventory_tracking,
          'options', COALESCE((
            SELECT json_agg(json_build_object(${OPTION_FIELDS}) ORDER BY o.position, o.id)
            FROM options o WHERE o.option_group_id = g.id
          ), '[]'::json)
        ) ORDER BY g.position, g.id)
        FROM option_groups g WHERE g.menu_item_id = i.id
      ), '[]'::json)
    ) ORDER BY i.id)
    FROM menu_items i
    WHERE i.id = ANY(${ids}::int[]) AND i.restaurant_id = ${restaurantId}
  ), '[]'::json)`;
}

/** The distinct item ids of a cart, sorted (the lock order). */
export function cartItemIds(itemIds: number[]): number[] {
  return [...new Set(itemIds)].sort((a, b) => a - b);
}

/**
 * The catalog rows a cart needs, as the pure cart check reads them: the items with their option
 * groups and options in ONE query (JSON-aggregated, no lock) unless `preloaded` already holds
 * that read. With `lock`, inside the order's transaction, the rows whose stock the order will
 * decrement are then re-read FOR UPDATE and replace what the first read saw: stock-tracked menu
 * items and the options of inventory-tracked groups, always in id order (items first, then
 * options) so concurrent checkouts cannot deadlock; what is read under the lock is the committed
 * row that the decrement acts on. Untracked items are never locked, so orders of the same
 * popular dish never queue behind each other — and a cart without tracked stock costs no extra
 * round trip.
 */
export async function loadCatalog(
  db: DbOrTx,
  restaurantId: number,
  itemIds: number[],
  lock: boolean,
  preloaded?: CatalogItem[],
): Promise<Map<number, CatalogItem>> {
  const ids = cartItemIds(itemIds);
  if (ids.length === 0) return new Map();
  let items = preloaded ?? (await db.execute<{ items: CatalogItem[] }>(sql`SELECT ${catalogJson(restaurantId, sql`${sql.param(ids)}`)} AS items`)).rows[0]?.items ?? [];
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
  }

  return new Map(items.map((item) => [item.id, item]));
}
