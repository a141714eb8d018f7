import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  generateVariants,
  WholesaleMessages,
  type DashboardOutput,
  type FundraiserInput,
  type ItemInput,
  type ItemOutput,
  type OrderOutput,
  type ParticipantInput,
  type ParticipantOutput,
} from '@kusina/domain/wholesale';
import type { DbOrTx } from '../../db/client.ts';
import {
  wholesaleFundraisers,
  wholesaleItems,
  wholesaleItemVariants,
  wholesaleOptionGroups,
  wholesaleOptions,
  wholesaleOrderItems,
  wholesaleOrders,
  wholesaleParticipantCredits,
  wholesaleParticipants,
} from '../../db/schema/index.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { parseRestaurantDateTime } from '@kusina/domain/restaurant-schedule';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/access.ts';
import { rooms } from '../../realtime/socket.ts';
import { findFundraiser, loadItems, participantsOf, toItemOutput, toOrderOutputs, toParticipantOutput, type FundraiserRow } from './repository.ts';
import { changeStatus, fundraiserList, fundraiserOutput, shopToday, WholesaleEvents, type WholesaleDeps } from './service.ts';
import type { ServiceDeps } from '../../deps.ts';
import { toCsv } from '../../lib/csv.ts';
import { payoutRows, payoutTotals } from './payout.ts';

/** The restaurant an admin manages: their own; a super admin names one (default: their own). */
export function managedRestaurant(user: SessionUser, asked?: number): number {
  if (user.role === 'super_admin') return asked ?? user.restaurantId;
  if (asked !== undefined && asked !== user.restaurantId) throw AppError.forbidden();
  return user.restaurantId;
}

async function ownFundraiser(db: DbOrTx, restaurantId: number, id: number): Promise<FundraiserRow> {
  const row = await findFundraiser(db, id);
  if (!row || row.restaurantId !== restaurantId) throw AppError.notFound(WholesaleMessages.fundraiserNotAvailable);
  return row;
}

function fundraiserValues(input: FundraiserInput) {
  return {
    name: input.name,
    slug: input.slug,
    description: input.description,
    status: input.status,
    startDate: input.start_date ?? null,
    endDate: input.end_date ?? null,
    cardImageUrl: input.card_image_url ?? null,
    bannerUrl: input.banner_url ?? null,
    pickupDisplayName: input.pickup_display_name ?? null,
    pickupDisplayAddress: input.pickup_display_address ?? null,
    pickupInstructions: input.pickup_instructions ?? null,
    pickupHours: input.pickup_hours ?? null,
    pickupContactName: input.pickup_contact_name ?? null,
    pickupContactPhone: input.pickup_contact_phone ?? null,
    pickupStartsAt: input.pickup_starts_at ? new Date(parseRestaurantDateTime(input.pickup_starts_at)) : null,
    goalCents: input.goal_cents ?? null,
    teamSharePercent: input.team_share_percent ?? null,
  };
}

function checkDates(input: FundraiserInput) {
  if (input.start_date && input.end_date && input.start_date > input.end_date) {
    throw AppError.validation('The end date must be on or after the start date', { end_date: 'The end date must be on or after the start date' });
  }
}

function slugTaken(error: unknown): never {
  if (isUniqueViolation(error, 'wholesale_fundraisers_restaurant_slug_unique')) throw AppError.validation(WholesaleMessages.slugTaken, { slug: WholesaleMessages.slugTaken });
  throw error;
}

/** The restaurant's fundraisers; `only` (an organiser's, decision 0124) narrows them. */
export async function listAdminFundraisers(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, only?: number[]) {
  const where = only ? and(eq(wholesaleFundraisers.restaurantId, restaurantId), inArray(wholesaleFundraisers.id, only.length ? only : [0])) : eq(wholesaleFundraisers.restaurantId, restaurantId);
  return fundraiserList(deps.db, shopToday(deps), where, [desc(wholesaleFundraisers.id)]);
}

export async function adminFundraiser(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, id: number) {
  const row = await ownFundraiser(deps.db, restaurantId, id);
  const [summary, participants, items] = await Promise.all([fundraiserOutput(deps.db, shopToday(deps), row), participantsOf(deps.db, row.id, { includeInactive: true }), loadItems(deps.db, { fundraiserIds: [row.id] })]);
  return { ...summary, participants, items: items.map(toItemOutput) };
}

export async function createFundraiser(deps: WholesaleDeps, restaurantId: number, input: FundraiserInput) {
  checkDates(input);
  try {
    const [row] = await deps.db.insert(wholesaleFundraisers).values({ restaurantId, ...fundraiserValues(input) }).returning();
    return adminFundraiser(deps, restaurantId, row!.id);
  } catch (error) {
    slugTaken(error);
  }
}

export async function updateFundraiser(deps: WholesaleDeps, restaurantId: number, id: number, input: FundraiserInput) {
  checkDates(input);
  await ownFundraiser(deps.db, restaurantId, id);
  const values = fundraiserValues(input);
  try {
    await transaction(deps.pool, async ({ tx }) => {
      await tx.update(wholesaleFundraisers).set(values).where(eq(wholesaleFundraisers.id, id));
      // Orders not yet handed over follow a new pickup time (their Estimated Pickup).
      await tx
        .update(wholesaleOrders)
        .set({ estimatedPickupTime: values.pickupStartsAt })
        .where(and(eq(wholesaleOrders.fundraiserId, id), inArray(wholesaleOrders.status, ['pending', 'confirmed', 'processing'])));
    });
  } catch (error) {
    slugTaken(error);
  }
  const out = await adminFundraiser(deps, restaurantId, id);
  deps.realtime.emit(rooms.fundraiser(id), WholesaleEvents.fundraiserUpdated, { id, slug: out.slug, status: out.status });
  return out;
}

/** A copy for the next season: a draft with a free slug, its participants and items (options, variants, stock). */
export async function duplicateFundraiser(deps: WholesaleDeps, restaurantId: number, id: number) {
  const source = await ownFundraiser(deps.db, restaurantId, id);
  const newId = await transaction(deps.pool, async ({ tx }) => {
    const taken = new Set(
      (await tx.select({ slug: wholesaleFundraisers.slug }).from(wholesaleFundraisers).where(eq(wholesaleFundraisers.restaurantId, restaurantId))).map((r) => r.slug),
    );
    let slug = `${source.slug}-copy`;
    for (let n = 2; taken.has(slug); n++) slug = `${source.slug}-copy-${n}`;
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = source;
    const [copy] = await tx.insert(wholesaleFundraisers).values({ ...rest, name: `${source.name} (copy)`, slug, status: 'draft' }).returning();
    const participants = await tx.select().from(wholesaleParticipants).where(eq(wholesaleParticipants.fundraiserId, id));
    if (participants.length) {
      await tx.insert(wholesaleParticipants).values(participants.map(({ id: _p, createdAt: _pc, updatedAt: _pu, ...p }) => ({ ...p, fundraiserId: copy!.id })));
    }
    for (const item of await loadItems(tx, { fundraiserIds: [id] })) {
      await writeItem(tx, copy!.id, null, itemInputOf(item));
    }
    return copy!.id;
  });
  return adminFundraiser(deps, restaurantId, newId);
}

function itemInputOf(item: Awaited<ReturnType<typeof loadItems>>[number]): ItemInput {
  return {
    name: item.name,
    description: item.description,
    sku: item.sku,
    price_cents: item.priceCents,
    images: item.row.images,
    inventory_mode: item.inventoryMode,
    stock_quantity: item.stockQuantity,
    damaged_quantity: item.damagedQuantity,
    low_stock_threshold: item.lowStockThreshold,
    active: item.active,
    option_groups: item.groups.map((g) => ({
      name: g.name,
      min_select: g.minSelect,
      max_select: g.maxSelect,
      enable_inventory_tracking: g.enableInventoryTracking,
      options: g.options.map((o) => ({ name: o.name, additional_price_cents: o.additionalPriceCents, available: o.available, stock_quantity: o.stockQuantity, damaged_quantity: o.damagedQuantity })),
    })),
    variant_stock: Object.fromEntries(item.variants.map((v) => [v.variantName, v.stockQuantity])),
  };
}

// ── Participants ─────────────────────────────────────────────────────────────────────────────

export async function createParticipant(deps: WholesaleDeps, restaurantId: number, fundraiserId: number, input: ParticipantInput): Promise<ParticipantOutput> {
  await ownFundraiser(deps.db, restaurantId, fundraiserId);
  const [{ n } = { n: 0 }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(wholesaleParticipants)
    .where(eq(wholesaleParticipants.fundraiserId, fundraiserId));
  const [row] = await deps.db
    .insert(wholesaleParticipants)
    .values({ fundraiserId, name: input.name, description: input.description ?? null, photoUrl: input.photo_url ?? null, message: input.message || null, goalCents: input.goal_cents ?? null, active: input.active, position: n })
    .returning();
  return toParticipantOutput(row!, 0);
}

export async function updateParticipant(deps: WholesaleDeps, restaurantId: number, participantId: number, input: ParticipantInput): Promise<ParticipantOutput> {
  const [existing] = await deps.db.select().from(wholesaleParticipants).where(eq(wholesaleParticipants.id, participantId));
  if (!existing) throw AppError.notFound(WholesaleMessages.participantNotFound);
  await ownFundraiser(deps.db, restaurantId, existing.fundraiserId);
  await deps.db
    .update(wholesaleParticipants)
    .set({ name: input.name, description: input.description ?? null, photoUrl: input.photo_url ?? null, ...(input.message === undefined ? {} : { message: input.message || null }), goalCents: input.goal_cents ?? null, active: input.active })
    .where(eq(wholesaleParticipants.id, participantId));
  const all = await participantsOf(deps.db, existing.fundraiserId, { includeInactive: true });
  return all.find((p) => p.id === participantId)!;
}

// ── Items ────────────────────────────────────────────────────────────────────────────────────

type GroupRow = typeof wholesaleOptionGroups.$inferSelect;
type OptionRow = typeof wholesaleOptions.$inferSelect;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Pairs each wanted entry with an existing row: by id (which must be one of `rows`), else by name among those not yet paired. */
function matchRows<W extends { id?: number | undefined; name: string }, R extends { id: number; name: string }>(wanted: readonly W[], rows: readonly R[], field: (index: number) => string): (R | null)[] {
  const taken = new Set<number>();
  const byId = wanted.map((w, index) => {
    if (w.id === undefined) return null;
    const row = rows.find((r) => r.id === w.id);
    if (!row || taken.has(row.id)) throw AppError.validation('This option group or option is not part of the item', { [field(index)]: 'This option group or option is not part of the item' });
    taken.add(row.id);
    return row;
  });
  return wanted.map((w, index) => {
    if (byId[index]) return byId[index];
    const row = rows.find((r) => !taken.has(r.id) && sameName(r.name, w.name)) ?? null;
    if (row) taken.add(row.id);
    return row;
  });
}

/**
 * Variants that leave an item (their combination is gone, or the item no longer counts stock by
 * variant): archived when an order line names one — its lines and a later cancellation's stock
 * keep their row — deleted otherwise (as merchandise variants, decision 0072).
 */
async function retireVariants(tx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const ordered = new Set(
    (await tx.selectDistinct({ id: wholesaleOrderItems.variantId }).from(wholesaleOrderItems).where(inArray(wholesaleOrderItems.variantId, ids))).map((r) => r.id),
  );
  const archive = ids.filter((id) => ordered.has(id));
  const remove = ids.filter((id) => !ordered.has(id));
  if (archive.length) await tx.update(wholesaleItemVariants).set({ archivedAt: sql`now()` }).where(inArray(wholesaleItemVariants.id, archive));
  if (remove.length) await tx.delete(wholesaleItemVariants).where(inArray(wholesaleItemVariants.id, remove));
}

function damagedCheck(stock: number, damaged: number, field: string) {
  if (damaged > stock) throw AppError.validation('Damaged units cannot exceed the stock', { [field]: 'Damaged units cannot exceed the stock' });
}

/**
 * Writes an item in the caller's transaction. A new one gets its groups, options and variants. An
 * edit changes the item **in place** (issue #36): its row is locked, groups and options are matched
 * by id or name and updated (their ids stay, so order lines, carts and the stock a cancellation
 * gives back still point at them), new ones are added, removed ones deleted; variants keep their
 * row (and stock) while their combination exists, new combinations are added, and those that go
 * are archived or deleted (retireVariants). Stock fields left out keep the stock as it is.
 */
async function writeItem(tx: DbOrTx, fundraiserId: number, itemId: number | null, input: ItemInput): Promise<number> {
  for (const [g, group] of input.option_groups.entries()) {
    if (group.min_select > group.max_select) throw AppError.validation('min_select cannot exceed max_select', { [`option_groups.${g}.min_select`]: 'min_select cannot exceed max_select' });
  }
  const values = {
    fundraiserId,
    name: input.name,
    description: input.description,
    sku: input.sku ?? null,
    priceCents: input.price_cents,
    images: input.images,
    inventoryMode: input.inventory_mode,
    lowStockThreshold: input.low_stock_threshold ?? null,
    active: input.active,
  };
  let id: number;
  let oldGroups: GroupRow[] = [];
  let oldOptions: OptionRow[] = [];
  if (itemId === null) {
    const stock = input.stock_quantity ?? 0;
    const damaged = input.damaged_quantity ?? 0;
    damagedCheck(stock, damaged, 'damaged_quantity');
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(wholesaleItems).where(eq(wholesaleItems.fundraiserId, fundraiserId));
    const [row] = await tx
      .insert(wholesaleItems)
      .values({ ...values, stockQuantity: stock, damagedQuantity: damaged, position: n })
      .returning({ id: wholesaleItems.id });
    id = row!.id;
  } else {
    id = itemId;
    // Locked first: an order taking this item's stock waits for the edit, or the edit for it.
    const [current] = await tx.select().from(wholesaleItems).where(eq(wholesaleItems.id, id)).for('update');
    if (!current) throw AppError.notFound(WholesaleMessages.itemNotFound);
    const stock = input.stock_quantity ?? current.stockQuantity;
    const damaged = input.damaged_quantity ?? current.damagedQuantity;
    damagedCheck(stock, damaged, 'damaged_quantity');
    await tx.update(wholesaleItems).set({ ...values, stockQuantity: stock, damagedQuantity: damaged }).where(eq(wholesaleItems.id, id));
    oldGroups = await tx.select().from(wholesaleOptionGroups).where(eq(wholesaleOptionGroups.itemId, id));
    oldOptions = oldGroups.length
      ? await tx
          .select()
          .from(wholesaleOptions)
          .where(
            inArray(
              wholesaleOptions.optionGroupId,
              oldGroups.map((g) => g.id),
            ),
          )
      : [];
  }

  const groupMatches = matchRows(input.option_groups, oldGroups, (g) => `option_groups.${g}.id`);
  const keptOptionIds = new Set<number>();
  const groups: { options: { id: number; name: string }[] }[] = [];
  for (const [position, group] of input.option_groups.entries()) {
    const groupValues = { name: group.name, minSelect: group.min_select, maxSelect: group.max_select, enableInventoryTracking: group.enable_inventory_tracking, position };
    const existing = groupMatches[position];
    let groupId: number;
    if (existing) {
      groupId = existing.id;
      await tx.update(wholesaleOptionGroups).set(groupValues).where(eq(wholesaleOptionGroups.id, groupId));
    } else {
      const [g] = await tx.insert(wholesaleOptionGroups).values({ itemId: id, ...groupValues }).returning({ id: wholesaleOptionGroups.id });
      groupId = g!.id;
    }
    const own = existing ? oldOptions.filter((o) => o.optionGroupId === existing.id) : [];
    const optionMatches = matchRows(group.options, own, (o) => `option_groups.${position}.options.${o}.id`);
    const options: { id: number; name: string }[] = [];
    for (const [p, option] of group.options.entries()) {
      const field = `option_groups.${position}.options.${p}.damaged_quantity`;
      const match = optionMatches[p];
      const optionValues = { name: option.name, additionalPriceCents: option.additional_price_cents, available: option.available, position: p };
      if (match) {
        const stock = option.stock_quantity ?? match.stockQuantity;
        const damaged = option.damaged_quantity ?? match.damagedQuantity;
        damagedCheck(stock, damaged, field);
        await tx.update(wholesaleOptions).set({ ...optionValues, stockQuantity: stock, damagedQuantity: damaged }).where(eq(wholesaleOptions.id, match.id));
        keptOptionIds.add(match.id);
        options.push({ id: match.id, name: option.name });
      } else {
        const stock = option.stock_quantity ?? 0;
        const damaged = option.damaged_quantity ?? 0;
        damagedCheck(stock, damaged, field);
        const [row] = await tx
          .insert(wholesaleOptions)
          .values({ optionGroupId: groupId, ...optionValues, stockQuantity: stock, damagedQuantity: damaged })
          .returning({ id: wholesaleOptions.id });
        options.push({ id: row!.id, name: option.name });
      }
    }
    groups.push({ options });
  }

  // Variants: the live ones keep their row while their combination exists.
  const liveVariants = itemId === null ? [] : await tx.select().from(wholesaleItemVariants).where(and(eq(wholesaleItemVariants.itemId, id), isNull(wholesaleItemVariants.archivedAt)));
  const generated = input.inventory_mode === 'variant' ? generateVariants(groups) : [];
  const wantedKeys = new Set(generated.map((v) => v.variantKey));
  await retireVariants(
    tx,
    liveVariants.filter((v) => !wantedKeys.has(v.variantKey)).map((v) => v.id),
  );
  const fresh: { itemId: number; variantKey: string; variantName: string; stockQuantity: number }[] = [];
  for (const v of generated) {
    const live = liveVariants.find((x) => x.variantKey === v.variantKey);
    const asked = input.variant_stock?.[v.variantName];
    if (!live) {
      fresh.push({ itemId: id, variantKey: v.variantKey, variantName: v.variantName, stockQuantity: asked ?? 0 });
      continue;
    }
    const stock = asked ?? live.stockQuantity;
    damagedCheck(stock, live.damagedQuantity, `variant_stock.${v.variantName}`);
    if (live.variantName !== v.variantName || stock !== live.stockQuantity) {
      await tx.update(wholesaleItemVariants).set({ variantName: v.variantName, stockQuantity: stock }).where(eq(wholesaleItemVariants.id, live.id));
    }
  }
  if (fresh.length > 0) await tx.insert(wholesaleItemVariants).values(fresh);

  // Groups and options the edit dropped (variants naming them were retired above).
  const droppedOptions = oldOptions.filter((o) => !keptOptionIds.has(o.id)).map((o) => o.id);
  if (droppedOptions.length) await tx.delete(wholesaleOptions).where(inArray(wholesaleOptions.id, droppedOptions));
  const keptGroups = new Set(groupMatches.filter((g): g is GroupRow => g !== null).map((g) => g.id));
  const droppedGroups = oldGroups.filter((g) => !keptGroups.has(g.id)).map((g) => g.id);
  if (droppedGroups.length) await tx.delete(wholesaleOptionGroups).where(inArray(wholesaleOptionGroups.id, droppedGroups));
  return id;
}

export async function createItem(deps: WholesaleDeps, restaurantId: number, fundraiserId: number, input: ItemInput): Promise<ItemOutput> {
  await ownFundraiser(deps.db, restaurantId, fundraiserId);
  const id = await transaction(deps.pool, ({ tx }) => writeItem(tx, fundraiserId, null, input));
  const [item] = await loadItems(deps.db, { itemIds: [id] });
  return toItemOutput(item!);
}

async function ownItem(db: DbOrTx, restaurantId: number, itemId: number) {
  const [row] = await db.select().from(wholesaleItems).where(eq(wholesaleItems.id, itemId));
  if (!row) throw AppError.notFound(WholesaleMessages.itemNotFound);
  await ownFundraiser(db, restaurantId, row.fundraiserId);
  return row;
}

/** Edits an item in place (writeItem): ids of kept groups, options and variants stay, and so does stock not named. */
export async function updateItem(deps: WholesaleDeps, restaurantId: number, itemId: number, input: ItemInput): Promise<ItemOutput> {
  const row = await ownItem(deps.db, restaurantId, itemId);
  await transaction(deps.pool, ({ tx }) => writeItem(tx, row.fundraiserId, itemId, input));
  const [item] = await loadItems(deps.db, { itemIds: [itemId] });
  const out = toItemOutput(item!);
  deps.realtime.emit(rooms.fundraiser(row.fundraiserId), WholesaleEvents.itemStockUpdated, { id: out.id, name: out.name, inStock: out.in_stock });
  return out;
}

export async function updateVariant(
  deps: WholesaleDeps,
  restaurantId: number,
  variantId: number,
  input: { stock_quantity?: number | undefined; damaged_quantity?: number | undefined; low_stock_threshold?: number | null | undefined; active?: boolean | undefined },
): Promise<ItemOutput> {
  const [variant] = await deps.db.select().from(wholesaleItemVariants).where(eq(wholesaleItemVariants.id, variantId));
  if (!variant || variant.archivedAt) throw AppError.notFound(WholesaleMessages.variantNotFound);
  const row = await ownItem(deps.db, restaurantId, variant.itemId);
  const stock = input.stock_quantity ?? variant.stockQuantity;
  const damaged = input.damaged_quantity ?? variant.damagedQuantity;
  if (damaged > stock) throw AppError.validation('Damaged units cannot exceed the stock', { damaged_quantity: 'Damaged units cannot exceed the stock' });
  await deps.db
    .update(wholesaleItemVariants)
    .set({
      stockQuantity: stock,
      damagedQuantity: damaged,
      ...(input.low_stock_threshold !== undefined ? { lowStockThreshold: input.low_stock_threshold } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    })
    .where(eq(wholesaleItemVariants.id, variantId));
  const [item] = await loadItems(deps.db, { itemIds: [row.id] });
  const out = toItemOutput(item!);
  deps.realtime.emit(rooms.fundraiser(row.fundraiserId), WholesaleEvents.itemStockUpdated, { id: out.id, name: out.name, inStock: out.in_stock });
  return out;
}

// ── Orders ───────────────────────────────────────────────────────────────────────────────────

export async function listAdminOrders(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  restaurantId: number,
  query: { fundraiser_id?: number | undefined; participant_id?: number | 'general' | undefined; status?: string | undefined },
  only?: number[],
): Promise<OrderOutput[]> {
  const filters: SQL[] = [eq(wholesaleOrders.restaurantId, restaurantId)];
  // An organiser's orders (decision 0124): only those of their fundraisers.
  if (only) filters.push(inArray(wholesaleOrders.fundraiserId, only.length ? only : [0]));
  if (query.fundraiser_id) filters.push(eq(wholesaleOrders.fundraiserId, query.fundraiser_id));
  if (query.participant_id === 'general') filters.push(isNull(wholesaleOrders.participantId));
  else if (query.participant_id) filters.push(eq(wholesaleOrders.participantId, query.participant_id));
  if (query.status) filters.push(eq(wholesaleOrders.status, query.status as OrderOutput['status']));
  const rows = await deps.db
    .select()
    .from(wholesaleOrders)
    .where(and(...filters))
    .orderBy(desc(wholesaleOrders.createdAt), desc(wholesaleOrders.id))
    .limit(1000);
  return toOrderOutputs(deps.db, rows);
}

export async function setOrderStatus(deps: WholesaleDeps, restaurantId: number, actor: SessionUser, orderId: number, status: OrderOutput['status']): Promise<OrderOutput> {
  return changeStatus(deps, orderId, status, actor.id, { restaurantId });
}

/** Each order on its own (one refusal does not undo the others); the answer says which moved. */
export async function bulkStatus(deps: WholesaleDeps, restaurantId: number, actor: SessionUser, orderIds: number[], status: OrderOutput['status']) {
  const results: { id: number; ok: boolean; message: string | null }[] = [];
  for (const id of [...new Set(orderIds)]) {
    try {
      await changeStatus(deps, id, status, actor.id, { restaurantId });
      results.push({ id, ok: true, message: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  return results;
}

export async function ordersCsv(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, query: Parameters<typeof listAdminOrders>[2], only?: number[]): Promise<string> {
  const orders = await listAdminOrders(deps, restaurantId, query, only);
  const header = ['Order', 'Placed', 'Status', 'Payment', 'Fundraiser', 'Participant', 'Customer', 'Email', 'Phone', 'Items', 'Total'];
  const rows = orders.map((o) => [
    o.orderNumber,
    o.createdAt,
    o.statusLabel,
    o.paymentStatus,
    o.fundraiser.name,
    o.participant?.name ?? 'General support',
    o.customerName,
    o.customerEmail,
    o.customerPhone,
    [
      ...o.items.map((i) => `${i.quantity} x ${i.name}${i.variant_description ? ` (${i.variant_description})` : ''}`),
      // The donation and round-up (decision 0120).
      ...((o.donationCents ?? 0) + (o.roundUpCents ?? 0) > 0 ? [`Donation $${(((o.donationCents ?? 0) + (o.roundUpCents ?? 0)) / 100).toFixed(2)}`] : []),
    ].join('; '),
    (o.totalCents / 100).toFixed(2),
  ]);
  return toCsv([header, ...rows]);
}

/** Pickup day: what to hand to whom (per participant, then per order) and what to pull from stock (per item). */
export async function pickList(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, fundraiserId: number) {
  const fundraiser = await ownFundraiser(deps.db, restaurantId, fundraiserId);
  const orders = (await listAdminOrders(deps, restaurantId, { fundraiser_id: fundraiserId }))// A donation-only order has nothing to hand over (decision 0120).
    .filter((o) => o.status !== 'cancelled' && o.status !== 'completed' && o.items.length > 0);
  const byParticipant = new Map<string, { participant: string; orders: { orderNumber: string; customerName: string; status: string; items: { name: string; variant: string | null; quantity: number }[] }[] }>();
  const byItem = new Map<string, { name: string; variant: string | null; quantity: number }>();
  for (const order of [...orders].reverse()) {
    const key = order.participant?.name ?? 'General support';
    const group = byParticipant.get(key) ?? { participant: key, orders: [] };
    group.orders.push({
      orderNumber: order.orderNumber,
      customerName: order.customerName,
      status: order.statusLabel,
      items: order.items.map((i) => ({ name: i.name, variant: i.variant_description, quantity: i.quantity })),
    });
    byParticipant.set(key, group);
    for (const i of order.items) {
      const k = `${i.name}\u0000${i.variant_description ?? ''}`;
      const entry = byItem.get(k) ?? { name: i.name, variant: i.variant_description, quantity: 0 };
      entry.quantity += i.quantity;
      byItem.set(k, entry);
    }
  }
  return {
    fundraiser: { id: fundraiser.id, name: fundraiser.name, pickup_display_name: fundraiser.pickupDisplayName, pickup_hours: fundraiser.pickupHours },
    by_participant: [...byParticipant.values()].sort((a, b) => a.participant.localeCompare(b.participant)),
    by_item: [...byItem.values()].sort((a, b) => a.name.localeCompare(b.name) || (a.variant ?? '').localeCompare(b.variant ?? '')),
  };
}

/** The per-fundraiser dashboard: orders, units sold, gross and net (the ledger), and each participant against goal. */
export async function dashboard(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number, fundraiserId: number): Promise<DashboardOutput> {
  const row = await ownFundraiser(deps.db, restaurantId, fundraiserId);
  const [summary, participants, [counts], [units], ledger] = await Promise.all([
    fundraiserOutput(deps.db, shopToday(deps), row),
    participantsOf(deps.db, fundraiserId, { includeInactive: true }),
    deps.db
      .select({
        orders: sql<number>`count(*) filter (where ${wholesaleOrders.status} <> 'cancelled')::int`,
        cancelled: sql<number>`count(*) filter (where ${wholesaleOrders.status} = 'cancelled')::int`,
        // Every order was paid when placed: gross is before cancellations and refunds, net is the ledger.
        gross: sql<number>`coalesce(sum(${wholesaleOrders.totalCents}), 0)::int`,
      })
      .from(wholesaleOrders)
      .where(eq(wholesaleOrders.fundraiserId, fundraiserId)),
    deps.db
      .select({ sold: sql<number>`coalesce(sum(${wholesaleOrderItems.quantity}), 0)::int` })
      .from(wholesaleOrderItems)
      .innerJoin(wholesaleOrders, eq(wholesaleOrders.id, wholesaleOrderItems.orderId))
      .where(and(eq(wholesaleOrders.fundraiserId, fundraiserId), ne(wholesaleOrders.status, 'cancelled'))),
    deps.db
      .select({ participantId: wholesaleParticipantCredits.participantId, cents: sql<number>`coalesce(sum(${wholesaleParticipantCredits.amountCents}), 0)::int` })
      .from(wholesaleParticipantCredits)
      .where(eq(wholesaleParticipantCredits.fundraiserId, fundraiserId))
      .groupBy(wholesaleParticipantCredits.participantId),
  ]);
  const money = payoutTotals(await payoutRows(deps.db, fundraiserId, row.teamSharePercent), row.teamSharePercent);
  return {
    fundraiser: summary,
    net_sales_cents: money.net_sales_cents,
    team_share_percent: row.teamSharePercent,
    team_raised_cents: money.team_raised_cents,
    orders: counts?.orders ?? 0,
    cancelled_orders: counts?.cancelled ?? 0,
    items_sold: units?.sold ?? 0,
    gross_cents: counts?.gross ?? 0,
    net_raised_cents: ledger.reduce((s, r) => s + r.cents, 0),
    general_support_cents: ledger.find((r) => r.participantId === null)?.cents ?? 0,
    participants,
  };
}

