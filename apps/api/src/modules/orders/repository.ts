import { timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { toCamelCase, toSnakeCase } from 'drizzle-orm/casing';
import type pg from 'pg';
import { pickupEstimate, type VariantDemand } from '@kusina/domain/checkout';
import { centsToDollars } from '@kusina/domain/money';
import type { OrderConfirmationOutput, OrderHistoryOutput, OrderHistoryQuery } from '@kusina/domain/orders';
import { isStaffRole } from '@kusina/domain/roles';
import type { NotificationChannel } from '@kusina/domain/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { orderEtaEvents, orderItems, orders, orderStatusEvents, payments } from '../../db/schema/index.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { deliveryJobsSql } from '../notifications/service.ts';
import { TEST_CAPTURE_DECLINED_LAST4 } from '../payments/test-processor.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
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

/** What the confirmation and the history show of a line (an order just placed has no line ids yet to show). */
export type ConfirmationLine = Pick<OrderItemRow, 'itemType' | 'name' | 'unitPriceCents' | 'quantity' | 'customizations' | 'notes' | 'variantDetails'>;

function foodItem(row: ConfirmationLine) {
  return { name: row.name, price: centsToDollars(row.unitPriceCents), quantity: row.quantity, customizations: row.customizations, notes: row.notes };
}

function merchandiseItem(row: ConfirmationLine) {
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
function splitLines(lines: ConfirmationLine[]) {
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

/** The confirmation's timeline: when each status was reached and when staff last set the ETA. */
export type ConfirmationTimeline = Pick<OrderConfirmationOutput, 'status_history' | 'eta_updated_at'>;

/**
 * The timeline of an order just placed, from its row alone: placement writes exactly one status
 * event (its status, at created_at) and no ETA event, so checkout's answer needs no extra query.
 */
export function placedTimeline(order: OrderRow): ConfirmationTimeline {
  return { status_history: [{ status: order.status, at: order.createdAt.toISOString() }], eta_updated_at: null };
}

/**
 * The timeline from the order's status and ETA events, in one query (every order has at least its
 * placement event). Statuses and times only: never who.
 */
export async function loadTimeline(db: DbOrTx, orderId: number): Promise<ConfirmationTimeline> {
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

/**
 * The confirmation shape from rows already in hand (checkout has them from its own writes). Without
 * a timeline, the order is taken as just placed (placedTimeline).
 */
export function confirmationView(
  order: OrderRow,
  lines: ConfirmationLine[],
  payment: PaymentRow | undefined,
  timeline: ConfirmationTimeline = placedTimeline(order),
): OrderConfirmationOutput {
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
    staff_discount_name: order.staffDiscountName,
    staff_discount_percentage: order.staffDiscountBasisPoints === null ? null : order.staffDiscountBasisPoints / 100,
    contact_name: order.contactName,
    contact_phone: order.contactPhone,
    contact_email: order.contactEmail,
    special_instructions: order.specialInstructions,
    payment: paymentView(payment),
    status_history: timeline.status_history,
    eta_updated_at: timeline.eta_updated_at,
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

/**
 * A confirmation message as the order statement writes it: `subject` and `body` are templates for
 * PostgreSQL's format(), where `%1$s` stands for the order number and `%2$s` for the order id
 * (both only known once the order row exists) and every other `%` is doubled (formatLiteral).
 */
export interface OrderMessageTemplate {
  userId: number | null;
  channel: NotificationChannel;
  recipient: string;
  subject: string | null;
  body: string;
  template: string;
}

/** A text as a literal part of a format() template: every `%` doubled. */
export function formatLiteral(text: string): string {
  return text.replaceAll('%', '%%');
}

/** Everything checkout writes for a new order but what it does with the payment. */
export interface OrderWrite {
  order: NewOrder;
  lines: NewOrderLine[];
  /** Stock-tracked merchandise variants: units sold, in variant id order (each gets a `sale` audit row). */
  sales: VariantDemand[];
  /** Stock-tracked menu items and options: [id, units], in id order. */
  itemStock: [number, number][];
  optionStock: [number, number][];
  /** The confirmation messages; a delivery job is queued for each. */
  messages: OrderMessageTemplate[];
}

/** Everything checkout writes for a new order, in its one statement (insertPlacedOrder). */
export interface PlacedOrderWrite extends OrderWrite {
  /** The locked, authorized payment (its row as read under the lock), linked to the order and marked captured. */
  payment: { row: PaymentRow; transactionId: string | null; capturedAt: Date };
}

/**
 * An order of a batch (insertBatchOrders), priced from a cached catalog before its transaction: its
 * payment is checked, locked and captured by the statement itself, and the order is written only if
 * its restaurant's catalog_version is still the one it was priced with. No tracked stock.
 */
export interface BatchOrderWrite extends OrderWrite {
  payment: { id: string; catalogVersion: number; capturedAt: Date };
}

/** The order columns checkout sets (created_at is also updated_at); the rest are the table's defaults. */
const ORDER_COLUMNS = [
  'restaurant_id', 'user_id', 'status', 'food_subtotal_cents', 'merchandise_subtotal_cents', 'subtotal_cents', 'discount_cents',
  'total_cents', 'promo_code_id', 'promo_code', 'vip_code_id', 'contact_name', 'contact_phone', 'contact_email',
  'special_instructions', 'requires_advance_notice', 'max_advance_notice_hours', 'estimated_pickup_time', 'is_staff_order',
  'staff_member_name', 'staff_discount_id', 'staff_discount_name', 'staff_discount_basis_points', 'location_name', 'location_address',
  'access_token', 'idempotency_key', 'created_at',
] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];

/** The payments table's columns as raw SQL names them: Drizzle's key and the column's name. */
const PAYMENT_COLUMNS = Object.entries(getTableColumns(payments)).map(([key, column]) => ({
  key: key as keyof PaymentRow,
  sqlName: column.keyAsName ? toSnakeCase(key) : column.name,
}));

/** The statement's parameters: JSON arrays, each row tied to its order by the order's access token. */
const ORDERS = '$1';
const LINES = '$2';
const MESSAGES = '$3';
const PAYMENTS = '$4';
/** Then, only in the shapes that have them: the food stock (items, options), then the variant sales. */
const OPTIONAL_FROM = 5;

/**
 * Checkout's whole write, in ONE statement (data-modifying CTEs) prepared once per connection, for
 * one order or a batch of them (batch.ts): the orders (numbered in the order given), their lines
 * (food and merchandise) and first status events; the stock decrements of tracked menu items,
 * options and merchandise variants (with one `sale` audit row per variant); the confirmation
 * messages in the outbox (their texts completed with each order's number and id by format()) and
 * one pg-boss delivery job each; and the payments, each linked to its order and marked captured.
 * Everything travels as JSON parameters, so the statement's shape never depends on the carts or
 * on how many orders there are, and an order costs no query building. Lines, messages and
 * payments find their order by its access token (random, one per order).
 *
 * The caller locked and re-checked every row whose stock goes down (in id order) and every
 * payment, and captures the money only after this statement (in the same transaction: a failed
 * capture rolls all of it back) — but in the batch shape (insertBatchOrders), which locks and
 * checks its payments itself and writes only the orders they allow. The stock parts are only ever used for a single order (the batch
 * takes no tracked stock). The CHECKs (stock ≥ damaged ≥ 0) are the last word. The statement
 * counts the rows each part wrote against what it was given (`expect_written`, migration 0010), so
 * a mismatch fails it — and rolls its transaction back even when the COMMIT is already on its way
 * behind it (a batch's, see insertPlacedOrders). Audit rows carry the order's id and number, and
 * the figures the decrement left; their actor, as the first status event's, is the order's own
 * user (the signed-in customer or staff member who placed it, or none).
 */
function placedOrderSql(parts: { foodStock: boolean; merchandiseStock: boolean; batch?: boolean }): string {
  const ITEM_STOCK = `$${OPTIONAL_FROM}`;
  const OPTION_STOCK = `$${OPTIONAL_FROM + 1}`;
  const SALES = `$${OPTIONAL_FROM + (parts.foodStock ? 2 : 0)}`;
  const batch = parts.batch === true;
  if (batch && (parts.foodStock || parts.merchandiseStock)) throw new Error('a batch carries no tracked stock');
  // The ids of the statement's payments as an array, so they are found by their primary key whatever
  // the planner guesses of the JSON's length (it guesses 100 rows, and would rather scan a small table).
  const paymentIds = `ARRAY(SELECT (e ->> 'id')::uuid FROM jsonb_array_elements(${PAYMENTS}::jsonb) e)`;
  const insertOrders = `INSERT INTO orders (${ORDER_COLUMNS.join(', ')}, updated_at)
  SELECT ${ORDER_COLUMNS.map((c) => `o.${c}`).join(', ')}, o.created_at
  FROM jsonb_populate_recordset(NULL::orders, ${ORDERS}::jsonb) WITH ORDINALITY AS o`;
  const returningOrder = 'RETURNING id, order_number, access_token, restaurant_id, user_id, status, created_at';
  const placedOrder = batch
    ? // The payments locked in id order (so batches never deadlock on them), then only the orders
      // whose payment is this restaurant's, unused, authorized for exactly the order's total and
      // captured by the test processor on the spot (or nothing to pay), whose restaurant's catalog is
      // still the one they were priced with, and whose Idempotency-Key placed nothing yet (one being
      // placed by another transaction is waited for). The others are left to placeOrder.
      `locked AS MATERIALIZED (
  SELECT p.*, x.access_token AS for_order, x.catalog_version AS for_version, x.captured_at AS for_captured_at
  FROM (
    SELECT * FROM jsonb_to_recordset(${PAYMENTS}::jsonb) AS x(access_token text, id uuid, catalog_version integer, captured_at timestamptz)
    ORDER BY x.id
  ) x
  -- One lookup a payment by its primary key (LATERAL: a prepared statement's generic plan, made
  -- while the table is small, would otherwise keep a scan of the whole table), locked in id order.
  CROSS JOIN LATERAL (SELECT * FROM payments WHERE payments.id = x.id FOR UPDATE) p
), placed_order AS (
  ${insertOrders}
  JOIN locked p ON p.for_order = o.access_token
  JOIN restaurants r ON r.id = o.restaurant_id AND r.catalog_version = p.for_version
  WHERE p.restaurant_id = o.restaurant_id AND p.status = 'authorized' AND p.order_id IS NULL AND p.amount_cents = o.total_cents
    AND (p.amount_cents = 0 OR (p.processor = 'test' AND p.transaction_id IS NOT NULL AND p.card_last4 IS DISTINCT FROM '${TEST_CAPTURE_DECLINED_LAST4}'))
  ORDER BY o.ordinality
  ON CONFLICT (restaurant_id, idempotency_key) DO NOTHING
  ${returningOrder}
)`
    : `placed_order AS (
  ${insertOrders}
  ORDER BY o.ordinality
  ${returningOrder}
)`;
  return `
WITH ${placedOrder}, placed_lines AS (
  INSERT INTO order_items (order_id, item_type, menu_item_id, variant_id, variant_details, name, unit_price_cents, quantity, line_total_cents,
    customizations, selected_option_ids, notes, position)
  SELECT o.id, l.item_type, l.menu_item_id, l.variant_id, l.variant_details, l.name, l.unit_price_cents, l.quantity,
    l.line_total_cents, l.customizations, l.selected_option_ids, l.notes, l.position
  FROM jsonb_to_recordset(${LINES}::jsonb) AS l(access_token text, item_type text, menu_item_id integer, variant_id integer,
    variant_details jsonb, name text, unit_price_cents integer, quantity integer, line_total_cents integer, customizations jsonb,
    selected_option_ids integer[], notes text, position integer)
  JOIN placed_order o ON o.access_token = l.access_token
  ORDER BY o.id, l.position
  RETURNING 1
), first_event AS (
  INSERT INTO order_status_events (order_id, from_status, to_status, actor_user_id, created_at)
  SELECT id, NULL, status, user_id, created_at FROM placed_order ORDER BY id
)${
    parts.foodStock
      ? `, items_sold AS (
  UPDATE menu_items i SET stock_quantity = i.stock_quantity - d.quantity, updated_at = now()
  FROM jsonb_to_recordset(${ITEM_STOCK}::jsonb) AS d(id integer, quantity integer)
  WHERE i.id = d.id
  RETURNING i.id
), options_sold AS (
  UPDATE options o SET stock_quantity = o.stock_quantity - d.quantity, updated_at = now()
  FROM jsonb_to_recordset(${OPTION_STOCK}::jsonb) AS d(id integer, quantity integer)
  WHERE o.id = d.id
  RETURNING o.id
)`
      : ''
  }${
    parts.merchandiseStock
      ? `, sold AS (
  UPDATE merchandise_variants v
  SET stock_quantity = v.stock_quantity - s.quantity, updated_at = now()
  FROM jsonb_to_recordset(${SALES}::jsonb) AS s(variant_id integer, quantity integer, item_name text, variant_label text)
  WHERE v.id = s.variant_id
  RETURNING v.id, v.merchandise_item_id, v.stock_quantity, v.damaged_quantity, s.quantity, s.item_name, s.variant_label
), sale_events AS (
  INSERT INTO merchandise_stock_events (restaurant_id, merchandise_item_id, merchandise_variant_id, item_name, variant_label, user_id, order_id,
    kind, delta, stock_quantity, damaged_quantity, reason, created_at)
  SELECT o.restaurant_id, s.merchandise_item_id, s.id, s.item_name, s.variant_label, o.user_id, o.id,
    'sale', -s.quantity, s.stock_quantity, s.damaged_quantity, 'Order ' || o.order_number, o.created_at
  FROM sold s CROSS JOIN placed_order o
  ORDER BY s.id
  RETURNING id
)`
      : ''
  }, queued AS (
  INSERT INTO notifications (restaurant_id, user_id, channel, recipient, subject, body, template)
  SELECT o.restaurant_id, m.user_id, m.channel, m.recipient, format(m.subject, o.order_number, o.id), format(m.body, o.order_number, o.id), m.template
  FROM jsonb_to_recordset(${MESSAGES}::jsonb) AS m(access_token text, n integer, user_id integer, channel text, recipient text, subject text,
    body text, template text)
  JOIN placed_order o ON o.access_token = m.access_token
  ORDER BY o.id, m.n
  RETURNING id
), jobs AS (
  ${deliveryJobsSql('queued')}
), paid AS (${
    batch
      ? `
  -- The test processor's capture keeps the authorization's id: transaction_id stays as it is.
  UPDATE payments p SET order_id = o.id, status = 'captured', captured_at = l.for_captured_at, updated_at = l.for_captured_at
  FROM placed_order o JOIN locked l ON l.for_order = o.access_token
  WHERE p.id = l.id AND p.id = ANY (${paymentIds})
  RETURNING p.*`
      : `
  UPDATE payments p SET order_id = o.id, status = 'captured', transaction_id = x.transaction_id, captured_at = x.captured_at,
    updated_at = x.captured_at
  FROM jsonb_to_recordset(${PAYMENTS}::jsonb) AS x(access_token text, id uuid, transaction_id text, captured_at timestamptz)
  JOIN placed_order o ON o.access_token = x.access_token
  WHERE p.id = x.id AND p.id = ANY (${paymentIds})
  RETURNING p.id, p.order_id`
  }
), written (what, n, wanted) AS (${
    batch
      ? `
  -- A batch writes only some of its orders: each of those must have its payment captured, and
  -- their messages one delivery job.
  VALUES
    ('payments', (SELECT count(*) FROM paid), (SELECT count(*) FROM placed_order)),
    ('delivery jobs', (SELECT count(*) FROM jobs), least((SELECT count(*) FROM queued), 1))
)
SELECT o.id, o.order_number AS "orderNumber", o.access_token AS "accessToken",
  ${PAYMENT_COLUMNS.map(({ key, sqlName }) => `p."${sqlName}" AS "payment.${key}"`).join(', ')}
FROM placed_order o JOIN paid p ON p.order_id = o.id
WHERE (SELECT bool_and(expect_written(what, n, wanted)) FROM written)
ORDER BY o.id`
      : `
  VALUES
    ('orders', (SELECT count(*) FROM placed_order), jsonb_array_length(${ORDERS}::jsonb)),
    ('order lines', (SELECT count(*) FROM placed_lines), jsonb_array_length(${LINES}::jsonb)),
    ('messages', (SELECT count(*) FROM queued), jsonb_array_length(${MESSAGES}::jsonb)),
    -- The statement's messages share one delivery job.
    ('delivery jobs', (SELECT count(*) FROM jobs), least(jsonb_array_length(${MESSAGES}::jsonb), 1)),
    ('payments', (SELECT count(*) FROM paid), jsonb_array_length(${PAYMENTS}::jsonb))${
      parts.foodStock
        ? `,
    ('menu item stock', (SELECT count(*) FROM items_sold), jsonb_array_length(${ITEM_STOCK}::jsonb)),
    ('option stock', (SELECT count(*) FROM options_sold), jsonb_array_length(${OPTION_STOCK}::jsonb))`
        : ''
    }${
      parts.merchandiseStock
        ? `,
    ('variant sales', (SELECT count(*) FROM sale_events), jsonb_array_length(${SALES}::jsonb))`
        : ''
    }
)
SELECT o.id, o.order_number AS "orderNumber", o.access_token AS "accessToken", p.id AS "paymentId"
FROM placed_order o LEFT JOIN paid p ON p.order_id = o.id
-- Every part wrote exactly what it was given, or the statement fails (expect_written, migration 0010).
WHERE (SELECT bool_and(expect_written(what, n, wanted)) FROM written)
ORDER BY o.id`
  }`;
}

/**
 * The statement in its four shapes, each prepared under its own name: the stock parts are left
 * out when the cart has nothing tracked (an UPDATE of no rows still fires the menu tables'
 * statement triggers), so an order of untracked dishes writes only what it must.
 */
const PLACED_ORDER_STATEMENTS = new Map(
  [false, true].flatMap((foodStock) =>
    [false, true].map((merchandiseStock) => [
      `${foodStock}/${merchandiseStock}`,
      { name: `order_insert_placed${foodStock ? '_food_stock' : ''}${merchandiseStock ? '_merchandise_stock' : ''}`, text: placedOrderSql({ foodStock, merchandiseStock }) },
    ]),
  ),
);

/** The batch's shape (insertBatchOrders): no stock, the payments checked and locked by the statement. */
export const BATCH_ORDER_STATEMENT = { name: 'order_insert_batch', text: placedOrderSql({ foodStock: false, merchandiseStock: false, batch: true }) };

/** What the order statement answers for each order: only what the database decided. */
interface PlacedRow {
  id: number;
  orderNumber: string;
  accessToken: string;
  paymentId: string | null;
}

/** The batch shape's answer: the order's id and number, and its payment's row as the statement left it. */
interface BatchPlacedRow {
  id: number;
  orderNumber: string;
  accessToken: string;
  [paymentColumn: `payment.${string}`]: unknown;
}

/**
 * What the order statement wrote for one order: the order and its captured payment as their rows
 * now are, and its lines as the confirmation shows them.
 */
export interface PlacedOrder {
  order: OrderRow;
  lines: NewOrderLine[];
  payment: PaymentRow;
}

/** The order's row as the statement writes it, but for what the database decides (id, order_number). */
function orderValues(order: NewOrder): Omit<OrderRow, 'id' | 'orderNumber'> {
  return {
    restaurantId: order.restaurantId,
    userId: order.userId ?? null,
    status: order.status,
    foodSubtotalCents: order.foodSubtotalCents,
    merchandiseSubtotalCents: order.merchandiseSubtotalCents ?? 0,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents ?? 0,
    totalCents: order.totalCents,
    promoCodeId: order.promoCodeId ?? null,
    promoCode: order.promoCode ?? null,
    vipCodeId: order.vipCodeId ?? null,
    contactName: order.contactName,
    contactPhone: order.contactPhone,
    contactEmail: order.contactEmail,
    specialInstructions: order.specialInstructions ?? null,
    requiresAdvanceNotice: order.requiresAdvanceNotice ?? false,
    maxAdvanceNoticeHours: order.maxAdvanceNoticeHours ?? null,
    estimatedPickupTime: order.estimatedPickupTime,
    isStaffOrder: order.isStaffOrder ?? false,
    staffMemberName: order.staffMemberName ?? null,
    staffDiscountId: order.staffDiscountId ?? null,
    staffDiscountName: order.staffDiscountName ?? null,
    staffDiscountBasisPoints: order.staffDiscountBasisPoints ?? null,
    locationName: order.locationName ?? null,
    locationAddress: order.locationAddress ?? null,
    accessToken: order.accessToken,
    idempotencyKey: order.idempotencyKey,
    // The table's defaults, which the statement leaves alone; updated_at is written as created_at.
    acknowledgedAt: null,
    acknowledgedBy: null,
    refundedCents: 0,
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
  };
}

/** ORDER_COLUMNS with the order row's key of each. */
const ORDER_KEYS = ORDER_COLUMNS.map((column) => [column, toCamelCase(column) as keyof OrderRow] as const);

/** One order as the statement's JSON reads it (jsonb_populate_recordset over `orders`: column names as keys). */
function orderJson(order: Omit<OrderRow, 'id' | 'orderNumber'>): Record<OrderColumn, unknown> {
  const json = {} as Record<OrderColumn, unknown>;
  for (const [column, key] of ORDER_KEYS) json[column] = order[key as Exclude<keyof OrderRow, 'id' | 'orderNumber'>];
  return json;
}

/** insertPlacedOrders for one order. */
export async function insertPlacedOrder(client: pg.PoolClient, write: PlacedOrderWrite): Promise<PlacedOrder> {
  const [placed] = await insertPlacedOrders(client, [write]);
  return placed!;
}

/**
 * Writes orders with the order statement (placedOrderSql) and answers what it wrote for each, in
 * the order given. The statement answers only what the database decides — each order's id and
 * number, the payment it linked; the rest of the answer is what was written (the caller's values
 * and the table defaults the statement leaves), so nothing is sent back and forth twice. (The
 * tests' placeOrder holds every answer to GET /orders/:id's.) Tracked stock (itemStock,
 * optionStock, sales) is written for a single order only: a batch never carries it.
 *
 * `thenCommit` (the transaction's `commitNow`) is called as soon as the statement is sent, so the
 * COMMIT follows it on the connection without waiting for its answer: the statement is then the
 * transaction's last, and a batch saves a round trip. Should the statement fail, PostgreSQL rolls
 * the transaction back instead of committing it, and both reject.
 */
export async function insertPlacedOrders(
  client: pg.PoolClient,
  writes: PlacedOrderWrite[],
  options: { thenCommit?: () => Promise<void> } = {},
): Promise<PlacedOrder[]> {
  const itemStock = writes.flatMap((w) => w.itemStock);
  const optionStock = writes.flatMap((w) => w.optionStock);
  const sales = writes.flatMap((w) => w.sales);
  const foodStock = itemStock.length > 0 || optionStock.length > 0;
  if ((foodStock || sales.length > 0) && writes.length !== 1) throw new Error('tracked stock is written one order at a time');
  const { orderRows, values } = orderStatementValues(writes);
  values.push(
    JSON.stringify(
      writes.map(({ order, payment }) => ({
        access_token: order.accessToken,
        id: payment.row.id,
        transaction_id: payment.transactionId,
        captured_at: payment.capturedAt,
      })),
    ),
  );
  if (foodStock) {
    values.push(JSON.stringify(itemStock.map(([id, quantity]) => ({ id, quantity }))));
    values.push(JSON.stringify(optionStock.map(([id, quantity]) => ({ id, quantity }))));
  }
  if (sales.length > 0) {
    values.push(JSON.stringify(sales.map((s) => ({ variant_id: s.variantId, quantity: s.quantity, item_name: s.itemName, variant_label: s.variantLabel }))));
  }
  const statement = PLACED_ORDER_STATEMENTS.get(`${foodStock}/${sales.length > 0}`)!;
  // The statement checked every count it wrote (the caller locked and re-read every row it updates);
  // what is left to check here is only how its answer maps to the orders given.
  const byToken = await sendOrderStatement<PlacedRow>(client, { ...statement, values }, options.thenCommit);
  return writes.map(({ order, lines, payment }, i) => {
    const row = byToken.get(order.accessToken);
    if (!row || row.paymentId !== payment.row.id) throw new Error(`order ${row?.id ?? order.accessToken}: its payment was not written`);
    const { capturedAt, transactionId } = payment;
    return {
      order: { ...orderRows[i]!, id: row.id, orderNumber: row.orderNumber },
      lines,
      // What the statement's UPDATE of the payment set.
      payment: { ...payment.row, orderId: row.id, status: 'captured', transactionId, capturedAt, updatedAt: capturedAt },
    };
  });
}

/**
 * A batch's orders in ONE statement (the order statement's batch shape), which decides which of them
 * it writes: it locks their payments in id order, then writes only the orders whose payment is
 * usable as is — this restaurant's, unused, authorized for exactly the order's total, captured by the
 * test processor on the spot (or nothing to pay) — whose restaurant's catalog_version is still the
 * one they were priced with, and whose Idempotency-Key has placed nothing; each with its lines, first
 * status event and messages (one delivery job for all), its payment linked and marked captured.
 * Answers, in the order given, what it wrote for each order, or null for an order it left alone
 * (nothing of it written, its payment untouched). With `thenCommit`, the COMMIT follows the
 * statement at once (see insertPlacedOrders): BEGIN, the statement and COMMIT then travel together.
 */
export async function insertBatchOrders(
  client: pg.PoolClient,
  writes: BatchOrderWrite[],
  options: { thenCommit?: () => Promise<void> } = {},
): Promise<(PlacedOrder | null)[]> {
  if (writes.some((w) => w.itemStock.length > 0 || w.optionStock.length > 0 || w.sales.length > 0)) throw new Error('a batch carries no tracked stock');
  const { orderRows, values } = orderStatementValues(writes);
  values.push(
    JSON.stringify(
      writes.map(({ order, payment }) => ({
        access_token: order.accessToken,
        id: payment.id,
        catalog_version: payment.catalogVersion,
        captured_at: payment.capturedAt,
      })),
    ),
  );
  const byToken = await sendOrderStatement<BatchPlacedRow>(client, { ...BATCH_ORDER_STATEMENT, values }, options.thenCommit);
  return writes.map(({ order, lines, payment }, i) => {
    const row = byToken.get(order.accessToken);
    if (!row) return null;
    const paid = {} as Record<string, unknown>;
    for (const { key } of PAYMENT_COLUMNS) paid[key] = row[`payment.${key}`];
    if (String(paid.id).toLowerCase() !== payment.id.toLowerCase()) throw new Error(`order ${row.id}: paid by ${String(paid.id)}, not ${payment.id}`);
    return { order: { ...orderRows[i]!, id: row.id, orderNumber: row.orderNumber }, lines, payment: paid as PaymentRow };
  });
}

/**
 * Sends an order statement, with the COMMIT right behind it when `thenCommit` is given (before its
 * answer: nothing can come between them on the connection), and answers its rows by access token.
 */
async function sendOrderStatement<Row extends { accessToken: string }>(
  client: pg.PoolClient,
  query: { name: string; text: string; values: unknown[] },
  thenCommit: (() => Promise<void>) | undefined,
): Promise<Map<string, Row>> {
  const answer = client.query<Row>(query);
  const committed = thenCommit?.();
  const { rows } = await answer;
  await committed;
  return new Map(rows.map((row) => [row.accessToken, row]));
}

/** What the order statement's first three parameters carry (orders, lines, messages), and the orders' rows as written. */
function orderStatementValues(writes: OrderWrite[]): { orderRows: Omit<OrderRow, 'id' | 'orderNumber'>[]; values: unknown[] } {
  const orderRows = writes.map((w) => orderValues(w.order));
  const values: unknown[] = [
    JSON.stringify(orderRows.map(orderJson)),
    JSON.stringify(
      writes.flatMap(({ order, lines }) =>
        lines.map((l) => ({
          access_token: order.accessToken,
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
    ),
    JSON.stringify(
      writes.flatMap(({ order, messages }) =>
        messages.map((m, n) => ({
          access_token: order.accessToken,
          n,
          user_id: m.userId,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          template: m.template,
        })),
      ),
    ),
  ];
  return { orderRows, values };
}
