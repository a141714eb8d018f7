import { pickupEstimate } from '@kusina/domain/checkout';
import { centsToDollars } from '@kusina/domain/money';
import type { OrderConfirmationOutput } from '@kusina/domain/orders';
import type { orderItems, orders, payments } from '../../db/schema/index.ts';

/*
 * How an order reads on its confirmation page and in the history (storefront.md §3, §6), built
 * from rows already in hand: pure functions, shared by checkout, the order pages and order
 * management (which may not use this module's repository).
 */

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

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
export function splitLines(lines: ConfirmationLine[]) {
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
function placedTimeline(order: OrderRow): ConfirmationTimeline {
  return { status_history: [{ status: order.status, at: order.createdAt.toISOString() }], eta_updated_at: null };
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
    requested_pickup_time: order.requestedPickupTime?.toISOString() ?? null,
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
