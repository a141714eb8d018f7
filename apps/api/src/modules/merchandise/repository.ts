import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { compareSizes } from '@kusina/domain/merchandise';
import type { DbOrTx } from '../../db/client.ts';
import { merchandiseCollections, merchandiseItems, merchandiseStockEvents, merchandiseVariants, orderItems } from '../../db/schema/index.ts';

type ItemRow = typeof merchandiseItems.$inferSelect;
export type VariantRow = typeof merchandiseVariants.$inferSelect;
export type CollectionRow = typeof merchandiseCollections.$inferSelect;
export type StockEventRow = typeof merchandiseStockEvents.$inferSelect;
export type ItemWithVariants = ItemRow & { variants: VariantRow[] };

/** Sizes in the §9 order (XS … 5XL), then position, then id. */
function sortVariants(variants: VariantRow[]): VariantRow[] {
  return [...variants].sort((a, b) => compareSizes(a.size, b.size) || a.position - b.position || a.id - b.id);
}

/** Items with their variants on sale: archived variants (decision 0072) are left out everywhere they are listed. */
async function withVariants(db: DbOrTx, items: ItemRow[]): Promise<ItemWithVariants[]> {
  if (items.length === 0) return [];
  const variants = await db
    .select()
    .from(merchandiseVariants)
    .where(
      and(
        inArray(
          merchandiseVariants.merchandiseItemId,
          items.map((i) => i.id),
        ),
        isNull(merchandiseVariants.archivedAt),
      ),
    );
  const byItem = new Map<number, VariantRow[]>();
  for (const variant of variants) {
    const list = byItem.get(variant.merchandiseItemId) ?? [];
    list.push(variant);
    byItem.set(variant.merchandiseItemId, list);
  }
  return items.map((item) => ({ ...item, variants: sortVariants(byItem.get(item.id) ?? []) }));
}

/** A restaurant's items by position, optionally one collection's, hidden ones only when asked. */
export async function listItems(
  db: DbOrTx,
  filter: { restaurantId: number; collectionId?: number | undefined; includeHidden: boolean },
): Promise<ItemWithVariants[]> {
  const where: SQL[] = [eq(merchandiseItems.restaurantId, filter.restaurantId)];
  if (filter.collectionId !== undefined) where.push(eq(merchandiseItems.merchandiseCollectionId, filter.collectionId));
  if (!filter.includeHidden) where.push(eq(merchandiseItems.hidden, false));
  const items = await db
    .select()
    .from(merchandiseItems)
    .where(and(...where))
    .orderBy(asc(merchandiseItems.position), asc(merchandiseItems.id));
  return withVariants(db, items);
}

export async function findItem(db: DbOrTx, id: number): Promise<ItemWithVariants | null> {
  const [item] = await db.select().from(merchandiseItems).where(eq(merchandiseItems.id, id)).limit(1);
  if (!item) return null;
  const [loaded] = await withVariants(db, [item]);
  return loaded ?? null;
}

/** The variant row, locked until the transaction ends: the stock calls read and write it under this lock. */
export async function lockVariant(db: DbOrTx, id: number): Promise<VariantRow | null> {
  const [row] = await db.select().from(merchandiseVariants).where(eq(merchandiseVariants.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Whether any order line names the variant (storefront carts live in browsers, so orders are what the server can see). */
export async function variantIsOrdered(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.variantId, id)).limit(1);
  return row !== undefined;
}

export async function archiveVariant(db: DbOrTx, id: number): Promise<void> {
  await db.update(merchandiseVariants).set({ archivedAt: sql`now()` }).where(eq(merchandiseVariants.id, id));
}

export async function deleteVariant(db: DbOrTx, id: number): Promise<void> {
  await db.delete(merchandiseVariants).where(eq(merchandiseVariants.id, id));
}

export async function findCollection(db: DbOrTx, id: number): Promise<CollectionRow | null> {
  const [row] = await db.select().from(merchandiseCollections).where(eq(merchandiseCollections.id, id)).limit(1);
  return row ?? null;
}

export async function listCollections(db: DbOrTx, restaurantId: number): Promise<CollectionRow[]> {
  return db
    .select()
    .from(merchandiseCollections)
    .where(eq(merchandiseCollections.restaurantId, restaurantId))
    .orderBy(asc(merchandiseCollections.position), asc(merchandiseCollections.id));
}

/** Category names of the restaurant's visible items with their counts, by name. */
export async function listCategories(db: DbOrTx, restaurantId: number): Promise<{ name: string; itemCount: number }[]> {
  const rows = await db
    .select({ name: merchandiseItems.categoryName, itemCount: sql<number>`count(*)::int` })
    .from(merchandiseItems)
    .where(and(eq(merchandiseItems.restaurantId, restaurantId), eq(merchandiseItems.hidden, false), sql`${merchandiseItems.categoryName} IS NOT NULL`))
    .groupBy(merchandiseItems.categoryName)
    .orderBy(asc(merchandiseItems.categoryName));
  return rows.flatMap((r) => (r.name === null ? [] : [{ name: r.name, itemCount: r.itemCount }]));
}

export async function stockEventsOfItem(db: DbOrTx, itemId: number): Promise<StockEventRow[]> {
  return db
    .select()
    .from(merchandiseStockEvents)
    .where(eq(merchandiseStockEvents.merchandiseItemId, itemId))
    // Ids follow the order the changes took the variant's lock (created_at is each transaction's start).
    .orderBy(desc(merchandiseStockEvents.id));
}

export async function nextItemPosition(db: DbOrTx, restaurantId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${merchandiseItems.position}) + 1, 0)::int` })
    .from(merchandiseItems)
    .where(eq(merchandiseItems.restaurantId, restaurantId));
  return row?.next ?? 0;
}
