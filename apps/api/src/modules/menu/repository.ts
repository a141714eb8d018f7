import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { menuCategories, menuItems, menus, optionGroups, options } from '../../db/schema/index.ts';

export type MenuRow = typeof menus.$inferSelect;
export type CategoryRow = typeof menuCategories.$inferSelect;
export type ItemRow = typeof menuItems.$inferSelect;
export type OptionGroupRow = typeof optionGroups.$inferSelect;
export type OptionRow = typeof options.$inferSelect;
export type GroupWithOptions = OptionGroupRow & { options: OptionRow[] };
export type ItemWithGroups = ItemRow & { groups: GroupWithOptions[] };

/** The restaurant's active menu (the oldest active one when several are). */
export async function findActiveMenu(db: DbOrTx, restaurantId: number): Promise<MenuRow | null> {
  const [row] = await db
    .select()
    .from(menus)
    .where(and(eq(menus.restaurantId, restaurantId), eq(menus.active, true)))
    .orderBy(asc(menus.id))
    .limit(1);
  return row ?? null;
}

export async function categoriesOfMenu(db: DbOrTx, menuId: number): Promise<CategoryRow[]> {
  return db.select().from(menuCategories).where(eq(menuCategories.menuId, menuId)).orderBy(asc(menuCategories.position), asc(menuCategories.id));
}

/** Option groups and their options for the given items, in position order. */
async function groupsOfItems(db: DbOrTx, itemIds: number[]): Promise<Map<number, GroupWithOptions[]>> {
  const byItem = new Map<number, GroupWithOptions[]>();
  if (itemIds.length === 0) return byItem;
  const groups = await db
    .select()
    .from(optionGroups)
    .where(inArray(optionGroups.menuItemId, itemIds))
    .orderBy(asc(optionGroups.position), asc(optionGroups.id));
  const groupIds = groups.map((g) => g.id);
  const optionRows =
    groupIds.length === 0
      ? []
      : await db.select().from(options).where(inArray(options.optionGroupId, groupIds)).orderBy(asc(options.position), asc(options.id));
  const optionsByGroup = new Map<number, OptionRow[]>();
  for (const option of optionRows) {
    const list = optionsByGroup.get(option.optionGroupId) ?? [];
    list.push(option);
    optionsByGroup.set(option.optionGroupId, list);
  }
  for (const group of groups) {
    const list = byItem.get(group.menuItemId) ?? [];
    list.push({ ...group, options: optionsByGroup.get(group.id) ?? [] });
    byItem.set(group.menuItemId, list);
  }
  return byItem;
}

/** Every item of a menu with its groups and options: by category position, then item position; uncategorised last. */
export async function itemsOfMenu(db: DbOrTx, menuId: number): Promise<ItemWithGroups[]> {
  const rows = await db
    .select({ item: menuItems })
    .from(menuItems)
    .leftJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
    .where(eq(menuItems.menuId, menuId))
    .orderBy(sql`${menuCategories.position} ASC NULLS LAST`, sql`${menuCategories.id} ASC NULLS LAST`, asc(menuItems.position), asc(menuItems.id));
  const groups = await groupsOfItems(
    db,
    rows.map((r) => r.item.id),
  );
  return rows.map(({ item }) => ({ ...item, groups: groups.get(item.id) ?? [] }));
}

export async function findItem(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<ItemRow | null> {
  const query = db.select().from(menuItems).where(eq(menuItems.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findItemWithGroups(db: DbOrTx, id: number): Promise<ItemWithGroups | null> {
  const item = await findItem(db, id);
  if (!item) return null;
  const groups = await groupsOfItems(db, [id]);
  return { ...item, groups: groups.get(id) ?? [] };
}

export async function findCategory(db: DbOrTx, id: number): Promise<CategoryRow | null> {
  const [row] = await db.select().from(menuCategories).where(eq(menuCategories.id, id)).limit(1);
  return row ?? null;
}

/** An option group with the restaurant and item it belongs to. */
export async function findOptionGroup(db: DbOrTx, id: number): Promise<{ group: OptionGroupRow; restaurantId: number } | null> {
  const [row] = await db
    .select({ group: optionGroups, restaurantId: menuItems.restaurantId })
    .from(optionGroups)
    .innerJoin(menuItems, eq(menuItems.id, optionGroups.menuItemId))
    .where(eq(optionGroups.id, id))
    .limit(1);
  return row ?? null;
}

export async function findGroupWithOptions(db: DbOrTx, id: number): Promise<GroupWithOptions | null> {
  const [group] = await db.select().from(optionGroups).where(eq(optionGroups.id, id)).limit(1);
  if (!group) return null;
  const rows = await db.select().from(options).where(eq(options.optionGroupId, id)).orderBy(asc(options.position), asc(options.id));
  return { ...group, options: rows };
}

/** An option with its group and the restaurant it belongs to. */
/** An option with its group and restaurant; `forUpdate` locks the option row (not its group or item) until the transaction ends. */
export async function findOption(
  db: DbOrTx,
  id: number,
  lock: { forUpdate?: boolean } = {},
): Promise<{ option: OptionRow; group: OptionGroupRow; restaurantId: number } | null> {
  const query = db
    .select({ option: options, group: optionGroups, restaurantId: menuItems.restaurantId })
    .from(options)
    .innerJoin(optionGroups, eq(optionGroups.id, options.optionGroupId))
    .innerJoin(menuItems, eq(menuItems.id, optionGroups.menuItemId))
    .where(eq(options.id, id))
    .limit(1);
  const [row] = lock.forUpdate ? await query.for('update', { of: options }) : await query;
  return row ?? null;
}

/** The next free position (max + 1) among rows matching `where`. */
export async function nextPosition(
  db: DbOrTx,
  table: typeof menuCategories | typeof menuItems | typeof optionGroups | typeof options,
  where: ReturnType<typeof eq> | undefined,
): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${table.position}), -1)::int + 1` })
    .from(table)
    .where(where);
  return row?.next ?? 0;
}
