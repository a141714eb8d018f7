import { z } from 'zod';
import { coercedInt4 } from './integers.ts';
import { CartLineInput, ContactInput, MAX_CART_LINES, PAYMENT_STATUSES, PickupTimeInput, PROCESSORS } from './checkout.ts';

/**
 * Order lifecycle. An order is created 'pending' (paid, waiting for the kitchen to accept it);
 * staff move it on. 'confirmed' exists because the history shows it (storefront.md §4).
 */
export const ORDER_STATUSES = ['pending', 'confirmed', 'preparing', 'ready', 'completed', 'cancelled', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const ORDER_STATUS_AT_CREATION: OrderStatus = 'pending';

/** The statuses the history filter offers (storefront.md §4). */
export const HISTORY_FILTER_STATUSES = ['pending', 'preparing', 'ready', 'completed', 'cancelled'] as const;

export const ORDER_ITEM_TYPES = ['food', 'merchandise'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /orders. Prices and totals are never accepted: the server recomputes them. */
export const OrderCreateInput = z.object({
  restaurant_id: z.int32().positive().optional(),
  items: z.array(CartLineInput).min(1, 'Your cart is empty').max(MAX_CART_LINES),
  contact: ContactInput,
  special_instructions: optionalText(1000),
  promo_code: optionalText(40),
  vip_code: optionalText(40),
  payment_id: z.uuid('payment_id must be the id POST /payments returned'),
  /** Staff only: the staff member the order is for (storefront.md §1). */
  staff_member_name: optionalText(120),
  /** Staff only, with staff_member_name: an active staff discount configuration (see QuoteInput). */
  staff_discount_id: z.int32().positive().optional(),
  /** The chosen pickup time (ISO 8601 with an offset, one of the quote's pickup slots); left out: as soon as possible. */
  pickup_time: PickupTimeInput,
});
export type OrderCreateInput = z.infer<typeof OrderCreateInput>;

const OrderItemOutput = z.object({
  name: z.string(),
  /** Unit price in dollars (base plus paid add-ons). */
  price: z.number(),
  quantity: z.int32(),
  customizations: z.record(z.string(), z.array(z.string())),
  notes: z.string().nullable(),
});

const MerchandiseItemOutput = z.object({
  name: z.string(),
  price: z.number(),
  quantity: z.int32(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  notes: z.string().nullable(),
});

const OrderPaymentOutput = z.object({
  status: z.enum(PAYMENT_STATUSES),
  payment_method: z.string(),
  transaction_id: z.string().nullable(),
  payment_date: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  processor: z.enum(PROCESSORS),
  notes: z.string().nullable(),
});

/** One step of an order as its customer sees it: the status reached and when (never who moved it). */
export const OrderStatusStep = z.object({
  status: orderStatusSchema,
  at: z.string(),
});
export type OrderStatusStep = z.infer<typeof OrderStatusStep>;

/** storefront.md §3 Order (confirmation); money in dollars, as the page shows it. */
export const OrderConfirmationOutput = z.object({
  id: z.int32(),
  restaurant_id: z.int32(),
  order_number: z.string(),
  status: orderStatusSchema,
  created_at: z.string(),
  estimated_pickup_time: z.string(),
  pickup_estimate: z.string(),
  /** The pickup time the customer chose (then estimated_pickup_time is it); null: as soon as possible. */
  requested_pickup_time: z.string().nullable(),
  requires_advance_notice: z.boolean(),
  max_advance_notice_hours: z.int32().nullable(),
  is_staff_order: z.boolean(),
  staff_member_name: z.string().nullable(),
  location_name: z.string().nullable(),
  location_address: z.string().nullable(),
  items: z.array(OrderItemOutput),
  merchandise_items: z.array(MerchandiseItemOutput),
  food_subtotal: z.number(),
  merchandise_subtotal: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  promo_code: z.string().nullable(),
  /** A staff order's discount as it was when placed (name and percentage); null otherwise. */
  staff_discount_name: z.string().nullable(),
  staff_discount_percentage: z.number().nullable(),
  contact_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  special_instructions: z.string().nullable(),
  payment: OrderPaymentOutput.nullable(),
  /** The order's status changes, oldest first, from placement on (the page's timeline). No staff names. */
  status_history: z.array(OrderStatusStep),
  /** When staff last set or changed the pickup time (null: never, the checkout's estimate stands). */
  eta_updated_at: z.string().nullable(),
});
export type OrderConfirmationOutput = z.infer<typeof OrderConfirmationOutput>;

/** POST /orders answers the confirmation plus the guest's key to it (the link's ?token=). */
export const OrderCreateOutput = OrderConfirmationOutput.extend({ access_token: z.string() });
export type OrderCreateOutput = z.infer<typeof OrderCreateOutput>;

export const OrderGetQuery = z.object({ token: z.string().max(200).optional() });

// ---- History (storefront.md §2 Order History, §3 Order history entry, §9) -------------

export const HISTORY_SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export const ORDER_HISTORY_PAGE_SIZE = 5;

export const OrderHistoryQuery = z.object({
  sort: z.enum(HISTORY_SORTS).default('newest'),
  status: orderStatusSchema.optional(),
  page: coercedInt4().min(1).default(1),
  per_page: coercedInt4().min(1).max(50).default(ORDER_HISTORY_PAGE_SIZE),
});
export type OrderHistoryQuery = z.infer<typeof OrderHistoryQuery>;

export const OrderHistoryEntry = z.object({
  id: z.int32(),
  order_number: z.string(),
  createdAt: z.string(),
  status: orderStatusSchema,
  /** Food lines only; merchandise is listed in merchandise_items. */
  items: z.array(OrderItemOutput),
  merchandise_items: z.array(MerchandiseItemOutput),
  total: z.number(),
  estimatedPickupTime: z.string(),
  specialInstructions: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntry>;

export const OrderHistoryOutput = z.object({
  orders: z.array(OrderHistoryEntry),
  total_count: z.int32(),
  page: z.int32(),
  per_page: z.int32(),
  total_pages: z.int32(),
});
export type OrderHistoryOutput = z.infer<typeof OrderHistoryOutput>;

/** The texts of the confirmation SMS and e-mail (the spec leaves the words to us). */
export function orderConfirmationText(input: { restaurantName: string; orderNumber: string; pickupEstimate: string; link: string }): string {
  return `${input.restaurantName}: thank you! Order ${input.orderNumber} is in. Estimated pickup: ${input.pickupEstimate}. Show your order number at pickup. Details: ${input.link}`;
}
