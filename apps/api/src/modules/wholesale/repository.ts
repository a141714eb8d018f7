import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { centsToDollars } from '@kusina/domain/money';
import { isStaffRole } from '@kusina/domain/roles';
import {
  canCancelOrder,
  goalProgress,
  inventoryInfo,
  itemAvailableQuantity,
  orderStatusLabel,
  orderStatusMessage,
  WHOLESALE_UNLIMITED_STOCK,
  wholesaleStockStatus,
  type FundraiserOutput,
  type ItemOutput,
  type OrderOutput,
  type ParticipantOutput,
  type RuleItem,
  type VariantOutput,
} from '@kusina/domain/wholesale';
import type { DbOrTx } from '../../db/client.ts';
import {
  payments,
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
import type { SessionUser } from '../../lib/access.ts';

export type FundraiserRow = typeof wholesaleFundraisers.$inferSelect;
export type ParticipantRow = typeof wholesaleParticipants.$inferSelect;
type ItemRow = typeof wholesaleItems.$inferSelect;
export type WholesaleOrderRow = typeof wholesaleOrders.$inferSelect;
export type WholesaleOrderItemRow = typeof wholesaleOrderItems.$inferSelect;

/** An item with its option groups, options and variants, as the rules and the API read it. */
export type CatalogItem = RuleItem & { row: ItemRow };

export async function findFundraiserBySlug(db: DbOrTx, restaurantId: number, slug: string): Promise<FundraiserRow | null> {
  const [row] = await db
    .select()
    .from(wholesaleFundraisers)
    .where(and(eq(wholesaleFundraisers.restaurantId, restaurantId), eq(wholesaleFundraisers.slug, slug)))
    .limit(1);
  return row ?? null;
}

export async function findFundraiser(db: DbOrTx, id: number): Promise<FundraiserRow | null> {
  const [row] = await db.select().from(wholesaleFundraisers).where(eq(wholesaleFundraisers.id, id)).limit(1);
  return row ?? null;
}

/** Items (by fundraiser or by id) with their groups, options and variants, in position order. */
export async function loadItems(db: DbOrTx, where: { fundraiserIds?: number[]; itemIds?: number[] }): Promise<CatalogItem[]> {
  const filter = where.itemIds ? inArray(wholesaleItems.id, where.itemIds) : inArray(wholesaleItems.fundraiserId, where.fundraiserIds ?? []);
  if ((where.itemIds ?? where.fundraiserIds ?? []).length === 0) return [];
  const rows = await db.select().from(wholesaleItems).where(filter).orderBy(asc(wholesaleItems.position), asc(wholesaleItems.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [groups, variants] = await Promise.all([
    db.select().from(wholesaleOptionGroups).where(inArray(wholesaleOptionGroups.itemId, ids)).orderBy(asc(wholesaleOptionGroups.position), asc(wholesaleOptionGroups.id)),
    // Archived variants (dropped by an edit while orders name them) are neither listed nor sold.
    db
      .select()
      .from(wholesaleItemVariants)
      .where(and(inArray(wholesaleItemVariants.itemId, ids), isNull(wholesaleItemVariants.archivedAt)))
      .orderBy(asc(wholesaleItemVariants.id)),
  ]);
  const options =
    groups.length === 0
      ? []
      : await db
          .select()
          .from(wholesaleOptions)
          .where(
            inArray(
              wholesaleOptions.optionGroupId,
              groups.map((g) => g.id),
            ),
          )
          .orderBy(asc(wholesaleOptions.position), asc(wholesaleOptions.id));
  return rows.map((row) => ({
    row,
    id: row.id,
    fundraiserId: row.fundraiserId,
    name: row.name,
    description: row.description,
    sku: row.sku,
    priceCents: row.priceCents,
    active: row.active,
    inventoryMode: row.inventoryMode,
    stockQuantity: row.stockQuantity,
    damagedQuantity: row.damagedQuantity,
    lowStockThreshold: row.lowStockThreshold,
    groups: groups
      .filter((g) => g.itemId === row.id)
      .map((g) => ({
        id: g.id,
        name: g.name,
        minSelect: g.minSelect,
        maxSelect: g.maxSelect,
        enableInventoryTracking: g.enableInventoryTracking,
        options: options
          .filter((o) => o.optionGroupId === g.id)
          .map((o) => ({
            id: o.id,
            name: o.name,
            additionalPriceCents: o.additionalPriceCents,
            available: o.available,
            stockQuantity: o.stockQuantity,
            damagedQuantity: o.damagedQuantity,
          })),
      })),
    variants: variants
      .filter((v) => v.itemId === row.id)
      .map((v) => ({
        id: v.id,
        variantKey: v.variantKey,
        variantName: v.variantName,
        active: v.active,
        stockQuantity: v.stockQuantity,
        damagedQuantity: v.damagedQuantity,
        lowStockThreshold: v.lowStockThreshold,
      })),
  }));
}

export function toVariantOutput(itemId: number, v: RuleItem['variants'][number]): VariantOutput {
  const available = Math.max(0, v.stockQuantity - v.damagedQuantity);
  return {
    id: v.id,
    item_id: itemId,
    variant_key: v.variantKey,
    variant_name: v.variantName,
    active: v.active,
    stock_quantity: v.stockQuantity,
    damaged_quantity: v.damagedQuantity,
    low_stock_threshold: v.lowStockThreshold,
    available_quantity: v.active ? available : 0,
    stock_status: v.active ? wholesaleStockStatus(available, v.lowStockThreshold) : 'out_of_stock',
  };
}

export function toItemOutput(item: CatalogItem): ItemOutput {
  const available = itemAvailableQuantity(item);
  const info = inventoryInfo(item);
  const status = wholesaleStockStatus(available, item.lowStockThreshold);
  const images = item.row.images;
  return {
    id: item.id,
    fundraiser_id: item.fundraiserId,
    name: item.name,
    description: item.description,
    sku: item.sku,
    price: centsToDollars(item.priceCents),
    price_cents: item.priceCents,
    primary_image_url: images[0]?.image_url ?? null,
    images,
    active: item.active,
    inventory_mode: item.inventoryMode,
    in_stock: status !== 'out_of_stock',
    stock_status: status,
    track_inventory: info.track_inventory,
    available_quantity: item.inventoryMode === 'item' ? available : null,
    uses_option_level_inventory: info.uses_option_level_inventory,
    effective_available_quantity: available ?? WHOLESALE_UNLIMITED_STOCK,
    low_stock_threshold: item.lowStockThreshold,
    stock_quantity: item.stockQuantity,
    damaged_quantity: item.damagedQuantity,
    track_variants: info.track_variants,
    item_variants: item.variants.map((v) => toVariantOutput(item.id, v)),
    option_groups: item.groups.map((g) => ({
      id: g.id,
      name: g.name,
      required: g.minSelect > 0,
      min_select: g.minSelect,
      max_select: g.maxSelect,
      enable_inventory_tracking: g.enableInventoryTracking,
      options: g.options.map((o) => ({
        id: o.id,
        name: o.name,
        additional_price: centsToDollars(o.additionalPriceCents),
        additional_price_cents: o.additionalPriceCents,
        available: o.available,
        stock_quantity: o.stockQuantity,
        damaged_quantity: o.damagedQuantity,
      })),
    })),
  };
}

export function toFundraiserOutput(row: FundraiserRow, counts: { items: number; participants: number; raised: number; supporters: number; daysLeft: number | null }): FundraiserOutput {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    status: row.status,
    card_image_url: row.cardImageUrl,
    banner_url: row.bannerUrl,
    startDate: row.startDate,
    endDate: row.endDate,
    pickup_display_name: row.pickupDisplayName,
    pickup_display_address: row.pickupDisplayAddress,
    pickup_instructions: row.pickupInstructions,
    pickup_hours: row.pickupHours,
    pickup_contact_name: row.pickupContactName,
    pickup_contact_phone: row.pickupContactPhone,
    pickup_starts_at: row.pickupStartsAt?.toISOString() ?? null,
    item_count: counts.items,
    participant_count: counts.participants,
    goal_cents: row.goalCents,
    team_share_percent: row.teamSharePercent,
    raised_cents: counts.raised,
    progress_percent: goalProgress(counts.raised, row.goalCents),
    supporters_count: counts.supporters,
    days_left: counts.daysLeft,
  };
}

/** Net credit per participant of some fundraisers, from the ledger ("general" = participant NULL). */
async function raisedByParticipant(db: DbOrTx, fundraiserIds: number[]): Promise<Map<number | null, number>> {
  const raised = new Map<number | null, number>();
  if (fundraiserIds.length === 0) return raised;
  const rows = await db
    .select({ participantId: wholesaleParticipantCredits.participantId, cents: sql<number>`coalesce(sum(${wholesaleParticipantCredits.amountCents}), 0)::int` })
    .from(wholesaleParticipantCredits)
    .where(inArray(wholesaleParticipantCredits.fundraiserId, fundraiserIds))
    .groupBy(wholesaleParticipantCredits.participantId);
  for (const row of rows) raised.set(row.participantId, row.cents);
  return raised;
}

export async function participantsOf(db: DbOrTx, fundraiserId: number, options: { includeInactive?: boolean } = {}): Promise<ParticipantOutput[]> {
  const [rows, raised] = await Promise.all([
    db
      .select()
      .from(wholesaleParticipants)
      .where(and(eq(wholesaleParticipants.fundraiserId, fundraiserId), options.includeInactive ? undefined : eq(wholesaleParticipants.active, true)))
      .orderBy(asc(wholesaleParticipants.position), asc(wholesaleParticipants.id)),
    raisedByParticipant(db, [fundraiserId]),
  ]);
  return rows.map((p) => toParticipantOutput(p, raised.get(p.id) ?? 0));
}

export function toParticipantOutput(p: ParticipantRow, raisedCents: number): ParticipantOutput {
  return {
    id: p.id,
    name: p.name,
    photoUrl: p.photoUrl,
    description: p.description,
    message: p.message,
    hasGoal: p.goalCents !== null,
    goalAmount: p.goalCents === null ? null : centsToDollars(p.goalCents),
    goalCents: p.goalCents,
    raisedCents,
    raisedAmount: centsToDollars(raisedCents),
    progressPercent: goalProgress(raisedCents, p.goalCents),
  };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The supporter who placed it (signed in), anyone holding its token, or an admin of its restaurant. */
export function canSeeOrder(order: Pick<WholesaleOrderRow, 'userId' | 'restaurantId' | 'accessToken'>, viewer: { user: SessionUser | null; token?: string | undefined }): boolean {
  if (viewer.token && sameSecret(viewer.token, order.accessToken)) return true;
  const user = viewer.user;
  if (!user) return false;
  if (order.userId !== null && order.userId === user.id) return true;
  if (user.role === 'super_admin') return true;
  return isStaffRole(user.role) && user.role !== 'staff' && user.restaurantId === order.restaurantId;
}

/** Orders in the API's shape, with their lines, fundraiser, participant and payment. */
export async function toOrderOutputs(db: DbOrTx, orders: WholesaleOrderRow[]): Promise<OrderOutput[]> {
  if (orders.length === 0) return [];
  const orderIds = orders.map((o) => o.id);
  const fundraiserIds = [...new Set(orders.map((o) => o.fundraiserId))];
  const participantIds = [...new Set(orders.map((o) => o.participantId).filter((p): p is number => p !== null))];
  const [lines, fundraisers, participants, paid] = await Promise.all([
    db.select().from(wholesaleOrderItems).where(inArray(wholesaleOrderItems.orderId, orderIds)).orderBy(asc(wholesaleOrderItems.position)),
    db.select().from(wholesaleFundraisers).where(inArray(wholesaleFundraisers.id, fundraiserIds)),
    participantIds.length ? db.select().from(wholesaleParticipants).where(inArray(wholesaleParticipants.id, participantIds)) : Promise.resolve([]),
    db.select().from(payments).where(inArray(payments.wholesaleOrderId, orderIds)),
  ]);
  return orders.map((o) =>
    orderOutputOf(
      o,
      lines.filter((l) => l.orderId === o.id),
      fundraisers.find((x) => x.id === o.fundraiserId)!,
      participants.find((x) => x.id === o.participantId) ?? null,
      paid.find((x) => x.wholesaleOrderId === o.id) ?? null,
    ),
  );
}

/** One order in the API's shape from its rows (the order statement passes what it just wrote). */
export function orderOutputOf(
  o: WholesaleOrderRow,
  items: WholesaleOrderItemRow[],
  f: FundraiserRow,
  p: Pick<ParticipantRow, 'id' | 'name'> | null,
  pay: Pick<typeof payments.$inferSelect, 'processor' | 'cardBrand' | 'cardLast4' | 'transactionId'> | null,
): OrderOutput {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
    statusLabel: orderStatusLabel(o.status),
    statusMessage: orderStatusMessage(o.status, o.paymentStatus),
    paymentStatus: o.paymentStatus,
    total: centsToDollars(o.totalCents),
    totalCents: o.totalCents,
    totalPaid: o.paymentStatus === 'paid' ? centsToDollars(o.totalCents - o.refundedCents) : 0,
    refundedCents: o.refundedCents,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    estimated_pickup_time: o.estimatedPickupTime?.toISOString() ?? null,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone,
    shippingAddress: o.shippingAddress,
    notes: o.notes,
    itemCount: items.reduce((s, l) => s + l.quantity, 0),
    uniqueItemCount: items.length,
    canCancel: canCancelOrder(o.status),
    fundraiser: {
      id: f.id,
      name: f.name,
      slug: f.slug,
      status: f.status,
      pickup_display_name: f.pickupDisplayName,
      pickup_display_address: f.pickupDisplayAddress,
      pickup_instructions: f.pickupInstructions,
      pickup_hours: f.pickupHours,
      pickup_contact_name: f.pickupContactName,
      pickup_contact_phone: f.pickupContactPhone,
      pickup_starts_at: f.pickupStartsAt?.toISOString() ?? null,
    },
    participant: p ? { id: p.id, name: p.name } : null,
    donationCents: o.donationCents,
    roundUpCents: o.roundUpCents,
    payment: pay ? { processor: pay.processor, card_brand: pay.cardBrand, card_last4: pay.cardLast4, transaction_id: pay.transactionId } : null,
    items: items.map((l) => ({
      id: l.id,
      item_id: l.itemId,
      name: l.name,
      description: l.description,
      sku: l.sku,
      price_cents: l.unitPriceCents,
      quantity: l.quantity,
      line_total_cents: l.lineTotalCents,
      variant_description: l.variantDescription,
      selected_options: l.selectedOptions,
      selected_option_ids: l.selectedOptionIds,
    })),
  };
}

export async function findOrder(db: DbOrTx, id: number): Promise<WholesaleOrderRow | null> {
  const [row] = await db.select().from(wholesaleOrders).where(eq(wholesaleOrders.id, id)).limit(1);
  return row ?? null;
}

/** One participant's goal progress from the ledger (for the live goal event). */
export async function participantProgress(db: DbOrTx, participantId: number): Promise<ParticipantOutput | undefined> {
  const [row] = await db
    .select({
      participant: wholesaleParticipants,
      raised: sql<number>`(SELECT coalesce(sum(${wholesaleParticipantCredits.amountCents}), 0)::int FROM ${wholesaleParticipantCredits} WHERE ${wholesaleParticipantCredits.participantId} = ${wholesaleParticipants}.id)`,
    })
    .from(wholesaleParticipants)
    .where(eq(wholesaleParticipants.id, participantId));
  return row ? toParticipantOutput(row.participant, row.raised) : undefined;
}
