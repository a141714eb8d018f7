import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@kusina/domain/money';
import {
  allowedTransitions,
  dayBounds,
  refundStatus,
  type ActorOutput,
  type OrderBoardEntry,
  type OrderDetailOutput,
  type OrderListQuery,
  type OrderRefundOutput,
} from '@kusina/domain/order-management';
import { ORDER_STATUSES, type OrderStatus } from '@kusina/domain/orders';
import type { DbOrTx } from '../../db/client.ts';
import {
  orderEtaEvents,
  orderItems,
  orders,
  orderStatusEvents,
  payments,
  refundLines,
  refunds,
  restaurants,
  users,
} from '../../db/schema/index.ts';
import { confirmationView } from '../orders/service.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'role'>;

const iso = (date: Date) => date.toISOString();

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/** The order row locked for the rest of the transaction, with its restaurant's name (for messages). */
export async function lockOrder(db: DbOrTx, id: number): Promise<{ order: OrderRow; restaurantName: string } | null> {
  const [row] = await db
    .select({ order: orders, restaurantName: restaurants.name })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, id))
    .for('update', { of: orders })
    .limit(1);
  return row ?? null;
}

export async function linesOf(db: DbOrTx, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position), asc(orderItems.id));
}

export async function paymentOf(db: DbOrTx, orderId: number, lock = false): Promise<PaymentRow | null> {
  const query = db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function unacknowledgedCount(db: DbOrTx, restaurantId: number): Promise<{ count: number; latestOrderId: number | null }> {
  const [row] = await db
    .select({ count: count(), latest: sql<number | null>`max(${orders.id})` })
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), isNull(orders.acknowledgedAt)));
  return { count: row?.count ?? 0, latestOrderId: row?.latest ?? null };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The search box: order number (K-10001, 10001, part of it), contact name or e-mail, phone digits. */
function searchCondition(q: string): SQL | undefined {
  const like = `%${escapeLike(q)}%`;
  const conditions: SQL[] = [ilike(orders.orderNumber, like), ilike(orders.contactName, like), ilike(orders.contactEmail, like)];
  const number = /^(?:k-?)?(\d+)$/i.exec(q);
  if (number) conditions.push(ilike(orders.orderNumber, `%${number[1]}%`));
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 3) conditions.push(sql`regexp_replace(${orders.contactPhone}, '[^0-9]', '', 'g') LIKE ${`%${digits}%`}`);
  return or(...conditions);
}

function listConditions(restaurantId: number, query: OrderListQuery, withStatus: boolean): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(orders.restaurantId, restaurantId)];
  if (withStatus && query.status) conditions.push(inArray(orders.status, query.status));
  if (query.date) {
    const { start, end } = dayBounds(query.date);
    const column = query.date_by === 'pickup' ? orders.estimatedPickupTime : orders.createdAt;
    conditions.push(gte(column, start), lt(column, end));
  }
  if (query.location) conditions.push(eq(orders.locationName, query.location));
  if (query.source) conditions.push(eq(orders.isStaffOrder, query.source === 'staff'));
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.unacknowledged) conditions.push(isNull(orders.acknowledgedAt));
  return and(...conditions);
}

const SORTS: Record<OrderListQuery['sort'], SQL[]> = {
  newest: [desc(orders.createdAt), desc(orders.id)],
  oldest: [asc(orders.createdAt), asc(orders.id)],
  pickup: [asc(orders.estimatedPickupTime), asc(orders.id)],
};

export interface BoardPage {
  entries: OrderBoardEntry[];
  totalCount: number;
  statusCounts: Record<OrderStatus, number>;
  locations: string[];
}

/** The board: one page of orders with their lines and payment, the total and per-status counts. */
export async function listBoard(db: DbOrTx, restaurantId: number, query: OrderListQuery): Promise<BoardPage> {
  const where = listConditions(restaurantId, query, true);
  const [rows, totals, byStatus, locations] = await Promise.all([
    db
      .select({ order: orders, paymentStatus: payments.status, processor: payments.processor })
      .from(orders)
      .leftJoin(payments, eq(payments.orderId, orders.id))
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(orders).where(where),
    db
      .select({ status: orders.status, total: count() })
      .from(orders)
      .where(listConditions(restaurantId, query, false))
      .groupBy(orders.status),
    db
      .selectDistinct({ name: orders.locationName })
      .from(orders)
      .where(and(eq(orders.restaurantId, restaurantId), sql`${orders.locationName} IS NOT NULL`))
      .orderBy(asc(orders.locationName)),
  ]);
  const ids = rows.map((r) => r.order.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity, itemType: orderItems.itemType })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .orderBy(asc(orderItems.orderId), asc(orderItems.position), asc(orderItems.id));
  const linesByOrder = new Map<number, { name: string; quantity: number; item_type: 'food' | 'merchandise' }[]>();
  for (const line of lines) {
    const list = linesByOrder.get(line.orderId) ?? [];
    list.push({ name: line.name, quantity: line.quantity, item_type: line.itemType });
    linesByOrder.set(line.orderId, list);
  }
  const statusCounts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of byStatus) statusCounts[row.status] = row.total;
  return {
    entries: rows.map(({ order, paymentStatus, processor }) => boardEntry(order, linesByOrder.get(order.id) ?? [], paymentStatus, processor)),
    totalCount: totals[0]?.total ?? 0,
    statusCounts,
    locations: locations.map((l) => l.name).filter((n): n is string => n !== null),
  };
}

function boardEntry(
  order: OrderRow,
  lines: { name: string; quantity: number; item_type: 'food' | 'merchandise' }[],
  paymentStatus: PaymentRow['status'] | null,
  processor: PaymentRow['processor'] | null,
): OrderBoardEntry {
  return {
    id: order.id,
    restaurant_id: order.restaurantId,
    order_number: order.orderNumber,
    status: order.status,
    created_at: iso(order.createdAt),
    updated_at: iso(order.updatedAt),
    estimated_pickup_time: iso(order.estimatedPickupTime),
    requested_pickup_time: order.requestedPickupTime ? iso(order.requestedPickupTime) : null,
    requires_advance_notice: order.requiresAdvanceNotice,
    source: order.isStaffOrder ? 'staff' : 'online',
    is_staff_order: order.isStaffOrder,
    staff_member_name: order.staffMemberName,
    location_name: order.locationName,
    contact_name: order.contactName,
    contact_phone: order.contactPhone,
    contact_email: order.contactEmail,
    special_instructions: order.specialInstructions,
    item_count: lines.reduce((sum, l) => sum + l.quantity, 0),
    lines,
    total: centsToDollars(order.totalCents),
    total_cents: order.totalCents,
    refunded_total: centsToDollars(order.refundedCents),
    refunded_cents: order.refundedCents,
    refund_status: refundStatus(order.totalCents, order.refundedCents),
    payment_status: paymentStatus,
    processor,
    acknowledged_at: order.acknowledgedAt ? iso(order.acknowledgedAt) : null,
  };
}

async function usersById(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, UserRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone, role: users.role })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

function actorOf(people: Map<number, UserRow>, id: number | null): ActorOutput | null {
  const person = id === null ? undefined : people.get(id);
  return person ? { id: person.id, name: `${person.firstName} ${person.lastName}`.trim(), role: person.role } : null;
}

type RefundRow = typeof refunds.$inferSelect;
type RefundLineRow = typeof refundLines.$inferSelect;

function refundView(refund: RefundRow, lines: RefundLineRow[], items: Map<number, OrderItemRow>, people: Map<number, UserRow>): OrderRefundOutput {
  return {
    id: refund.id,
    order_id: refund.orderId,
    amount: centsToDollars(refund.amountCents),
    amount_cents: refund.amountCents,
    full: refund.full,
    restock: refund.restock,
    reason: refund.reason,
    processor: refund.processor,
    processor_refund_id: refund.processorRefundId,
    actor: actorOf(people, refund.actorUserId),
    created_at: iso(refund.createdAt),
    lines: lines.map((line) => {
      const item = items.get(line.orderItemId);
      return {
        order_item_id: line.orderItemId,
        name: item?.name ?? '',
        item_type: item?.itemType ?? 'food',
        quantity: line.quantity,
        amount: centsToDollars(line.amountCents),
        amount_cents: line.amountCents,
        restock: line.restock,
        restocked: line.restocked,
      };
    }),
  };
}

/** Everything the order detail shows, read in one go (after a write, the committed state). */
export async function loadDetail(db: DbOrTx, order: OrderRow): Promise<OrderDetailOutput> {
  const [lines, payment, history, etaHistory, refundRows] = await Promise.all([
    linesOf(db, order.id),
    paymentOf(db, order.id),
    db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, order.id)).orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id)),
    db.select().from(orderEtaEvents).where(eq(orderEtaEvents.orderId, order.id)).orderBy(asc(orderEtaEvents.createdAt), asc(orderEtaEvents.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  const refundLineRows =
    refundRows.length === 0
      ? []
      : await db
          .select()
          .from(refundLines)
          .where(
            inArray(
              refundLines.refundId,
              refundRows.map((r) => r.id),
            ),
          )
          .orderBy(asc(refundLines.id));
  const people = await usersById(db, [
    order.userId,
    order.acknowledgedBy,
    ...history.map((h) => h.actorUserId),
    ...etaHistory.map((e) => e.actorUserId),
    ...refundRows.map((r) => r.actorUserId),
  ]);
  const items = new Map(lines.map((l) => [l.id, l]));
  const placedBy = order.userId === null ? undefined : people.get(order.userId);
  const lastEta = etaHistory.at(-1);
  return {
    ...confirmationView(order, lines, payment ?? undefined, {
      status_history: history.map((h) => ({ status: h.toStatus, at: iso(h.createdAt) })),
      eta_updated_at: lastEta ? iso(lastEta.createdAt) : null,
    }),
    updated_at: iso(order.updatedAt),
    source: order.isStaffOrder ? 'staff' : 'online',
    user: placedBy
      ? { id: placedBy.id, name: `${placedBy.firstName} ${placedBy.lastName}`.trim(), email: placedBy.email, phone: placedBy.phone, role: placedBy.role }
      : null,
    acknowledged_at: order.acknowledgedAt ? iso(order.acknowledgedAt) : null,
    acknowledged_by: actorOf(people, order.acknowledgedBy),
    lines: lines.map((l) => ({
      id: l.id,
      item_type: l.itemType,
      menu_item_id: l.menuItemId,
      variant_id: l.variantId,
      name: l.name,
      unit_price: centsToDollars(l.unitPriceCents),
      unit_price_cents: l.unitPriceCents,
      quantity: l.quantity,
      line_total: centsToDollars(l.lineTotalCents),
      line_total_cents: l.lineTotalCents,
      customizations: l.customizations,
      notes: l.notes,
      size: l.variantDetails?.size ?? null,
      color: l.variantDetails?.color ?? null,
      refunded_quantity: l.refundedQuantity,
      refundable_quantity: l.quantity - l.refundedQuantity,
    })),
    subtotal_cents: order.subtotalCents,
    discount_cents: order.discountCents,
    total_cents: order.totalCents,
    refunded_total: centsToDollars(order.refundedCents),
    refunded_cents: order.refundedCents,
    refundable_cents: order.totalCents - order.refundedCents,
    refund_status: refundStatus(order.totalCents, order.refundedCents),
    allowed_transitions: allowedTransitions(order.status),
    status_history: history.map((h) => ({
      id: h.id,
      from_status: h.fromStatus,
      to_status: h.toStatus,
      actor: actorOf(people, h.actorUserId),
      reason: h.reason,
      created_at: iso(h.createdAt),
    })),
    eta_history: etaHistory.map((e) => ({
      id: e.id,
      previous_time: iso(e.previousTime),
      new_time: iso(e.newTime),
      actor: actorOf(people, e.actorUserId),
      notified: e.notified,
      created_at: iso(e.createdAt),
    })),
    refunds: refundRows.map((r) =>
      refundView(
        r,
        refundLineRows.filter((l) => l.refundId === r.id),
        items,
        people,
      ),
    ),
  };
}

/** Marks unacknowledged orders of a restaurant as seen; returns the ids it changed. */
export async function acknowledgeOrders(
  db: DbOrTx,
  input: { restaurantId: number; orderId?: number; upToId?: number; userId: number; at: Date },
): Promise<number[]> {
  const rows = await db
    .update(orders)
    .set({ acknowledgedAt: input.at, acknowledgedBy: input.userId })
    .where(
      and(
        eq(orders.restaurantId, input.restaurantId),
        isNull(orders.acknowledgedAt),
        input.orderId === undefined ? undefined : eq(orders.id, input.orderId),
        input.upToId === undefined ? undefined : lte(orders.id, input.upToId),
      ),
    )
    .returning({ id: orders.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function actorById(db: DbOrTx, userId: number): Promise<ActorOutput | null> {
  return actorOf(await usersById(db, [userId]), userId);
}
