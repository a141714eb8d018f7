import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORDER_ITEM_TYPES, ORDER_STATUSES } from '@kusina/domain/orders';
import { PAYMENT_STATUSES, PROCESSORS } from '@kusina/domain/checkout';
import { users } from './accounts.ts';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { menuItems } from './menu.ts';
import { merchandiseVariants } from './merchandise.ts';
import { discountConfigurations } from './order-management.ts';
import { promoCodes, vipCodes } from './promotions.ts';
import { restaurants } from './restaurants.ts';
import { wholesaleOrders } from './wholesale.ts';

/** Order numbers people read out at the counter: K-10001, K-10002, … (one sequence for all restaurants). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001, increment: 1 });

/**
 * A pickup order (storefront.md §3 Order). Money is integer cents and the CHECKs hold the
 * arithmetic: total = subtotal − discount ≥ 0, subtotal = food + merchandise. The same
 * Idempotency-Key can create one order per restaurant, whatever races.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    orderNumber: text()
      .notNull()
      .default(sql`'K-' || nextval('order_number_seq')::text`),
    status: text({ enum: ORDER_STATUSES }).notNull(),
    foodSubtotalCents: integer().notNull(),
    merchandiseSubtotalCents: integer().notNull().default(0),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    promoCodeId: integer().references(() => promoCodes.id, { onDelete: 'set null' }),
    /** The code as applied, kept when the promo row is deleted. */
    promoCode: text(),
    vipCodeId: integer().references(() => vipCodes.id, { onDelete: 'set null' }),
    contactName: text().notNull(),
    contactPhone: text().notNull(),
    contactEmail: text().notNull(),
    specialInstructions: text(),
    requiresAdvanceNotice: boolean().notNull().default(false),
    maxAdvanceNoticeHours: integer(),
    estimatedPickupTime: timestamptz().notNull(),
    /** The pickup time the customer chose (issue #23); NULL: as soon as possible. */
    requestedPickupTime: timestamptz(),
    isStaffOrder: boolean().notNull().default(false),
    staffMemberName: text(),
    /**
     * A staff order's discount (backoffice-reservations.md §3), as it was when placed: the
     * configuration (NULL once deleted), its name and its percentage in hundredths of a percent.
     * Its amount is discount_cents (a staff discount never stacks with a promo code).
     */
    staffDiscountId: integer().references(() => discountConfigurations.id, { onDelete: 'set null' }),
    staffDiscountName: text(),
    staffDiscountBasisPoints: integer(),
    /** Snapshot of where to pick up, as it was when the order was placed. */
    locationName: text(),
    locationAddress: text(),
    /** The guest's key to the confirmation page (?token=); random, never guessable. */
    accessToken: text().notNull(),
    idempotencyKey: text().notNull(),
    /** Staff saw it on the board (issue #5); NULL rings the counter's bell. */
    acknowledgedAt: timestamptz(),
    acknowledgedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Money given back so far (refunds table); never more than the total. */
    refundedCents: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_refunded_check', sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.totalCents}`),
    index('orders_unacknowledged_idx').on(t.restaurantId, t.id).where(sql`${t.acknowledgedAt} IS NULL`),
    uniqueIndex('orders_restaurant_number_unique').on(t.restaurantId, t.orderNumber),
    uniqueIndex('orders_restaurant_idempotency_key_unique').on(t.restaurantId, t.idempotencyKey),
    check('orders_status_check', sql`${t.status} in ('pending', 'confirmed', 'preparing', 'ready', 'completed', 'cancelled', 'refunded')`),
    check(
      'orders_money_check',
      sql`${t.foodSubtotalCents} >= 0 AND ${t.merchandiseSubtotalCents} >= 0 AND ${t.subtotalCents} = ${t.foodSubtotalCents} + ${t.merchandiseSubtotalCents} AND ${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.subtotalCents} AND ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents}`,
    ),
    check('orders_staff_check', sql`NOT ${t.isStaffOrder} OR ${t.staffMemberName} IS NOT NULL`),
    check(
      'orders_staff_discount_check',
      sql`(${t.staffDiscountName} IS NULL AND ${t.staffDiscountBasisPoints} IS NULL) OR (${t.isStaffOrder} AND ${t.staffDiscountName} IS NOT NULL AND ${t.staffDiscountBasisPoints} BETWEEN 0 AND 10000 AND ${t.promoCode} IS NULL)`,
    ),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // Also the sales report's figures, so a year of it is read from the index alone (decision 0130).
    index('orders_restaurant_created_idx').on(t.restaurantId, t.createdAt, t.subtotalCents, t.discountCents),
  ],
);

/**
 * One line of an order, priced when it was placed. item_type 'food' points at a menu item; a
 * 'merchandise' line carries variant_id and variant_details ({size, color}) instead.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemType: text({ enum: ORDER_ITEM_TYPES }).notNull().default('food'),
    menuItemId: integer().references(() => menuItems.id, { onDelete: 'set null' }),
    /** Merchandise lines: the variant sold (NULL once it is deleted; name and details stay). */
    variantId: integer().references(() => merchandiseVariants.id, { onDelete: 'set null' }),
    variantDetails: jsonb().$type<{ size?: string | null; color?: string | null }>(),
    name: text().notNull(),
    unitPriceCents: integer().notNull(),
    quantity: integer().notNull(),
    lineTotalCents: integer().notNull(),
    /** Group name → chosen option names (the cart's customizations). */
    customizations: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    selectedOptionIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    notes: text(),
    position: integer().notNull().default(0),
    /** Units refunded so far (issue #5). */
    refundedQuantity: integer().notNull().default(0),
  },
  (t) => [
    check('order_items_refunded_check', sql`${t.refundedQuantity} >= 0 AND ${t.refundedQuantity} <= ${t.quantity}`),
    check('order_items_type_check', sql`${t.itemType} in ('food', 'merchandise')`),
    check('order_items_money_check', sql`${t.quantity} > 0 AND ${t.unitPriceCents} >= 0 AND ${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity}`),
    index('order_items_order_idx').on(t.orderId, t.position),
  ],
);

/** Every status change of an order, the first one at creation (from_status NULL). */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text({ enum: ORDER_STATUSES }),
    toStatus: text({ enum: ORDER_STATUSES }).notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Why (optional), e.g. a cancellation's reason. */
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * A payment for an order, opened before the order (POST /payments) for the server's total.
 * Card numbers are never stored: only brand and last 4. One payment pays at most one order.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id),
    processor: text({ enum: PROCESSORS }).notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('requires_confirmation'),
    /** The processor's id of the money movement: test_txn_…, Stripe PaymentIntent, PayPal authorization/capture. */
    transactionId: text(),
    /** Stripe PaymentIntent id or PayPal order id. */
    paymentIntentId: text(),
    orderId: integer().references(() => orders.id),
    /** A fundraiser-shop order this payment paid (issue #22); a payment pays one order of either kind. */
    wholesaleOrderId: integer().references(() => wholesaleOrders.id),
    paymentMethod: text().notNull().default('credit_card'),
    cardBrand: text(),
    cardLast4: text(),
    failureMessage: text(),
    /** SHA-256 of the priced cart the amount was computed from (audit). */
    quoteHash: text().notNull(),
    authorizedAt: timestamptz(),
    capturedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_transaction_id_unique').on(t.processor, t.transactionId),
    uniqueIndex('payments_payment_intent_id_unique').on(t.processor, t.paymentIntentId),
    uniqueIndex('payments_order_id_unique').on(t.orderId),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
    check('payments_status_check', sql`${t.status} in ('requires_confirmation', 'authorized', 'captured', 'failed', 'voided', 'refunded')`),
    check('payments_processor_check', sql`${t.processor} in ('test', 'stripe', 'paypal')`),
    check('payments_card_last4_check', sql`${t.cardLast4} IS NULL OR ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check('payments_captured_has_order', sql`${t.status} <> 'captured' OR ${t.orderId} IS NOT NULL OR ${t.wholesaleOrderId} IS NOT NULL`),
    check('payments_one_order_check', sql`${t.orderId} IS NULL OR ${t.wholesaleOrderId} IS NULL`),
    uniqueIndex('payments_wholesale_order_id_unique').on(t.wholesaleOrderId),
    index('payments_restaurant_idx').on(t.restaurantId, t.createdAt),
  ],
);
