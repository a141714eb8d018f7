import { timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { VariantDemand } from '@kusina/domain/checkout';
import { centsToDollars } from '@kusina/domain/money';
import type { OrderConfirmationOutput, OrderHistoryOutput, OrderHistoryQuery } from '@kusina/domain/orders';
import { isStaffRole } from '@kusina/domain/roles';
import type { DbOrTx } from '../../db/client.ts';
import { menuItems, merchandiseStockEvents, merchandiseVariants, options, orderEtaEvents, orderItems, orders, orderStatusEvents, payments } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/access.ts';
import { confirmationView, splitLines, type ConfirmationTimeline } from './confirmation.ts';

export type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

export async function findOrderByKey(db: DbOrTx, restaurantId: number, idempotencyKey: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Who may see an order: whoever holds its access token (the guest's link), the signed-in customer
 * who placed it, staff and admins of its restaurant, and super admins.
 */
export function canViewOrder(order: Pick<OrderRow, 'userId' | 'restaurantId' | 'accessToken'>, viewer: { user: SessionUser | null; token?: string | undefined }): boolean {
  if (viewer.token && sameSecret(viewer.token, order.accessToken)) return true;
  const user = viewer.user;
  if (!user) return false;
  if (order.userId !== null && user.id === order.userId) return true;
  if (user.role === 'super_admin') return true;
  return isStaffRole(user.role) && user.restaurantId === order.restaurantId;
}

async function itemsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderItemRow[]>> {
  const byOrder = new Map<number, OrderItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.orderId), asc(orderItems.position));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/**
 * The timeline from the order's status and ETA events, in one query (every order has at least its
 * placement event). Statuses and times only: never who.
 */
async function loadTimeline(db: DbOrTx, orderId: number): Promise<ConfirmationTimeline> {
  const steps = await db
    .select({
      status: orderStatusEvents.toStatus,
      at: orderStatusEvents.createdAt,
      etaAt: sql<Date | null>`(SELECT max(${orderEtaEvents.createdAt}) FROM ${orderEtaEvents} WHERE ${orderEtaEvents.orderId} = ${orderId})`.mapWith(orderEtaEvents.createdAt),
    })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
  const etaAt = steps[0]?.etaAt ?? null;
  return { status_history: steps.map((s) => ({ status: s.status, at: s.at.toISOString() })), eta_updated_at: etaAt ? etaAt.toISOString() : null };
}

/** storefront.md §3 Order (confirmation), read from the order, its lines, its payment and its events. */
export async function loadConfirmation(db: DbOrTx, order: OrderRow): Promise<OrderConfirmationOutput> {
  const [items, [payment], timeline] = await Promise.all([
    itemsOf(db, [order.id]),
    db.select().from(payments).where(eq(payments.orderId, order.id)).limit(1),
    loadTimeline(db, order.id),
  ]);
  return confirmationView(order, items.get(order.id) ?? [], payment, timeline);
}

const SORTS: Record<OrderHistoryQuery['sort'], SQL[]> = {
  newest: [desc(orders.createdAt), desc(orders.id)],
  oldest: [asc(orders.createdAt), asc(orders.id)],
  highest: [desc(orders.totalCents), desc(orders.createdAt), desc(orders.id)],
  lowest: [asc(orders.totalCents), desc(orders.createdAt), desc(orders.id)],
};

/** A signed-in customer's own orders only (storefront.md §6: history is scoped to the user id). */
export async function listHistory(db: DbOrTx, userId: number, query: OrderHistoryQuery): Promise<OrderHistoryOutput> {
  const where = and(eq(orders.userId, userId), query.status ? eq(orders.status, query.status) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  const totalCount = totals[0]?.total ?? 0;
  return {
    orders: rows.map((order) => ({
      id: order.id,
      order_number: order.orderNumber,
      createdAt: order.createdAt.toISOString(),
      status: order.status,
      ...splitLines(items.get(order.id) ?? []),
      total: centsToDollars(order.totalCents),
      estimatedPickupTime: order.estimatedPickupTime.toISOString(),
      specialInstructions: order.specialInstructions,
    })),
    total_count: totalCount,
    page: query.page,
    per_page: query.per_page,
    total_pages: Math.ceil(totalCount / query.per_page),
  };
}

/** What checkout writes for a new order (the database fills in id and order_number). */
type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'orderNumber' | 'createdAt' | 'updatedAt'> & { createdAt: Date };
/**
 * One line of a new order (the database fills in id and order_id): food lines carry menuItemId,
 * customizations and selectedOptionIds; merchandise lines variantId and variantDetails.
 */
export type NewOrderLine = Pick<
  OrderItemRow,
  'itemType' | 'menuItemId' | 'variantId' | 'variantDetails' | 'name' | 'unitPriceCents' | 'quantity' | 'lineTotalCents' | 'customizations' | 'selectedOptionIds' | 'notes' | 'position'
>;

/** Everything checkout writes for a new order in its transaction, but its messages and its payment's capture. */
export interface OrderWrite {
  order: NewOrder;
  lines: NewOrderLine[];
  /** Stock-tracked merchandise variants: units sold, in variant id order (each gets a `sale` audit row). */
  sales: VariantDemand[];
  /** Stock-tracked menu items and options: [id, units], in id order. */
  itemStock: [number, number][];
  optionStock: [number, number][];
}

/** What insertOrder wrote: the order's row as it now is, and its lines as the confirmation shows them. */
export interface PlacedOrder {
  order: OrderRow;
  lines: NewOrderLine[];
}

/**
 * Checkout's write of a priced order, in the caller's transaction: the order (the database numbers
 * it), its lines, its first status event, and the stock decrements of tracked menu items, options
 * and merchandise variants (one `sale` audit row per variant, carrying the figures the decrement
 * left). The caller locked and re-checked every row whose stock goes down (in id order); the
 * CHECKs (stock ≥ damaged ≥ 0) are the last word. The status event's and the audit rows' actor is
 * the order's own user (the signed-in customer or staff member who placed it, or none).
 */
export async function insertOrder(tx: DbOrTx, write: OrderWrite): Promise<PlacedOrder> {
  const [order] = await tx
    .insert(orders)
    .values({ ...write.order, updatedAt: write.order.createdAt })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  const sale = async (demand: VariantDemand) => {
    const [variant] = await tx
      .update(merchandiseVariants)
      .set({ stockQuantity: sql`${merchandiseVariants.stockQuantity} - ${demand.quantity}`, updatedAt: sql`now()` })
      .where(eq(merchandiseVariants.id, demand.variantId))
      .returning();
    if (!variant) throw new Error(`merchandise variant ${demand.variantId} vanished under its lock`);
    await tx.insert(merchandiseStockEvents).values({
      restaurantId: order.restaurantId,
      merchandiseItemId: variant.merchandiseItemId,
      merchandiseVariantId: variant.id,
      itemName: demand.itemName,
      variantLabel: demand.variantLabel,
      userId: order.userId,
      orderId: order.id,
      kind: 'sale',
      delta: -demand.quantity,
      stockQuantity: variant.stockQuantity,
      damagedQuantity: variant.damagedQuantity,
      reason: `Order ${order.orderNumber}`,
      createdAt: order.createdAt,
    });
  };
  // Everything else needs only the order's id: sent together (the connection is pipelined, and
  // PostgreSQL runs them in the order sent, inside the transaction), answered in one wait. The
  // first that fails rejects it all and the transaction rolls back.
  await Promise.all([
    write.lines.length > 0 ? tx.insert(orderItems).values(write.lines.map((line) => ({ ...line, orderId: order.id }))).execute() : null,
    tx.insert(orderStatusEvents).values({ orderId: order.id, fromStatus: null, toStatus: order.status, actorUserId: order.userId, createdAt: order.createdAt }).execute(),
    ...write.itemStock.map(([id, quantity]) =>
      tx.update(menuItems).set({ stockQuantity: sql`${menuItems.stockQuantity} - ${quantity}`, updatedAt: sql`now()` }).where(eq(menuItems.id, id)).execute(),
    ),
    ...write.optionStock.map(([id, quantity]) =>
      tx.update(options).set({ stockQuantity: sql`${options.stockQuantity} - ${quantity}`, updatedAt: sql`now()` }).where(eq(options.id, id)).execute(),
    ),
    ...write.sales.map(sale),
  ]);
  return { order, lines: write.lines };
}

/** Links a captured payment to its order, as the processor's capture answered. Throws if the payment is not there. */
export async function markPaymentCaptured(tx: DbOrTx, paymentId: string, orderId: number, capture: { transactionId: string | null; capturedAt: Date }): Promise<PaymentRow> {
  const [paid] = await tx
    .update(payments)
    .set({ orderId, status: 'captured', transactionId: capture.transactionId, capturedAt: capture.capturedAt, updatedAt: capture.capturedAt })
    .where(eq(payments.id, paymentId))
    .returning();
  if (!paid) throw new Error(`payment ${paymentId} vanished under its lock`);
  return paid;
}
