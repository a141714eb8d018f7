import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CatalogGroup, CatalogItem } from '@kusina/domain/checkout';
import type { DbOrTx } from '../../db/client.ts';
import { menuItems, optionGroups, options } from '../../db/schema/index.ts';

/**
 * The catalog rows a cart needs, as the pure cart check reads them. With `lock`, inside the order's
 * transaction, the rows whose stock the order will decrement are locked FOR UPDATE: stock-tracked
 * menu items and the options of inventory-tracked groups, always in id order (items first, then
 * options) so concurrent checkouts cannot deadlock; what is read under the lock is the committed
 * stock that the decrement acts on. Untracked items are read without a lock, so orders of the same
 * popular dish never queue behind each other.
 */
export async function loadCatalog(db: DbOrTx, restaurantId: number, itemIds: number[], lock: boolean): Promise<Map<number, CatalogItem>> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const inCart = and(inArray(menuItems.id, ids), eq(menuItems.restaurantId, restaurantId));
  const items = lock
    ? [
        ...(await db.select().from(menuItems).where(and(inCart, eq(menuItems.enableStockTracking, true))).orderBy(asc(menuItems.id)).for('update')),
        ...(await db.select().from(menuItems).where(and(inCart, eq(menuItems.enableStockTracking, false)))),
      ].sort((a, b) => a.id - b.id)
    : await db.select().from(menuItems).where(inCart).orderBy(asc(menuItems.id));
  const foundIds = items.map((i) => i.id);
  if (foundIds.length === 0) return new Map();

  const groups = await db
    .select()
    .from(optionGroups)
    .where(inArray(optionGroups.menuItemId, foundIds))
    .orderBy(asc(optionGroups.position), asc(optionGroups.id));
  const trackedGroupIds = groups.filter((g) => g.enableInventoryTracking).map((g) => g.id);
  const plainGroupIds = groups.filter((g) => !g.enableInventoryTracking).map((g) => g.id);

  const trackedQuery = db.select().from(options).where(inArray(options.optionGroupId, trackedGroupIds)).orderBy(asc(options.id));
  const tracked = trackedGroupIds.length === 0 ? [] : lock ? await trackedQuery.for('update') : await trackedQuery;
  const plain = plainGroupIds.length === 0 ? [] : await db.select().from(options).where(inArray(options.optionGroupId, plainGroupIds));
  const allOptions = [...tracked, ...plain].sort((a, b) => a.position - b.position || a.id - b.id);

  const groupsByItem = new Map<number, CatalogGroup[]>();
  for (const group of groups) {
    const list = groupsByItem.get(group.menuItemId) ?? [];
    list.push({
      id: group.id,
      name: group.name,
      minSelect: group.minSelect,
      maxSelect: group.maxSelect,
      freeOptionCount: group.freeOptionCount,
      enableInventoryTracking: group.enableInventoryTracking,
      options: allOptions
        .filter((o) => o.optionGroupId === group.id)
        .map((o) => ({
          id: o.id,
          name: o.name,
          additionalPriceCents: o.additionalPriceCents,
          available: o.available,
          stockQuantity: o.stockQuantity,
          damagedQuantity: o.damagedQuantity,
        })),
    });
    groupsByItem.set(group.menuItemId, list);
  }

  return new Map(
    items.map((item) => [
      item.id,
      {
        id: item.id,
        name: item.name,
        priceCents: item.priceCents,
        available: item.available,
        enableStockTracking: item.enableStockTracking,
        stockQuantity: item.stockQuantity,
        damagedQuantity: item.damagedQuantity,
        advanceNoticeHours: item.advanceNoticeHours,
        availableDays: item.availableDays,
        availableUntil: item.availableUntil,
        optionGroups: groupsByItem.get(item.id) ?? [],
      } satisfies CatalogItem,
    ]),
  );
}
