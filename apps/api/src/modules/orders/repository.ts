import { timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type pg from 'pg';
import { pickupEstimate, type VariantDemand } from '@kusina/domain/checkout';
import { centsToDollars } from '@kusina/domain/money';
import type { OrderConfirmationOutput, OrderHistoryOutput, OrderHistoryQuery } from '@kusina/domain/orders';
import { isStaffRole } from '@kusina/domain/roles';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders, payments } from '../../db/schema/index.ts';
import type { SessionUser } from '../accounts/sessions.ts';

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

function foodItem(row: OrderItemRow) {
  return { name: row.name, price: centsToDollars(row.unitPriceCents), quantity: row.quantity, customizations: row.customizations, notes: row.notes };
}

function merchandiseItem(row: OrderItemRow) {
  return {
    name: row.name,
    price: centsToDollars(row.unitPriceCents),
    quantity: row.quantity,
    size: row.variantDetails?.size ?? null,
    color: row.variantDetails?.color ?? null,
    notes: row.notes,
  };
}

/** An order's lines split as the confirmation and the history show them. */
function splitLines(lines: OrderItemRow[]) {
  return {
    items: lines.filter((l) => l.itemType === 'food').map(foodItem),
    merchandise_items: lines.filter((l) => l.itemType === 'merchandise').map(merchandiseItem),
  };
}

function paymentView(payment: PaymentRow | undefined): OrderConfirmationOutput['payment'] {
  if (!payment) return null;
  const card = payment.cardLast4 ? `${payment.cardBrand ?? 'card'} ending ${payment.cardLast4}` : null;
  return {
    status: payment.status,
    payment_method: payment.paymentMethod,
    transaction_id: payment.transactionId,
    payment_date: (payment.capturedAt ?? payment.authorizedAt)?.toISOString() ?? null,
    payment_intent_id: payment.paymentIntentId,
    processor: payment.processor,
    notes: card,
  };
}

/** storefront.md §3 Order (confirmation), read from the order, its lines and its payment. */
export async function loadConfirmation(db: DbOrTx, order: OrderRow): Promise<OrderConfirmationOutput> {
  const [items, [payment]] = await Promise.all([
    itemsOf(db, [order.id]),
    db.select().from(payments).where(eq(payments.orderId, order.id)).limit(1),
  ]);
  return confirmationView(order, items.get(order.id) ?? [], payment);
}

/** The confirmation shape from rows already in hand (checkout has them from its own writes). */
export function confirmationView(order: OrderRow, lines: OrderItemRow[], payment: PaymentRow | undefined): OrderConfirmationOutput {
  return {
    id: order.id,
    restaurant_id: order.restaurantId,
    order_number: order.orderNumber,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    estimated_pickup_time: order.estimatedPickupTime.toISOString(),
    pickup_estimate: pickupEstimate(order.maxAdvanceNoticeHours),
    requires_advance_notice: order.requiresAdvanceNotice,
    max_advance_notice_hours: order.maxAdvanceNoticeHours,
    is_staff_order: order.isStaffOrder,
    staff_member_name: order.staffMemberName,
    location_name: order.locationName,
    location_address: order.locationAddress,
    ...splitLines(lines),
    food_subtotal: centsToDollars(order.foodSubtotalCents),
    merchandise_subtotal: centsToDollars(order.merchandiseSubtotalCents),
    subtotal: centsToDollars(order.subtotalCents),
    discount: centsToDollars(order.discountCents),
    total: centsToDollars(order.totalCents),
    promo_code: order.promoCode,
    contact_name: order.contactName,
    contact_phone: order.contactPhone,
    contact_email: order.contactEmail,
    special_instructions: order.specialInstructions,
    payment: paymentView(payment),
  };
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
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'orderNumber' | 'createdAt' | 'updatedAt'> & { createdAt: Date };
/**
 * One line of a new order (the database fills in id and order_id): food lines carry menuItemId,
 * customizations and selectedOptionIds; merchandise lines variantId and variantDetails.
 */
export type NewOrderLine = Pick<
  OrderItemRow,
  'itemType' | 'menuItemId' | 'variantId' | 'variantDetails' | 'name' | 'unitPriceCents' | 'quantity' | 'lineTotalCents' | 'customizations' | 'selectedOptionIds' | 'notes' | 'position'
>;

/** `"db_name" AS "key"` for every column of a table, so rows come back in Drizzle's shape. */
function selectList(table: typeof orders | typeof orderItems, alias: string): string {
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => `${alias}."${column.keyAsName ? toSnakeCase(key) : column.name}" AS "${key}"`)
    .join(', ');
}

function jsonObject(table: typeof orderItems, alias: string): string {
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => `'${key}', ${alias}."${column.keyAsName ? toSnakeCase(key) : column.name}"`)
    .join(', ');
}

/** The order columns checkout sets, in parameter order ($1…); created_at is also updated_at. */
const ORDER_PARAMS = [
  'restaurant_id', 'user_id', 'status', 'food_subtotal_cents', 'merchandise_subtotal_cents', 'subtotal_cents', 'discount_cents',
  'total_cents', 'promo_code_id', 'promo_code', 'vip_code_id', 'contact_name', 'contact_phone', 'contact_email',
  'special_instructions', 'requires_advance_notice', 'max_advance_notice_hours', 'estimated_pickup_time', 'is_staff_order',
  'staff_member_name', 'location_name', 'location_address', 'access_token', 'idempotency_key', 'created_at',
] as const;
const CREATED_AT = `$${ORDER_PARAMS.length}`;
const LINES = `$${ORDER_PARAMS.length + 1}`;
const ACTOR = `$${ORDER_PARAMS.length + 2}`;
const SALES = `$${ORDER_PARAMS.length + 3}`;

/**
 * The order, its lines (food and merchandise), its first status event and — for stock-tracked
 * merchandise — the variants' stock decrement with one `sale` audit row per variant, in ONE
 * statement (data-modifying CTEs), as a named prepared statement: checkout's hottest write costs
 * one round trip and no query building. Lines and sales travel as JSON parameters, so the
 * statement's shape never depends on the cart. The variants were locked FOR UPDATE and re-checked
 * by the caller; the CHECK (stock ≥ damaged ≥ 0) is the last word. Audit rows carry the order's
 * id and number, and the figures the decrement left.
 */
const INSERT_PLACED_ORDER = `
WITH placed_order AS (
  INSERT INTO orders (${ORDER_PARAMS.join(', ')}, updated_at)
  VALUES (${ORDER_PARAMS.map((_, i) => `$${i + 1}`).join(', ')}, ${CREATED_AT})
  RETURNING *
), placed_lines AS (
  INSERT INTO order_items (order_id, item_type, menu_item_id, variant_id, variant_details, name, unit_price_cents, quantity, line_total_cents,
    customizations, selected_option_ids, notes, position)
  SELECT (SELECT id FROM placed_order), l.item_type, l.menu_item_id, l.variant_id, l.variant_details, l.name, l.unit_price_cents, l.quantity,
    l.line_total_cents, l.customizations, l.selected_option_ids, l.notes, l.position
  FROM jsonb_to_recordset(${LINES}::jsonb) AS l(item_type text, menu_item_id integer, variant_id integer, variant_details jsonb, name text,
    unit_price_cents integer, quantity integer, line_total_cents integer, customizations jsonb, selected_option_ids integer[], notes text,
    position integer)
  RETURNING *
), first_event AS (
  INSERT INTO order_status_events (order_id, from_status, to_status, actor_user_id, created_at)
  SELECT id, NULL, status, ${ACTOR}::integer, ${CREATED_AT} FROM placed_order
), sold AS (
  UPDATE merchandise_variants v
  SET stock_quantity = v.stock_quantity - s.quantity, updated_at = now()
  FROM jsonb_to_recordset(${SALES}::jsonb) AS s(variant_id integer, quantity integer, item_name text, variant_label text)
  WHERE v.id = s.variant_id
  RETURNING v.id, v.merchandise_item_id, v.stock_quantity, v.damaged_quantity, s.quantity, s.item_name, s.variant_label
), sale_events AS (
  INSERT INTO merchandise_stock_events (restaurant_id, merchandise_item_id, merchandise_variant_id, item_name, variant_label, user_id, order_id,
    kind, delta, stock_quantity, damaged_quantity, reason, created_at)
  SELECT o.restaurant_id, s.merchandise_item_id, s.id, s.item_name, s.variant_label, ${ACTOR}::integer, o.id,
    'sale', -s.quantity, s.stock_quantity, s.damaged_quantity, 'Order ' || o.order_number, ${CREATED_AT}
  FROM sold s CROSS JOIN placed_order o
  ORDER BY s.id
  RETURNING id
)
SELECT ${selectList(orders, 'o')},
  COALESCE((SELECT json_agg(json_build_object(${jsonObject(orderItems, 'l')}) ORDER BY l.position) FROM placed_lines l), '[]'::json) AS "__lines",
  (SELECT count(*)::int FROM sale_events) AS "__sales"
FROM placed_order o`;

export async function insertPlacedOrder(
  client: pg.PoolClient,
  order: NewOrder,
  lines: NewOrderLine[],
  sales: VariantDemand[],
  actorUserId: number | null,
): Promise<{ order: OrderRow; lines: OrderItemRow[] }> {
  const values: unknown[] = [
    order.restaurantId, order.userId ?? null, order.status, order.foodSubtotalCents, order.merchandiseSubtotalCents ?? 0,
    order.subtotalCents, order.discountCents ?? 0, order.totalCents, order.promoCodeId ?? null, order.promoCode ?? null,
    order.vipCodeId ?? null, order.contactName, order.contactPhone, order.contactEmail, order.specialInstructions ?? null,
    order.requiresAdvanceNotice ?? false, order.maxAdvanceNoticeHours ?? null, order.estimatedPickupTime, order.isStaffOrder ?? false,
    order.staffMemberName ?? null, order.locationName ?? null, order.locationAddress ?? null, order.accessToken, order.idempotencyKey,
    order.createdAt,
    JSON.stringify(
      lines.map((l) => ({
        item_type: l.itemType,
        menu_item_id: l.menuItemId,
        variant_id: l.variantId,
        variant_details: l.variantDetails,
        name: l.name,
        unit_price_cents: l.unitPriceCents,
        quantity: l.quantity,
        line_total_cents: l.lineTotalCents,
        customizations: l.customizations,
        selected_option_ids: l.selectedOptionIds,
        notes: l.notes,
        position: l.position,
      })),
    ),
    actorUserId,
    JSON.stringify(sales.map((s) => ({ variant_id: s.variantId, quantity: s.quantity, item_name: s.itemName, variant_label: s.variantLabel }))),
  ];
  const result = await client.query<OrderRow & { __lines: OrderItemRow[]; __sales: number }>({ name: 'order_insert_placed', text: INSERT_PLACED_ORDER, values });
  const row = result.rows[0];
  if (!row) throw new Error('order insert returned nothing');
  const { __lines: written, __sales: sold, ...placed } = row;
  // Every variant was locked and re-read by the caller, so each one's UPDATE finds its row.
  if (sold !== sales.length) throw new Error(`order ${placed.id}: ${sold} of ${sales.length} variant sales written`);
  return { order: placed, lines: written };
}
