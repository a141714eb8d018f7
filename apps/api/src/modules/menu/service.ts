import { eq } from 'drizzle-orm';
import { centsToDollars } from '@kusina/domain/money';
import { optionPrice } from '@kusina/domain/pricing';
import {
  availableQuantity,
  filterMenuItems,
  hasRequiredUnavailableOptions,
  isOptionInStock,
  MenuMessages,
  optionAvailableQuantity,
  stockStatus,
  type MenuCategoryOutput,
  type MenuFilter,
  type MenuItemOutput,
  type MenuOutput,
  type OptionGroupOutput,
  type OptionOutput,
} from '@kusina/domain/menu';
import {
  dollarsInputToCents,
  type MenuCategoryCreateInput,
  type MenuCategoryUpdateInput,
  type MenuItemCreateInput,
  type MenuItemStockInput,
  type MenuItemUpdateInput,
  type OptionCreateInput,
  type OptionGroupCreateInput,
  type OptionGroupUpdateInput,
  type OptionStockInput,
  type OptionUpdateInput,
  stockBelowDamagedMessage,
} from '@kusina/domain/menu-inputs';
import { isItemAvailable, restaurantDay } from '@kusina/domain/menu-calendar';
import type { DbOrTx } from '../../db/client.ts';
import { menuCategories, menuItems, menus, optionGroups, options } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { assertRestaurantAccess } from '../../lib/access.ts';
import type { SessionUser } from '../../lib/access.ts';
import type { MenuBody, MenuSnapshot } from './cache.ts';
import type { ServiceDeps } from '../../deps.ts';
import {
  categoriesOfMenu,
  findActiveMenu,
  findCategory,
  findGroupWithOptions,
  findItem,
  findItemWithGroups,
  findOption,
  findOptionGroup,
  itemsOfMenu,
  nextPosition,
  type CategoryRow,
  type GroupWithOptions,
  type ItemWithGroups,
  type OptionRow,
} from './repository.ts';

/** The part of the services' dependencies (decision 0095) the menu uses. */
export type MenuDeps = Pick<ServiceDeps, 'pool' | 'menuCache'>;

/**
 * Call after committing any change to a restaurant's menu (items, options, stock) so this node's
 * next read is fresh at once. Other nodes learn of it through the triggers' NOTIFY; so does this
 * node, a moment later, which makes this call an optimisation for read-your-writes, not a duty.
 */
export function invalidateMenuCache(deps: Pick<MenuDeps, 'menuCache'>, restaurantId?: number): void {
  deps.menuCache.invalidate(restaurantId);
}

// ── Output ───────────────────────────────────────────────────────────────────────────────────

function toOptionOutput(option: OptionRow, groupTracksInventory: boolean): OptionOutput {
  const cents = optionPrice(option);
  return {
    id: option.id,
    name: option.name,
    additional_price: centsToDollars(cents),
    additional_price_cents: cents,
    is_preselected: option.isPreselected,
    available: option.available,
    stock_quantity: option.stockQuantity,
    damaged_quantity: option.damagedQuantity,
    available_quantity: optionAvailableQuantity(option, groupTracksInventory),
    in_stock: isOptionInStock(option, groupTracksInventory),
  };
}

function toOptionGroupOutput(group: GroupWithOptions): OptionGroupOutput {
  return {
    id: group.id,
    name: group.name,
    min_select: group.minSelect,
    max_select: group.maxSelect,
    free_option_count: group.freeOptionCount,
    enable_inventory_tracking: group.enableInventoryTracking,
    options: group.options.map((o) => toOptionOutput(o, group.enableInventoryTracking)),
  };
}

/** A menu item as the storefront reads it; is_available is computed for `now` in the restaurant's zone. */
function toMenuItemOutput(item: ItemWithGroups, now: Date): MenuItemOutput {
  return {
    id: item.id,
    category_id: item.categoryId,
    name: item.name,
    description: item.description,
    price: centsToDollars(item.priceCents),
    price_cents: item.priceCents,
    image: item.imageUrl,
    featured: item.featured,
    seasonal: item.seasonal,
    promo_label: item.promoLabel,
    available_until: item.availableUntil,
    status_note: item.statusNote,
    advance_notice_hours: item.advanceNoticeHours,
    available_days: item.availableDays,
    vegetarian: item.vegetarian,
    vegan: item.vegan,
    gluten_free: item.glutenFree,
    dairy_free: item.dairyFree,
    nut_free: item.nutFree,
    spicy: item.spicy,
    available: item.available,
    is_available: isItemAvailable(item, now),
    stock_quantity: item.stockQuantity,
    damaged_quantity: item.damagedQuantity,
    enable_stock_tracking: item.enableStockTracking,
    available_quantity: availableQuantity(item),
    stock_status: stockStatus(item),
    has_required_unavailable_options: hasRequiredUnavailableOptions(item.groups),
    option_groups: item.groups.map(toOptionGroupOutput),
  };
}

function toCategoryOutput(row: CategoryRow): MenuCategoryOutput {
  return { id: row.id, name: row.name, description: row.description, position: row.position };
}

// ── Public reads (cached) ────────────────────────────────────────────────────────────────────

/** Loads a restaurant's active menu in one consistent snapshot and computes it for the Guam day of `now`. */
async function loadSnapshot(deps: MenuDeps, restaurantId: number, now: Date): Promise<MenuSnapshot> {
  const { menu, categories, items } = await transaction(
    deps.pool,
    async ({ tx }) => {
      const active = await findActiveMenu(tx, restaurantId);
      if (!active) throw AppError.notFound(MenuMessages.menuNotFound);
      return { menu: active, categories: await categoriesOfMenu(tx, active.id), items: await itemsOfMenu(tx, active.id) };
    },
    { isolation: 'repeatable read' },
  );
  const outputs = items.map((item) => toMenuItemOutput(item, now));
  return {
    restaurantId,
    day: restaurantDay(now),
    menu: { id: menu.id, name: menu.name },
    categories: categories.map(toCategoryOutput),
    items: outputs,
    itemsById: new Map(outputs.map((item) => [item.id, item])),
    bodies: new Map(),
  };
}

export async function getMenuSnapshot(deps: MenuDeps, restaurantId: number): Promise<MenuSnapshot> {
  const now = new Date();
  return deps.menuCache.get(restaurantId, now.getTime(), () => loadSnapshot(deps, restaurantId, now));
}

function filterKey(filter: MenuFilter): string {
  const q = filter.q?.trim().toLowerCase() ?? '';
  if (!filter.featured && !filter.seasonal && filter.category_id === undefined && q === '') return '';
  return JSON.stringify([filter.featured === true, filter.seasonal === true, filter.category_id ?? null, q]);
}

/** The /menu response, serialized once per restaurant, Guam day and filter set. */
export async function getMenuBody(deps: MenuDeps, restaurantId: number, filter: MenuFilter): Promise<MenuBody> {
  const snapshot = await getMenuSnapshot(deps, restaurantId);
  return deps.menuCache.body(
    snapshot,
    filterKey(filter),
    (): MenuOutput => ({ menu: snapshot.menu, categories: snapshot.categories, items: filterMenuItems(snapshot.items, filter) }),
  );
}

/** One item of the restaurant's active menu; another restaurant's or an inactive menu's item is not found. */
export async function getMenuItem(deps: MenuDeps, restaurantId: number, itemId: number): Promise<MenuItemOutput> {
  const snapshot = await getMenuSnapshot(deps, restaurantId);
  const item = snapshot.itemsById.get(itemId);
  if (!item) throw AppError.notFound(MenuMessages.itemNotFound);
  return item;
}

export async function listCategories(deps: MenuDeps, restaurantId: number): Promise<MenuCategoryOutput[]> {
  return (await getMenuSnapshot(deps, restaurantId)).categories;
}

// ── Admin writes ─────────────────────────────────────────────────────────────────────────────

/** Which request field each CHECK constraint guards, so a violation is a 422 naming the field. */
const CHECK_FIELDS: Record<string, { field: string; message: string }> = {
  menu_items_price_check: { field: 'price', message: 'Price must be 0 or more.' },
  menu_items_stock_check: { field: 'damaged_quantity', message: 'Damaged quantity cannot exceed stock quantity, and neither may be negative.' },
  menu_items_notice_check: { field: 'advance_notice_hours', message: 'Advance notice must be 0 or more hours.' },
  menu_items_days_check: { field: 'available_days', message: 'Days are 0 (Sunday) to 6 (Saturday).' },
  option_groups_select_check: { field: 'min_select', message: 'Minimum selections cannot exceed maximum selections (at least 1).' },
  option_groups_free_check: { field: 'free_option_count', message: 'Free options must be 0 or more.' },
  options_price_check: { field: 'additional_price', message: 'Price must be 0 or more.' },
  options_stock_check: { field: 'damaged_quantity', message: 'Damaged quantity cannot exceed stock quantity, and neither may be negative.' },
};

function constraintError(error: unknown): AppError | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e.code ? e : (e.cause ?? {});
  if (inner.code !== '23514' || !inner.constraint) return null;
  const known = CHECK_FIELDS[inner.constraint];
  if (!known) return null;
  return AppError.validation(known.message, { [known.field]: known.message });
}

/** Runs a catalog write in one transaction, maps CHECK violations to 422, and invalidates the cache after commit. */
async function write<T>(deps: MenuDeps, fn: (tx: DbOrTx) => Promise<{ restaurantId: number; result: T }>): Promise<T> {
  try {
    const { restaurantId, result } = await transaction(deps.pool, ({ tx }) => fn(tx));
    deps.menuCache.invalidate(restaurantId);
    return result;
  } catch (error) {
    throw constraintError(error) ?? error;
  }
}

/** Keys present in the input (undefined means "leave as is"), so PATCH only sets what was sent. */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

async function activeMenuForWrite(tx: DbOrTx, restaurantId: number): Promise<number> {
  const existing = await findActiveMenu(tx, restaurantId);
  if (existing) return existing.id;
  const [created] = await tx.insert(menus).values({ restaurantId, name: 'Menu' }).returning({ id: menus.id });
  if (!created) throw new Error('menu insert returned nothing');
  return created.id;
}

async function categoryForItem(tx: DbOrTx, categoryId: number, restaurantId: number): Promise<CategoryRow> {
  const category = await findCategory(tx, categoryId);
  if (!category || category.restaurantId !== restaurantId) {
    throw AppError.validation(MenuMessages.categoryNotFound, { category_id: MenuMessages.categoryNotFound });
  }
  return category;
}

function itemValues(input: MenuItemUpdateInput) {
  return defined({
    categoryId: input.category_id,
    name: input.name,
    description: input.description,
    priceCents: input.price === undefined ? undefined : dollarsInputToCents(input.price),
    imageUrl: input.image,
    featured: input.featured,
    seasonal: input.seasonal,
    promoLabel: input.promo_label,
    availableUntil: input.available_until,
    statusNote: input.status_note,
    advanceNoticeHours: input.advance_notice_hours,
    availableDays: input.available_days,
    vegetarian: input.vegetarian,
    vegan: input.vegan,
    glutenFree: input.gluten_free,
    dairyFree: input.dairy_free,
    nutFree: input.nut_free,
    spicy: input.spicy,
    available: input.available,
    enableStockTracking: input.enable_stock_tracking,
    stockQuantity: input.stock_quantity,
    damagedQuantity: input.damaged_quantity,
    position: input.position,
  });
}

function optionValues(input: OptionUpdateInput) {
  return defined({
    name: input.name,
    additionalPriceCents: input.additional_price === undefined ? undefined : input.additional_price === null ? null : dollarsInputToCents(input.additional_price),
    isPreselected: input.is_preselected,
    available: input.available,
    stockQuantity: input.stock_quantity,
    damagedQuantity: input.damaged_quantity,
    position: input.position,
  });
}

function groupValues(input: OptionGroupUpdateInput) {
  return defined({
    name: input.name,
    minSelect: input.min_select,
    maxSelect: input.max_select,
    freeOptionCount: input.free_option_count,
    enableInventoryTracking: input.enable_inventory_tracking,
    position: input.position,
  });
}

async function itemOutput(tx: DbOrTx, id: number): Promise<MenuItemOutput> {
  const item = await findItemWithGroups(tx, id);
  if (!item) throw AppError.notFound(MenuMessages.itemNotFound);
  return toMenuItemOutput(item, new Date());
}

async function groupOutput(tx: DbOrTx, id: number): Promise<OptionGroupOutput> {
  const group = await findGroupWithOptions(tx, id);
  if (!group) throw AppError.notFound(MenuMessages.optionGroupNotFound);
  return toOptionGroupOutput(group);
}

// Categories

export function createCategory(deps: MenuDeps, user: SessionUser, input: MenuCategoryCreateInput): Promise<MenuCategoryOutput> {
  const restaurantId = input.restaurant_id ?? user.restaurantId;
  assertRestaurantAccess(user, restaurantId, 'admin');
  return write(deps, async (tx) => {
    const menuId = await activeMenuForWrite(tx, restaurantId);
    const position = input.position ?? (await nextPosition(tx, menuCategories, eq(menuCategories.menuId, menuId)));
    const [row] = await tx
      .insert(menuCategories)
      .values({ restaurantId, menuId, name: input.name, description: input.description ?? null, position })
      .returning();
    if (!row) throw new Error('category insert returned nothing');
    return { restaurantId, result: toCategoryOutput(row) };
  });
}

export function updateCategory(deps: MenuDeps, user: SessionUser, id: number, input: MenuCategoryUpdateInput): Promise<MenuCategoryOutput> {
  return write(deps, async (tx) => {
    const category = await findCategory(tx, id);
    if (!category) throw AppError.notFound(MenuMessages.categoryNotFound);
    assertRestaurantAccess(user, category.restaurantId, 'admin');
    const values = defined({ name: input.name, description: input.description, position: input.position });
    const [row] = Object.keys(values).length
      ? await tx.update(menuCategories).set(values).where(eq(menuCategories.id, id)).returning()
      : [category];
    if (!row) throw AppError.notFound(MenuMessages.categoryNotFound);
    return { restaurantId: category.restaurantId, result: toCategoryOutput(row) };
  });
}

/** Deletes a category; its items stay on the menu, uncategorised (listed last). */
export function deleteCategory(deps: MenuDeps, user: SessionUser, id: number): Promise<void> {
  return write(deps, async (tx) => {
    const category = await findCategory(tx, id);
    if (!category) throw AppError.notFound(MenuMessages.categoryNotFound);
    assertRestaurantAccess(user, category.restaurantId, 'admin');
    await tx.delete(menuCategories).where(eq(menuCategories.id, id));
    return { restaurantId: category.restaurantId, result: undefined };
  });
}

// Items

export function createItem(deps: MenuDeps, user: SessionUser, input: MenuItemCreateInput): Promise<MenuItemOutput> {
  const restaurantId = input.restaurant_id ?? user.restaurantId;
  assertRestaurantAccess(user, restaurantId, 'admin');
  return write(deps, async (tx) => {
    const category = input.category_id ? await categoryForItem(tx, input.category_id, restaurantId) : null;
    const menuId = category?.menuId ?? (await activeMenuForWrite(tx, restaurantId));
    const position =
      input.position ??
      (await nextPosition(tx, menuItems, category ? eq(menuItems.categoryId, category.id) : eq(menuItems.menuId, menuId)));
    const [row] = await tx
      .insert(menuItems)
      .values({ ...itemValues(input), name: input.name, priceCents: dollarsInputToCents(input.price), restaurantId, menuId, position })
      .returning({ id: menuItems.id });
    if (!row) throw new Error('item insert returned nothing');
    return { restaurantId, result: await itemOutput(tx, row.id) };
  });
}

export function updateItem(deps: MenuDeps, user: SessionUser, id: number, input: MenuItemUpdateInput): Promise<MenuItemOutput> {
  return write(deps, async (tx) => {
    const item = await findItem(tx, id, { forUpdate: true });
    if (!item) throw AppError.notFound(MenuMessages.itemNotFound);
    assertRestaurantAccess(user, item.restaurantId, 'admin');
    const values: Partial<typeof menuItems.$inferInsert> = itemValues(input);
    if (input.category_id) {
      const category = await categoryForItem(tx, input.category_id, item.restaurantId);
      values.menuId = category.menuId;
    }
    if (Object.keys(values).length) await tx.update(menuItems).set(values).where(eq(menuItems.id, id));
    return { restaurantId: item.restaurantId, result: await itemOutput(tx, id) };
  });
}

export function deleteItem(deps: MenuDeps, user: SessionUser, id: number): Promise<void> {
  return write(deps, async (tx) => {
    const item = await findItem(tx, id);
    if (!item) throw AppError.notFound(MenuMessages.itemNotFound);
    assertRestaurantAccess(user, item.restaurantId, 'admin');
    await tx.delete(menuItems).where(eq(menuItems.id, id));
    return { restaurantId: item.restaurantId, result: undefined };
  });
}

/** Stock counts, tracking and the available switch: staff may do this (86-ing is a kitchen task). */
export function updateItemStock(deps: MenuDeps, user: SessionUser, id: number, input: MenuItemStockInput): Promise<MenuItemOutput> {
  return write(deps, async (tx) => {
    const item = await findItem(tx, id, { forUpdate: true });
    if (!item) throw AppError.notFound(MenuMessages.itemNotFound);
    assertRestaurantAccess(user, item.restaurantId, 'staff');
    const values = defined({
      stockQuantity: input.stock_quantity,
      damagedQuantity: input.damaged_quantity,
      enableStockTracking: input.enable_stock_tracking,
      available: input.available,
    });
    if (Object.keys(values).length) await tx.update(menuItems).set(values).where(eq(menuItems.id, id));
    return { restaurantId: item.restaurantId, result: await itemOutput(tx, id) };
  });
}

// Option groups

export function createOptionGroup(deps: MenuDeps, user: SessionUser, itemId: number, input: OptionGroupCreateInput): Promise<OptionGroupOutput> {
  return write(deps, async (tx) => {
    const item = await findItem(tx, itemId);
    if (!item) throw AppError.notFound(MenuMessages.itemNotFound);
    assertRestaurantAccess(user, item.restaurantId, 'admin');
    const position = input.position ?? (await nextPosition(tx, optionGroups, eq(optionGroups.menuItemId, itemId)));
    const [group] = await tx
      .insert(optionGroups)
      .values({ ...groupValues(input), name: input.name, menuItemId: itemId, position })
      .returning({ id: optionGroups.id });
    if (!group) throw new Error('option group insert returned nothing');
    if (input.options?.length) {
      await tx
        .insert(options)
        .values(input.options.map((option, index) => ({ ...optionValues(option), name: option.name, optionGroupId: group.id, position: option.position ?? index })));
    }
    return { restaurantId: item.restaurantId, result: await groupOutput(tx, group.id) };
  });
}

export function updateOptionGroup(deps: MenuDeps, user: SessionUser, id: number, input: OptionGroupUpdateInput): Promise<OptionGroupOutput> {
  return write(deps, async (tx) => {
    const found = await findOptionGroup(tx, id);
    if (!found) throw AppError.notFound(MenuMessages.optionGroupNotFound);
    assertRestaurantAccess(user, found.restaurantId, 'admin');
    const values = groupValues(input);
    if (Object.keys(values).length) await tx.update(optionGroups).set(values).where(eq(optionGroups.id, id));
    return { restaurantId: found.restaurantId, result: await groupOutput(tx, id) };
  });
}

export function deleteOptionGroup(deps: MenuDeps, user: SessionUser, id: number): Promise<void> {
  return write(deps, async (tx) => {
    const found = await findOptionGroup(tx, id);
    if (!found) throw AppError.notFound(MenuMessages.optionGroupNotFound);
    assertRestaurantAccess(user, found.restaurantId, 'admin');
    await tx.delete(optionGroups).where(eq(optionGroups.id, id));
    return { restaurantId: found.restaurantId, result: undefined };
  });
}

// Options

export function createOption(deps: MenuDeps, user: SessionUser, groupId: number, input: OptionCreateInput): Promise<OptionOutput> {
  return write(deps, async (tx) => {
    const found = await findOptionGroup(tx, groupId);
    if (!found) throw AppError.notFound(MenuMessages.optionGroupNotFound);
    assertRestaurantAccess(user, found.restaurantId, 'admin');
    const position = input.position ?? (await nextPosition(tx, options, eq(options.optionGroupId, groupId)));
    const [row] = await tx
      .insert(options)
      .values({ ...optionValues(input), name: input.name, optionGroupId: groupId, position })
      .returning();
    if (!row) throw new Error('option insert returned nothing');
    return { restaurantId: found.restaurantId, result: toOptionOutput(row, found.group.enableInventoryTracking) };
  });
}

async function changeOption(
  deps: MenuDeps,
  user: SessionUser,
  id: number,
  level: 'staff' | 'admin',
  values: ReturnType<typeof optionValues>,
): Promise<OptionOutput> {
  return write(deps, async (tx) => {
    // Locked, so the counts checked below are the ones the update replaces (a racing change waits).
    const found = await findOption(tx, id, { forUpdate: true });
    if (!found) throw AppError.notFound(MenuMessages.optionNotFound);
    assertRestaurantAccess(user, found.restaurantId, level);
    assertDamagedWithinStock(found.option, values);
    const [row] = Object.keys(values).length ? await tx.update(options).set(values).where(eq(options.id, id)).returning() : [found.option];
    if (!row) throw AppError.notFound(MenuMessages.optionNotFound);
    return { restaurantId: found.restaurantId, result: toOptionOutput(row, found.group.enableInventoryTracking) };
  });
}

/**
 * Damaged units never exceed stock (the CHECK holds it too): against the stored counts, the message
 * goes on the field that was sent — a staff member who only types a new count sees it on the count.
 */
function assertDamagedWithinStock(stored: { stockQuantity: number; damagedQuantity: number }, values: { stockQuantity?: number; damagedQuantity?: number }): void {
  const stock = values.stockQuantity ?? stored.stockQuantity;
  const damaged = values.damagedQuantity ?? stored.damagedQuantity;
  if (damaged <= stock) return;
  if (values.damagedQuantity === undefined) {
    const message = stockBelowDamagedMessage(damaged);
    throw AppError.validation(message, { stock_quantity: message });
  }
  const message = 'Damaged quantity cannot exceed stock quantity.';
  throw AppError.validation(message, { damaged_quantity: message });
}

export function updateOption(deps: MenuDeps, user: SessionUser, id: number, input: OptionUpdateInput): Promise<OptionOutput> {
  return changeOption(deps, user, id, 'admin', optionValues(input));
}

/** Option stock and its available switch: staff may do this. */
export function updateOptionStock(deps: MenuDeps, user: SessionUser, id: number, input: OptionStockInput): Promise<OptionOutput> {
  return changeOption(deps, user, id, 'staff', optionValues(input));
}

export function deleteOption(deps: MenuDeps, user: SessionUser, id: number): Promise<void> {
  return write(deps, async (tx) => {
    const found = await findOption(tx, id);
    if (!found) throw AppError.notFound(MenuMessages.optionNotFound);
    assertRestaurantAccess(user, found.restaurantId, 'admin');
    await tx.delete(options).where(eq(options.id, id));
    return { restaurantId: found.restaurantId, result: undefined };
  });
}
