import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROCESSORS } from '@kusina/domain/checkout';
import { DISCOUNT_CONFIGURATION_TYPES, REFUND_RESTOCK } from '@kusina/domain/order-management';
import { users } from './accounts.ts';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { orderItems, orders, payments } from './orders.ts';
import { restaurants } from './restaurants.ts';

/**
 * Money given back on an order (issue #5), one row per refund the processor made. The amount is
 * computed by the server from the order's lines; orders.refunded_cents is the running sum and its
 * CHECK (≤ total) makes "more than was paid" impossible, whatever races.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id),
    processor: text({ enum: PROCESSORS }).notNull(),
    /** The processor's id of the refund; NULL when nothing moved (an amount of 0). */
    processorRefundId: text(),
    amountCents: integer().notNull(),
    /** Everything that was left was refunded. */
    full: boolean().notNull().default(false),
    restock: text({ enum: REFUND_RESTOCK }).notNull(),
    reason: text().notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountCents} >= 0`),
    check('refunds_restock_check', sql`${t.restock} in ('return', 'damaged')`),
    check('refunds_processor_check', sql`${t.processor} in ('test', 'stripe', 'paypal')`),
    uniqueIndex('refunds_processor_refund_unique').on(t.processor, t.processorRefundId),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    // The sales report's refunds of a range, from the index alone (decision 0130).
    index('refunds_restaurant_created_idx').on(t.restaurantId, t.createdAt, t.amountCents),
  ],
);

/** The units a refund gave back, per order line, and what happened to their stock. */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: serial().primaryKey(),
    refundId: integer()
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id),
    quantity: integer().notNull(),
    amountCents: integer().notNull(),
    restock: text({ enum: REFUND_RESTOCK }).notNull(),
    /** Stock counts changed (false for items whose stock is not tracked). */
    restocked: boolean().notNull(),
  },
  (t) => [
    check('refund_lines_quantity_check', sql`${t.quantity} > 0`),
    check('refund_lines_amount_check', sql`${t.amountCents} >= 0`),
    check('refund_lines_restock_check', sql`${t.restock} in ('return', 'damaged')`),
    index('refund_lines_refund_idx').on(t.refundId),
    index('refund_lines_item_idx').on(t.orderItemId),
  ],
);

/** Every change of an order's estimated pickup time by staff: who, when, from what to what. */
export const orderEtaEvents = pgTable(
  'order_eta_events',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    previousTime: timestamptz().notNull(),
    newTime: timestamptz().notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The customer was texted and e-mailed about it. */
    notified: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('order_eta_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * The people a staff order can be placed for (storefront.md §1: "on behalf of a staff member").
 * Managed by admins; a member may be linked to their staff account.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('staff_members_restaurant_idx').on(t.restaurantId, t.name),
    uniqueIndex('staff_members_restaurant_user_unique').on(t.restaurantId, t.userId).where(sql`${t.userId} IS NOT NULL`),
  ],
);

/**
 * Staff discount options (backoffice-reservations.md §3 Discount configuration), e.g. On Duty 50 %,
 * Off Duty 30 %. The percentage is kept in hundredths of a percent (0–10000) so 12.5 % is exact.
 * One default per restaurant, enforced by a partial unique index.
 */
export const discountConfigurations = pgTable(
  'discount_configurations',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    code: text().notNull(),
    discountBasisPoints: integer().notNull(),
    discountType: text({ enum: DISCOUNT_CONFIGURATION_TYPES }).notNull().default('percentage'),
    isActive: boolean().notNull().default(true),
    isDefault: boolean().notNull().default(false),
    displayOrder: integer().notNull().default(0),
    description: text(),
    uiColor: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('discount_configurations_percentage_check', sql`${t.discountBasisPoints} >= 0 AND ${t.discountBasisPoints} <= 10000`),
    check('discount_configurations_type_check', sql`${t.discountType} in ('percentage')`),
    check('discount_configurations_display_order_check', sql`${t.displayOrder} >= 0`),
    check('discount_configurations_code_check', sql`${t.code} = upper(${t.code})`),
    uniqueIndex('discount_configurations_restaurant_code_unique').on(t.restaurantId, t.code),
    uniqueIndex('discount_configurations_one_default').on(t.restaurantId).where(sql`${t.isDefault}`),
    index('discount_configurations_restaurant_idx').on(t.restaurantId, t.displayOrder),
  ],
);
