import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { z } from 'zod';
import { coercedInt4 } from './integers.ts';
import { PAYMENT_STATUSES, PROCESSORS, type PaymentStatus } from './checkout.ts';
import { RESTAURANT_TIME_ZONE } from './menu-calendar.ts';
import { formatUSD, type Cents } from './money.ts';
import { ORDER_ITEM_TYPES, OrderConfirmationOutput, OrderStatusStep, orderStatusSchema, type OrderStatus } from './orders.ts';

/**
 * Staff order management (issue #5): the live order board, the status pipeline, ETA, refunds,
 * acknowledgements, staff members and staff discount configurations (backoffice-reservations.md §3).
 * The API validates with these schemas and the SPA types its calls with them. Money: integer cents
 * (`*_cents`) next to dollars (as the confirmation page shows them). Times: ISO 8601 UTC strings;
 * "a day" is a Pacific/Guam calendar day (YYYY-MM-DD).
 *
 * Routes, all under /api/v1, bearer token. No token → 401; a customer → 403; staff or an admin of
 * another restaurant → 403 (a super admin acts in every restaurant). `restaurant_id` in a query or
 * body is needed only by a super admin (default: their own users.restaurant_id); anyone else may
 * omit it or must give their own.
 *
 *   GET    /admin/orders                                staff, admin, super_admin  OrderListQuery → OrderListOutput
 *   GET    /admin/orders/unacknowledged_count           staff, admin, super_admin  { restaurant_id? } → UnacknowledgedCountOutput
 *   POST   /admin/orders/acknowledge_all                staff, admin, super_admin  AcknowledgeAllInput → AcknowledgeOutput
 *   GET    /admin/orders/:id                            staff, admin, super_admin  → OrderDetailOutput
 *   POST   /admin/orders/:id/acknowledge                staff, admin, super_admin  (no body) → AcknowledgeOutput
 *   PATCH  /admin/orders/:id/status                     staff, admin, super_admin  OrderStatusChangeInput → OrderDetailOutput
 *                                                       (cancelling a paid order refunds what is left through its processor:
 *                                                       402/503 as a refund, and then the order is not cancelled)
 *   PATCH  /admin/orders/:id/eta                        staff, admin, super_admin  OrderEtaInput → OrderDetailOutput
 *   POST   /admin/orders/:id/refunds                    admin, super_admin         RefundInput → RefundOutput (201)
 *   GET    /staff_members                               staff, admin, super_admin  StaffMembersQuery → StaffMemberOutput[]
 *                                                       (staff see active members only; admins may add include_inactive=true)
 *   POST   /staff_members                               admin, super_admin         StaffMemberCreateInput → StaffMemberOutput (201)
 *   PATCH  /staff_members/:id                           admin, super_admin         StaffMemberUpdateInput → StaffMemberOutput
 *   DELETE /staff_members/:id                           admin, super_admin         → 204
 *   GET    /discount_configurations/active              staff, admin, super_admin  { restaurant_id? } → DiscountConfigurationOutput[]
 *   GET    /discount_configurations                     admin, super_admin         { restaurant_id? } → DiscountConfigurationOutput[] (all)
 *   POST   /discount_configurations                     admin, super_admin         DiscountConfigurationCreateInput → DiscountConfigurationOutput (201)
 *   PATCH  /discount_configurations/:id                 admin, super_admin         DiscountConfigurationUpdateInput → DiscountConfigurationOutput
 *   DELETE /discount_configurations/:id                 admin, super_admin         → 204
 *
 * Errors: `{ error: { code, message, details } }`. 400 = the request's shape (zod, names the field);
 * 404 = no such order/member/discount in a restaurant you may see; 409 ILLEGAL_TRANSITION (details
 * { from, to, allowed }), 409 for a refund beyond what is left or an ETA on a finished order; 422
 * VALIDATION_ERROR with details.fields for a value the server refuses (ETA in the past…); 402
 * REFUND_FAILED when the processor refuses a refund; 503 PAYMENT_UNAVAILABLE when it cannot be reached.
 *
 * Realtime (Socket.IO, path /socket.io, token in the handshake's `auth.token`; `emit('subscribe',
 * { channel, ... }, ack)` answers { ok, room }):
 *   - channel 'staff' { restaurant_id }: staff, admins of that restaurant, super admins. Receives
 *     'order_created' (OrderCreatedEvent), 'order_updated' (OrderUpdatedEvent) and
 *     'orders_acknowledged' (OrdersAcknowledgedEvent).
 *   - channel 'order' { order_id, token? }: whoever may read the order (its access token, its
 *     signed-in owner, staff of its restaurant, super admins). Receives 'order_updated'.
 *   - every signed-in socket is in its own user room: the owner's order history receives
 *     'order_updated' for each of their orders without subscribing.
 *
 * Staff discounts at checkout (wired later by the lead, not here): POST /orders will accept
 * `staff_discount_id` (an active DiscountConfiguration of the order's restaurant, staff orders only);
 * the server reads it inside the order transaction and takes `staffDiscountCents(subtotal, pct)` off
 * the subtotal, keeping the configuration's name and percentage on the order.
 */

// ── Status pipeline ─────────────────────────────────────────────────────────────────────────

/**
 * What staff may move an order to, from each status. Forward only; 'confirmed' may be skipped; an
 * order can be cancelled until it is picked up. 'refunded' is absent on purpose: an order becomes
 * refunded only when a refund has returned all that was paid (POST /admin/orders/:id/refunds), from
 * any status but 'refunded'.
 */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'preparing', 'cancelled'],
  confirmed: ['preparing', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  refunded: [],
};

/** True when staff may change an order from `from` to `to` (PATCH /admin/orders/:id/status). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}

/** The statuses staff may move an order to next. */
export function allowedTransitions(from: OrderStatus): OrderStatus[] {
  return [...ORDER_STATUS_TRANSITIONS[from]];
}

/** A refund (partial or full) is possible until everything paid has been returned. */
export function canRefund(status: OrderStatus): boolean {
  return status !== 'refunded';
}

/**
 * Whether an order's payment can be refunded (it was captured; 'refunded' too, since a processor's
 * webhook may say so early). Cancelling an order with such a payment refunds what is left of it
 * (refundable_cents, possibly 0) as part of the cancellation; without one there is nothing to return.
 */
export function paymentRefundable(status: PaymentStatus | null | undefined): boolean {
  return status === 'captured' || status === 'refunded';
}

/** The ETA may be set or changed until the food is ready. */
const ETA_EDITABLE_STATUSES = ['pending', 'confirmed', 'preparing'] as const satisfies readonly OrderStatus[];
export function canChangeEta(status: OrderStatus): boolean {
  return (ETA_EDITABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Orders the counter still has to act on (the board's default view). */
export const ACTIVE_ORDER_STATUSES = ['pending', 'confirmed', 'preparing', 'ready'] as const satisfies readonly OrderStatus[];

/** The ETA may be at most this far ahead (advance-notice orders included). */
const MAX_ETA_DAYS = 30;

export const ORDER_SOURCES = ['staff', 'online'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const REFUND_RESTOCK = ['return', 'damaged'] as const;
export type RefundRestock = (typeof REFUND_RESTOCK)[number];

const REFUND_STATUSES = ['none', 'partial', 'full'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const ORDER_LIST_DEFAULT_PER_PAGE = 20;
const ORDER_LIST_MAX_PER_PAGE = 100;
export const ORDER_LIST_SORTS = ['newest', 'oldest', 'pickup'] as const;

/** Words the API answers with (the spec leaves them to us), written once. */
export const OrderManagementMessages = {
  orderNotFound: 'Order not found.',
  refundedOnlyByRefund: 'An order becomes refunded only through a refund of everything paid.',
  etaRequired: 'Give estimated_pickup_time or minutes_from_now.',
  etaInPast: 'The pickup time must be in the future.',
  etaTooFar: `The pickup time must be within ${MAX_ETA_DAYS} days.`,
  alreadyFullyRefunded: 'This order has already been fully refunded.',
  refundExceedsPaid: 'A refund can never exceed what was paid.',
  refundLinesRequired: 'Choose the items to refund, or refund the full order.',
  refundLineUnknown: 'This item is not part of the order.',
  refundLineTwice: 'List each item once.',
  refundNothingLeft: 'Nothing is left to refund on this order.',
  noCapturedPayment: 'This order has no captured payment to refund.',
  reasonRequired: 'Reason is required',
  staffMemberNotFound: 'Staff member not found.',
  staffMemberUserInvalid: 'The linked account must be staff or an admin of this restaurant.',
  nameRequired: 'Name is required',
  discountNotFound: 'Discount configuration not found.',
  discountCodeTaken: 'A discount with this code already exists.',
  discountPercentageRange: 'Discount percentage must be between 0 and 100.',
  displayOrderMin: 'Display order must be 0 or more.',
  codeRequired: 'Code is required',
  restockOnlyOnCancel: 'Restock applies only when cancelling an order.',
  /** The refund row's reason when a cancellation gives none. */
  cancellationRefundReason: 'Order cancelled',
} as const;

export function illegalTransitionMessage(from: OrderStatus, to: OrderStatus): string {
  return `An order that is ${from} cannot become ${to}.`;
}

export function etaLockedMessage(status: OrderStatus): string {
  return `The pickup time can no longer change: the order is ${status}.`;
}

export function refundQuantityMessage(name: string, refundable: number): string {
  return refundable === 0 ? `${name} has already been refunded.` : `Only ${refundable} of ${name} can still be refunded.`;
}

// ── Refund arithmetic (the server's rule; the SPA uses it for a preview) ──────────────────────

/**
 * How much of what was paid belongs to `grossCents` worth of lines (unit price × quantity): the
 * order's discount is shared in proportion, rounded down, and all lines together are exactly the
 * total. A refund of some lines returns allocated(after) − allocated(before), so any sequence of
 * partial refunds adds up to at most the total, and to the total when every unit is refunded.
 */
export function allocatedCents(totalCents: Cents, subtotalCents: Cents, grossCents: Cents): Cents {
  if (subtotalCents <= 0 || grossCents <= 0) return 0;
  if (grossCents >= subtotalCents) return totalCents;
  return Math.floor((totalCents * grossCents) / subtotalCents);
}

interface RefundableLine {
  id: number;
  unit_price_cents: Cents;
  quantity: number;
  refunded_quantity: number;
}

export interface RefundableOrder {
  total_cents: Cents;
  subtotal_cents: Cents;
  refunded_cents: Cents;
  lines: RefundableLine[];
}

/** Gross value of the units already refunded. */
function refundedGrossCents(order: RefundableOrder): Cents {
  return order.lines.reduce((sum, l) => sum + l.unit_price_cents * l.refunded_quantity, 0);
}

/**
 * The amount a refund of `selection` (order_item_id → quantity) or of everything left (`'full'`)
 * returns. Quantities are not checked here (the server does, under the order's lock).
 */
export function refundAmountCents(order: RefundableOrder, selection: 'full' | ReadonlyMap<number, number>): Cents {
  const left = Math.max(0, order.total_cents - order.refunded_cents);
  if (selection === 'full') return left;
  const before = refundedGrossCents(order);
  let added = 0;
  for (const line of order.lines) added += line.unit_price_cents * (selection.get(line.id) ?? 0);
  const amount = allocatedCents(order.total_cents, order.subtotal_cents, before + added) - order.refunded_cents;
  return Math.min(left, Math.max(0, amount));
}

// ── Staff discounts (backoffice-reservations.md §3 Discount configuration) ──────────────────

/** The discount a percentage takes off a subtotal, rounded to the nearest cent (never more than it). */
export function staffDiscountCents(subtotalCents: Cents, discountPercentage: number): Cents {
  const pct = Math.min(100, Math.max(0, discountPercentage));
  return Math.min(subtotalCents, Math.round((subtotalCents * pct) / 100));
}

// ── Shared pieces ───────────────────────────────────────────────────────────────────────────

const id = z.int32();
const isoDateTime = z.iso.datetime({ offset: true });
const restaurantIdQuery = coercedInt4().positive().optional();
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A Guam calendar day, YYYY-MM-DD, that exists. */
const guamDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'Not a calendar date');

/** The instants a Guam (or other zone's) calendar day starts (inclusive) and ends (exclusive). */
export function dayBounds(day: string, timeZone: string = RESTAURANT_TIME_ZONE): { start: Date; end: Date } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { start: new Date(new TZDate(y, m - 1, d, timeZone).getTime()), end: new Date(new TZDate(y, m - 1, d + 1, timeZone).getTime()) };
}

export const ActorOutput = z.object({
  id: id,
  name: z.string(),
  role: z.string(),
});
export type ActorOutput = z.infer<typeof ActorOutput>;

// ── List (the live board) ───────────────────────────────────────────────────────────────────

/** status: one status or several, comma-separated (e.g. `pending,confirmed,preparing,ready`). */
const statusList = z
  .string()
  .trim()
  .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(orderStatusSchema).min(1).max(7));

export const OrderListQuery = z.object({
  restaurant_id: restaurantIdQuery,
  status: statusList.optional(),
  /** A Pacific/Guam day; with date_by 'created' (default) the day the order was placed, 'pickup' its ETA's day. */
  date: guamDay.optional(),
  date_by: z.enum(['created', 'pickup']).default('created'),
  /** The pickup location's name as on the order (location_name). */
  location: z.string().trim().min(1).max(200).optional(),
  source: z.enum(ORDER_SOURCES).optional(),
  /** Order number (K-10001 or 10001), part of the contact name, or phone digits. */
  q: z.string().trim().min(1).max(100).optional(),
  /** true: only orders nobody has acknowledged yet. */
  unacknowledged: queryBoolean.optional(),
  sort: z.enum(ORDER_LIST_SORTS).default('newest'),
  page: coercedInt4().min(1).default(1),
  per_page: coercedInt4().min(1).max(ORDER_LIST_MAX_PER_PAGE).default(ORDER_LIST_DEFAULT_PER_PAGE),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

const BoardLineOutput = z.object({
  name: z.string(),
  quantity: z.int32(),
  item_type: z.enum(ORDER_ITEM_TYPES),
});

/** One card of the board. */
export const OrderBoardEntry = z.object({
  id,
  restaurant_id: id,
  order_number: z.string(),
  status: orderStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  estimated_pickup_time: z.string(),
  /** The pickup time the customer chose at checkout (issue #23); null: as soon as possible. */
  requested_pickup_time: z.string().nullable(),
  requires_advance_notice: z.boolean(),
  source: z.enum(ORDER_SOURCES),
  is_staff_order: z.boolean(),
  staff_member_name: z.string().nullable(),
  location_name: z.string().nullable(),
  contact_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  special_instructions: z.string().nullable(),
  /** Units across all lines. */
  item_count: z.int32(),
  lines: z.array(BoardLineOutput),
  total: z.number(),
  total_cents: z.int32(),
  refunded_total: z.number(),
  refunded_cents: z.int32(),
  refund_status: z.enum(REFUND_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES).nullable(),
  processor: z.enum(PROCESSORS).nullable(),
  acknowledged_at: z.string().nullable(),
});
export type OrderBoardEntry = z.infer<typeof OrderBoardEntry>;

export const OrderListOutput = z.object({
  orders: z.array(OrderBoardEntry),
  total_count: z.int32(),
  page: z.int32(),
  per_page: z.int32(),
  total_pages: z.int32(),
  /** Orders of the restaurant nobody has acknowledged (whatever the filters). */
  unacknowledged_count: z.int32(),
  /** Per status, for the current filters without `status` (tab badges). */
  status_counts: z.record(orderStatusSchema, z.int32()),
  /** The location names the restaurant's orders carry (for the location filter). */
  locations: z.array(z.string()),
});
export type OrderListOutput = z.infer<typeof OrderListOutput>;

export const RestaurantScopeQuery = z.object({ restaurant_id: restaurantIdQuery });
export type RestaurantScopeQuery = z.infer<typeof RestaurantScopeQuery>;

export const UnacknowledgedCountOutput = z.object({
  restaurant_id: id,
  count: z.int32(),
  /** The newest unacknowledged order (null when none): a polling board plays the sound when it grows. */
  latest_order_id: id.nullable(),
});
export type UnacknowledgedCountOutput = z.infer<typeof UnacknowledgedCountOutput>;

// ── Acknowledge ─────────────────────────────────────────────────────────────────────────────

export const AcknowledgeAllInput = z.object({
  restaurant_id: z.int32().positive().optional(),
  /** Acknowledge only orders up to this id (the newest the screen has shown), so one that arrives meanwhile still rings. */
  up_to_id: z.int32().positive().optional(),
});
export type AcknowledgeAllInput = z.infer<typeof AcknowledgeAllInput>;

export const AcknowledgeOutput = z.object({
  restaurant_id: id,
  /** The orders this call acknowledged (empty when they already were). */
  acknowledged_ids: z.array(id),
  acknowledged_at: z.string(),
  unacknowledged_count: z.int32(),
});
export type AcknowledgeOutput = z.infer<typeof AcknowledgeOutput>;

// ── Status and ETA ──────────────────────────────────────────────────────────────────────────

export const OrderStatusChangeInput = z.object({
  status: orderStatusSchema,
  /** Optional: set the ETA in the same step (typically when starting to prepare). Same rules as PATCH …/eta. */
  estimated_pickup_time: isoDateTime.optional(),
  /** Optional note kept with the history entry (e.g. why it was cancelled); a cancellation's refund keeps it too. */
  reason: z.string().trim().max(500).optional(),
  /**
   * Cancelling only: what happens to the units the cancellation refunds ('return' to stock by
   * default, or 'damaged'), as in RefundInput.
   */
  restock: z.enum(REFUND_RESTOCK).optional(),
});
export type OrderStatusChangeInput = z.infer<typeof OrderStatusChangeInput>;

/** Exactly one of estimated_pickup_time (an instant) or minutes_from_now. */
export const OrderEtaInput = z
  .object({
    estimated_pickup_time: isoDateTime.optional(),
    minutes_from_now: z
      .number()
      .int()
      .min(1)
      .max(MAX_ETA_DAYS * 24 * 60)
      .optional(),
  })
  .refine((v) => (v.estimated_pickup_time === undefined) !== (v.minutes_from_now === undefined), {
    message: OrderManagementMessages.etaRequired,
    path: ['estimated_pickup_time'],
  });
export type OrderEtaInput = z.infer<typeof OrderEtaInput>;

/** Why an ETA is refused (null when fine): in the past, or more than MAX_ETA_DAYS ahead. */
export function etaProblem(eta: Date, now: Date): string | null {
  if (eta.getTime() <= now.getTime()) return OrderManagementMessages.etaInPast;
  if (eta.getTime() - now.getTime() > MAX_ETA_DAYS * 86_400_000) return OrderManagementMessages.etaTooFar;
  return null;
}

// ── Refunds ─────────────────────────────────────────────────────────────────────────────────

const RefundLineInput = z.object({
  order_item_id: z.int32().positive(),
  quantity: z.int32().min(1, 'Quantity must be at least 1').max(1000),
});

/**
 * full: true refunds everything not yet refunded (all remaining units; the amount is what is left
 * of the total). Otherwise `lines` says which units; the server computes the amount from the
 * order's own lines (never from the client) with refundAmountCents. `restock`: 'return' puts the
 * units back in stock (menu item, tracked options, merchandise variant), 'damaged' counts them as
 * damaged stock (not sellable). Untracked items' stock is left alone either way.
 */
export const RefundInput = z
  .object({
    full: z.boolean().default(false),
    lines: z.array(RefundLineInput).max(200).optional(),
    restock: z.enum(REFUND_RESTOCK),
    reason: z
      .string({ error: OrderManagementMessages.reasonRequired })
      .trim()
      .min(1, OrderManagementMessages.reasonRequired)
      .max(500),
  })
  .superRefine((value, ctx) => {
    if (value.full) return;
    if (!value.lines || value.lines.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: OrderManagementMessages.refundLinesRequired });
      return;
    }
    const seen = new Set<number>();
    value.lines.forEach((line, index) => {
      if (seen.has(line.order_item_id)) ctx.addIssue({ code: 'custom', path: ['lines', index, 'order_item_id'], message: OrderManagementMessages.refundLineTwice });
      seen.add(line.order_item_id);
    });
  });
export type RefundInput = z.infer<typeof RefundInput>;
export type RefundInputBody = z.input<typeof RefundInput>;

const RefundLineOutput = z.object({
  order_item_id: id,
  name: z.string(),
  item_type: z.enum(ORDER_ITEM_TYPES),
  quantity: z.int32(),
  amount: z.number(),
  amount_cents: z.int32(),
  restock: z.enum(REFUND_RESTOCK),
  /** Whether stock counts changed (false for untracked items). */
  restocked: z.boolean(),
});

export const OrderRefundOutput = z.object({
  id,
  order_id: id,
  amount: z.number(),
  amount_cents: z.int32(),
  full: z.boolean(),
  restock: z.enum(REFUND_RESTOCK),
  reason: z.string(),
  processor: z.enum(PROCESSORS),
  /** The processor's id of the refund (null for an amount of 0: nothing moved). */
  processor_refund_id: z.string().nullable(),
  actor: ActorOutput.nullable(),
  created_at: z.string(),
  lines: z.array(RefundLineOutput),
});
export type OrderRefundOutput = z.infer<typeof OrderRefundOutput>;

// ── Detail ──────────────────────────────────────────────────────────────────────────────────

const OrderLineDetail = z.object({
  id,
  item_type: z.enum(ORDER_ITEM_TYPES),
  menu_item_id: id.nullable(),
  variant_id: id.nullable(),
  name: z.string(),
  unit_price: z.number(),
  unit_price_cents: z.int32(),
  quantity: z.int32(),
  line_total: z.number(),
  line_total_cents: z.int32(),
  customizations: z.record(z.string(), z.array(z.string())),
  notes: z.string().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  refunded_quantity: z.int32(),
  refundable_quantity: z.int32(),
});

const StatusHistoryEntry = z.object({
  id,
  from_status: orderStatusSchema.nullable(),
  to_status: orderStatusSchema,
  /** null: the customer's checkout (or an account since deleted). */
  actor: ActorOutput.nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

const EtaHistoryEntry = z.object({
  id,
  previous_time: z.string(),
  new_time: z.string(),
  actor: ActorOutput.nullable(),
  /** Whether the customer was texted/e-mailed about it. */
  notified: z.boolean(),
  created_at: z.string(),
});

/** The confirmation's fields (storefront.md §3) plus what the counter needs. */
export const OrderDetailOutput = OrderConfirmationOutput.extend({
  updated_at: z.string(),
  source: z.enum(ORDER_SOURCES),
  /** The signed-in account that placed it (null for a guest). */
  user: z
    .object({ id, name: z.string(), email: z.string(), phone: z.string().nullable(), role: z.string() })
    .nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: ActorOutput.nullable(),
  lines: z.array(OrderLineDetail),
  subtotal_cents: z.int32(),
  discount_cents: z.int32(),
  total_cents: z.int32(),
  refunded_total: z.number(),
  refunded_cents: z.int32(),
  refundable_cents: z.int32(),
  refund_status: z.enum(REFUND_STATUSES),
  allowed_transitions: z.array(orderStatusSchema),
  status_history: z.array(StatusHistoryEntry),
  eta_history: z.array(EtaHistoryEntry),
  refunds: z.array(OrderRefundOutput),
});
export type OrderDetailOutput = z.infer<typeof OrderDetailOutput>;

export const RefundOutput = z.object({
  refund: OrderRefundOutput,
  order: OrderDetailOutput,
});
export type RefundOutput = z.infer<typeof RefundOutput>;

// ── Realtime ────────────────────────────────────────────────────────────────────────────────

export const OrderEvents = {
  created: 'order_created',
  updated: 'order_updated',
  acknowledged: 'orders_acknowledged',
} as const;

/** 'order_created' to the staff room of the order's restaurant. */
export const OrderCreatedEvent = z.object({ order: OrderBoardEntry });
export type OrderCreatedEvent = z.infer<typeof OrderCreatedEvent>;

/**
 * 'order_updated' to the staff room, the order room and the owner's user room, after the commit of
 * a status change, an ETA change or a refund. Nothing in it is secret to the customer.
 */
export const OrderUpdatedEvent = z.object({
  id,
  restaurant_id: id,
  order_number: z.string(),
  change: z.enum(['status', 'eta', 'refund']),
  status: orderStatusSchema,
  /** The status before this change when it moved the order (a status change, a refund that completed it); else null. */
  previous_status: orderStatusSchema.nullable(),
  estimated_pickup_time: z.string(),
  refunded_total: z.number(),
  refunded_cents: z.int32(),
  refund_status: z.enum(REFUND_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES).nullable(),
  updated_at: z.string(),
  /** The confirmation's timeline after this change: status steps oldest first (no staff names). */
  status_history: z.array(OrderStatusStep),
  /** When staff last set or changed the pickup time (null: never). */
  eta_updated_at: z.string().nullable(),
});
export type OrderUpdatedEvent = z.infer<typeof OrderUpdatedEvent>;

/** 'orders_acknowledged' to the staff room: other screens clear their badge and stop the sound. */
export const OrdersAcknowledgedEvent = z.object({
  restaurant_id: id,
  ids: z.array(id),
  acknowledged_at: z.string(),
  acknowledged_by: ActorOutput,
  unacknowledged_count: z.int32(),
});
export type OrdersAcknowledgedEvent = z.infer<typeof OrdersAcknowledgedEvent>;

export function refundStatus(totalCents: Cents, refundedCents: Cents): RefundStatus {
  if (refundedCents <= 0) return 'none';
  return refundedCents >= totalCents ? 'full' : 'partial';
}

/**
 * The board card of a just-placed order, from the confirmation checkout answers (so the
 * 'order_created' emit needs no extra query).
 */
export function boardEntryFromConfirmation(order: OrderConfirmationOutput): OrderBoardEntry {
  const lines = [
    ...order.items.map((i) => ({ name: i.name, quantity: i.quantity, item_type: 'food' as const })),
    ...order.merchandise_items.map((i) => ({ name: i.name, quantity: i.quantity, item_type: 'merchandise' as const })),
  ];
  const totalCents = Math.round(order.total * 100);
  return {
    id: order.id,
    restaurant_id: order.restaurant_id,
    order_number: order.order_number,
    status: order.status,
    created_at: order.created_at,
    updated_at: order.created_at,
    estimated_pickup_time: order.estimated_pickup_time,
    requested_pickup_time: order.requested_pickup_time,
    requires_advance_notice: order.requires_advance_notice,
    source: order.is_staff_order ? 'staff' : 'online',
    is_staff_order: order.is_staff_order,
    staff_member_name: order.staff_member_name,
    location_name: order.location_name,
    contact_name: order.contact_name,
    contact_phone: order.contact_phone,
    contact_email: order.contact_email,
    special_instructions: order.special_instructions,
    item_count: lines.reduce((sum, l) => sum + l.quantity, 0),
    lines,
    total: order.total,
    total_cents: totalCents,
    refunded_total: 0,
    refunded_cents: 0,
    refund_status: 'none',
    payment_status: order.payment?.status ?? null,
    processor: order.payment?.processor ?? null,
    acknowledged_at: null,
  };
}

// ── Customer messages on status and ETA changes ─────────────────────────────────────────────

/** "12:35 PM" today in Guam, "Sat, Mar 7, 12:35 PM" on another day. */
export function formatPickupTime(eta: Date, now: Date = new Date(), timeZone: string = RESTAURANT_TIME_ZONE): string {
  const local = new TZDate(eta.getTime(), timeZone);
  const today = new TZDate(now.getTime(), timeZone);
  const sameDay = format(local, 'yyyy-MM-dd') === format(today, 'yyyy-MM-dd');
  return format(local, sameDay ? 'h:mm a' : 'EEE, MMM d, h:mm a');
}

export function orderPreparingText(input: { restaurantName: string; orderNumber: string; pickupTime: string }): string {
  return `${input.restaurantName}: we are preparing your order ${input.orderNumber}. Estimated pickup: ${input.pickupTime}. Show your order number at pickup.`;
}

export function orderReadyText(input: { restaurantName: string; orderNumber: string }): string {
  return `${input.restaurantName}: your order ${input.orderNumber} is ready for pickup! Show your order number at the counter.`;
}

/** The cancellation's text; `refundedCents` is what the cancellation itself refunded (0: nothing). */
export function orderCancelledText(input: { restaurantName: string; orderNumber: string; refundedCents: Cents }): string {
  const refund = input.refundedCents > 0 ? ` A refund of ${formatUSD(input.refundedCents)} is on its way to your original payment method.` : '';
  return `${input.restaurantName}: your order ${input.orderNumber} has been cancelled.${refund}`;
}

export function orderEtaChangedText(input: { restaurantName: string; orderNumber: string; pickupTime: string }): string {
  return `${input.restaurantName}: new estimated pickup time for your order ${input.orderNumber}: ${input.pickupTime}.`;
}

// ── Staff members ───────────────────────────────────────────────────────────────────────────

const personName = z
  .string({ error: OrderManagementMessages.nameRequired })
  .trim()
  .min(1, OrderManagementMessages.nameRequired)
  .max(120);

export const StaffMemberOutput = z.object({
  id,
  restaurant_id: id,
  name: z.string(),
  /** The account of this person, when they have one (staff or admin of the restaurant). */
  user_id: id.nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffMemberOutput = z.infer<typeof StaffMemberOutput>;

export const StaffMembersQuery = z.object({
  restaurant_id: restaurantIdQuery,
  /** Admins only: include inactive members. */
  include_inactive: queryBoolean.optional(),
});
export type StaffMembersQuery = z.infer<typeof StaffMembersQuery>;

export const StaffMemberCreateInput = z.object({
  restaurant_id: z.int32().positive().optional(),
  name: personName,
  user_id: z.int32().positive().nullable().optional(),
  is_active: z.boolean().default(true),
});
export type StaffMemberCreateInput = z.infer<typeof StaffMemberCreateInput>;

export const StaffMemberUpdateInput = z.object({
  name: personName.optional(),
  user_id: z.int32().positive().nullable().optional(),
  is_active: z.boolean().optional(),
});
export type StaffMemberUpdateInput = z.infer<typeof StaffMemberUpdateInput>;

// ── Discount configurations (backoffice-reservations.md §3, §5) ─────────────────────────────

export const DISCOUNT_CONFIGURATION_TYPES = ['percentage'] as const;

const percentage = z
  .number({ error: OrderManagementMessages.discountPercentageRange })
  .min(0, OrderManagementMessages.discountPercentageRange)
  .max(100, OrderManagementMessages.discountPercentageRange)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most 2 decimals');

const discountCode = z
  .string({ error: OrderManagementMessages.codeRequired })
  .trim()
  .min(1, OrderManagementMessages.codeRequired)
  .max(40, 'Code is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
  .transform((v) => v.toUpperCase());

/** A CSS colour the badge may use: #rgb, #rrggbb, or a colour name (e.g. green). */
const uiColor = z
  .string()
  .trim()
  .max(30)
  .regex(/^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z][a-zA-Z0-9-]*)$/, 'Use #rgb, #rrggbb or a colour name');

export const DiscountConfigurationOutput = z.object({
  id,
  restaurant_id: id,
  name: z.string(),
  code: z.string(),
  discount_percentage: z.number(),
  discount_type: z.enum(DISCOUNT_CONFIGURATION_TYPES),
  is_active: z.boolean(),
  is_default: z.boolean(),
  display_order: z.int32(),
  description: z.string().nullable(),
  ui_color: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DiscountConfigurationOutput = z.infer<typeof DiscountConfigurationOutput>;

/**
 * Create. Only one configuration of a restaurant is the default: saving one with is_default true
 * clears it on the others (the spec's tip, enforced).
 */
export const DiscountConfigurationCreateInput = z.object({
  restaurant_id: z.int32().positive().optional(),
  name: personName,
  code: discountCode,
  discount_percentage: percentage,
  discount_type: z.enum(DISCOUNT_CONFIGURATION_TYPES).default('percentage'),
  is_active: z.boolean().default(true),
  is_default: z.boolean().default(false),
  display_order: z.int32(OrderManagementMessages.displayOrderMin).min(0, OrderManagementMessages.displayOrderMin).max(10_000).default(0),
  description: z.string().trim().max(500).nullable().optional(),
  ui_color: uiColor.nullable().optional(),
});
export type DiscountConfigurationCreateInput = z.infer<typeof DiscountConfigurationCreateInput>;

export const DiscountConfigurationUpdateInput = z.object({
  name: personName.optional(),
  code: discountCode.optional(),
  discount_percentage: percentage.optional(),
  discount_type: z.enum(DISCOUNT_CONFIGURATION_TYPES).optional(),
  is_active: z.boolean().optional(),
  is_default: z.boolean().optional(),
  display_order: z.int32(OrderManagementMessages.displayOrderMin).min(0, OrderManagementMessages.displayOrderMin).max(10_000).optional(),
  description: z.string().trim().max(500).nullable().optional(),
  ui_color: uiColor.nullable().optional(),
});
export type DiscountConfigurationUpdateInput = z.infer<typeof DiscountConfigurationUpdateInput>;
