import { randomFillSync } from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { CheckoutMessages, estimatedPickupTime, pickupEstimate, type CartCheck, type OrderingStatusOutput, type QuoteInput, type QuoteOutput } from '@kusina/domain/checkout';
import {
  ORDER_STATUS_AT_CREATION,
  orderConfirmationText,
  type OrderConfirmationOutput,
  type OrderCreateInput,
  type OrderCreateOutput,
  type OrderHistoryOutput,
  type OrderHistoryQuery,
} from '@kusina/domain/orders';
import { boardEntryFromConfirmation, OrderEvents, type OrderCreatedEvent } from '@kusina/domain/order-management';
import { headerHoursText } from '@kusina/domain/pickup-schedule';
import { smsAllowed } from '@kusina/domain/phone';
import { RestaurantDefaults, smsCountryCodes } from '@kusina/domain/restaurants';
import { orders, payments, restaurants } from '../../db/schema/index.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { canActFor, type Auth } from '../../lib/access.ts';
import type { SessionUser } from '../../lib/access.ts';
import {
  ensureAuthorized,
  isWholesalePayment,
  paymentFailed,
  processorFor,
  processorRef,
  settleFailedOrderPayment,
  releasePayment,
  type PaymentDeps,
  type PaymentRow,
} from '../payments/service.ts';
import { consumePromo, consumeVip, findUsablePromo, invalidPromo, vipRequired, type PromoCodeRow } from '../promotions/service.ts';
import { getRestaurant } from '../restaurants/service.ts';
import {
  cartIssuesError,
  cartItemIds,
  cartVariantIds,
  catalogJson,
  discountOf,
  merchandiseCatalogJson,
  priceCart,
  resolveStaffDiscount,
  toQuoteOutput,
  type CatalogRead,
  type PricedCart,
} from '../pricing/service.ts';
import { withinDestinationLimits } from '../notifications/service.ts';
import { enqueueNotifications, type NotificationMessage } from '../notifications/service.ts';
import { invalidateMenuCache } from '../menu/service.ts';
import { rooms } from '../../realtime/socket.ts';
import type { ServiceDeps } from '../../deps.ts';
import { confirmationView, type ConfirmationLine } from './confirmation.ts';

/** What order management reads of a confirmation (its board and its customer timeline). */
export { confirmationView, type ConfirmationTimeline } from './confirmation.ts';
import { decidePickup, formatPickupAt, loadPickupSchedule, orderingStatusOf, pickupOptions } from './pickup.ts';
import {
  canViewOrder,
  findOrder,
  findOrderByKey,
  insertOrder,
  listHistory,
  loadConfirmation,
  markPaymentCaptured,
  type NewOrderLine,
  type OrderRow,
  type OrderWrite,
} from './repository.ts';

/**
 * A new order's access token (the guest's link): 24 random bytes, base64url. The bytes come from a
 * pool refilled 64 tokens at a time (as Node's randomUUID does), so the CSPRNG is called once per
 * 64 orders; no byte is ever used twice.
 */
const TOKEN_BYTES = 24;
const tokenPool = Buffer.alloc(TOKEN_BYTES * 64);
let tokenOffset = tokenPool.length;
export function newAccessToken(): string {
  if (tokenOffset === tokenPool.length) {
    randomFillSync(tokenPool);
    tokenOffset = 0;
  }
  const token = tokenPool.toString('base64url', tokenOffset, tokenOffset + TOKEN_BYTES);
  tokenOffset += TOKEN_BYTES;
  return token;
}

/**
 * The part of the services' dependencies (decision 0095) orders use; `clock` is the one opening
 * hours are judged by (and orders are placed at); tests pass a fixed one.
 */
export type OrderDeps = PaymentDeps & Pick<ServiceDeps, 'pool' | 'boss' | 'clock' | 'realtime' | 'menuCache'>;

/** Who asks for an order: the signed-in user, if any, and the guest link's token. */
export interface OrderViewer {
  user: SessionUser | null;
  token?: string | undefined;
}

/** GET /orders/:id: the confirmation of an order the viewer may see; 404 for "not yours" too, so order ids reveal nothing. */
export async function orderConfirmation(deps: Pick<ServiceDeps, 'db'>, orderId: number, viewer: OrderViewer): Promise<OrderConfirmationOutput> {
  const order = await findOrder(deps.db, orderId);
  if (!order || !canViewOrder(order, viewer)) throw AppError.notFound(CheckoutMessages.orderNotFound);
  return loadConfirmation(deps.db, order);
}

/** The confirmation page's live channel: the order's id when the viewer may see it, else null. */
export async function viewableOrderId(deps: Pick<ServiceDeps, 'db'>, orderId: number, viewer: OrderViewer): Promise<number | null> {
  const order = await findOrder(deps.db, orderId);
  return order && canViewOrder(order, viewer) ? order.id : null;
}

/** GET /orders: the signed-in customer's own orders (storefront.md §6). */
export function orderHistory(deps: Pick<ServiceDeps, 'db'>, userId: number, query: OrderHistoryQuery): Promise<OrderHistoryOutput> {
  return listHistory(deps.db, userId, query);
}

/** GET /restaurants/:id/ordering_status: open or closed for ordering now, by the app's clock. */
export async function orderingStatus(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number): Promise<OrderingStatusOutput> {
  const restaurant = await getRestaurant(deps, restaurantId);
  return orderingStatusOf(deps.db, restaurant, deps.clock().getTime());
}

/** The storefront header's hours line ("Open now · closes 9:00 PM"), from the pickup schedule. */
export async function headerHours(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurant: { id: number; timeZone: string }): Promise<string> {
  const now = deps.clock().getTime();
  return headerHoursText(await loadPickupSchedule(deps.db, restaurant, now), now);
}

/** POST /checkout/quote: the server's price of a cart, with every issue listed (nothing is written). */
export async function quote(deps: OrderDeps, restaurantId: number, input: QuoteInput, auth: Auth | null): Promise<QuoteOutput> {
  const restaurant = await getRestaurant(deps, restaurantId);
  const staffDiscount = await resolveStaffDiscount(deps.db, restaurant.id, input, auth);
  const promo = input.promo_code ? await findUsablePromo(deps.db, restaurant.id, input.promo_code) : null;
  if (input.promo_code && !promo) throw invalidPromo();
  const priced = await priceCart(deps.db, restaurant, input.items, promo, { staffDiscount });
  const now = deps.clock().getTime();
  const schedule = await loadPickupSchedule(deps.db, restaurant, now);
  const maxNotice = priced.check.maxAdvanceNoticeHours;
  // A chosen time is checked here too (422 naming pickup_time); without one the quote lists the choices.
  if (input.pickup_time !== undefined) decidePickup(schedule, now, input.pickup_time, maxNotice);
  return toQuoteOutput(priced, pickupOptions(schedule, now, maxNotice));
}

export interface PlaceOrderInput {
  restaurantId: number;
  body: OrderCreateInput;
  idempotencyKey: string;
  auth: Auth | null;
}

export interface PlaceOrderResult {
  /** false when an earlier request with the same key or payment already placed it. */
  created: boolean;
  order: OrderCreateOutput;
  /** The order took menu stock (tracked items or options): the menu this node serves is stale. */
  menuStockChanged: boolean;
}

/** Failures after which this payment can never pay for this cart: its hold is released. */
function releasesPayment(error: unknown): boolean {
  return error instanceof AppError && (error.httpStatus === 409 || error.code === 'INVALID_PROMO_CODE');
}

async function replay(deps: OrderDeps, orderId: number): Promise<PlaceOrderResult> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new Error(`order ${orderId} vanished`);
  return { created: false, order: { ...(await loadConfirmation(deps.db, order)), access_token: order.accessToken }, menuStockChanged: false };
}

/**
 * A retry with a key that already placed an order answers that order. A different payment sent
 * with it can never be used for that key: its hold is released (a no-op if it pays some order).
 */
async function replayByKey(deps: OrderDeps, orderId: number, paymentId: string): Promise<PlaceOrderResult> {
  await releasePayment(deps, paymentId, 'Not used: the Idempotency-Key had already placed an order');
  return replay(deps, orderId);
}

/**
 * POST /orders' first statement, sent right behind the transaction's BEGIN: the
 * restaurant, an order already placed with the Idempotency-Key, the payment — locked, before any
 * other row — and the cart's catalog rows unlocked: menu items and merchandise variants (an empty id
 * list costs an empty index lookup, so a food-only cart pays nothing for merchandise); loadCatalog
 * then locks and re-reads the tracked ones.
 */
export const orderRead = preparedQuery((tx) => {
  const locked = tx.select().from(payments).where(eq(payments.id, sql.placeholder('paymentId'))).for('update').as('locked_payment');
  const payment = Object.fromEntries(Object.keys(getTableColumns(payments)).map((key) => [key, locked[key as keyof PaymentRow]])) as {
    [K in keyof PaymentRow]: (typeof locked)[K];
  };
  const restaurantId = sql.placeholder('restaurantId');
  return tx
    .select({
      restaurant: restaurants,
      earlier: { id: orders.id },
      payment,
      catalog: catalogJson(restaurantId, sql.placeholder('itemIds')),
      merchandise: merchandiseCatalogJson(restaurantId, sql.placeholder('variantIds')),
    })
    .from(restaurants)
    .leftJoin(orders, and(eq(orders.restaurantId, restaurants.id), eq(orders.idempotencyKey, sql.placeholder('idempotencyKey'))))
    .leftJoinLateral(locked, sql`true`)
    .where(eq(restaurants.id, restaurantId))
    .prepare('order_read');
});

/** The order's confirmation text and e-mail (sms first), queued with the order in its transaction. */
function confirmationMessages(order: OrderRow, restaurantName: string, publicUrl: string, timeZone: string): NotificationMessage[] {
  const link = `${publicUrl}/order-confirmation/${order.id}?token=${order.accessToken}`;
  // A chosen pickup time is the estimate ("Thu, Mar 5, 11:15 AM"); otherwise "20-25 minutes".
  const estimate = order.requestedPickupTime ? formatPickupAt(order.requestedPickupTime.getTime(), timeZone) : pickupEstimate(order.maxAdvanceNoticeHours);
  const text = orderConfirmationText({ restaurantName, orderNumber: order.orderNumber, pickupEstimate: estimate, link });
  const common = { restaurantId: order.restaurantId, userId: order.userId, template: 'order_confirmation' };
  return [
    { ...common, channel: 'sms', recipient: order.contactPhone, subject: null, body: text },
    {
      ...common,
      channel: 'email',
      recipient: order.contactEmail,
      subject: `Your ${restaurantName} order ${order.orderNumber}`,
      body: `Hafa adai ${order.contactName},\n\n${text}\n\nTotal: $${(order.totalCents / 100).toFixed(2)}`,
    },
  ];
}

/** The order's lines in cart order (position), food and merchandise as the cart check priced them. */
function orderLines(check: CartCheck): NewOrderLine[] {
  const food = check.lines.map((line) => ({
    line: line.line,
    row: {
      itemType: 'food' as const,
      menuItemId: line.menuItemId,
      variantId: null,
      variantDetails: null,
      name: line.name,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
      customizations: line.customizations,
      selectedOptionIds: line.selectedOptionIds,
      notes: line.notes,
    },
  }));
  const merchandise = check.merchandiseLines.map((line) => ({
    line: line.line,
    row: {
      itemType: 'merchandise' as const,
      menuItemId: null,
      variantId: line.variantId,
      variantDetails: line.variantDetails,
      name: line.name,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
      customizations: {},
      selectedOptionIds: [],
      notes: line.notes,
    },
  }));
  return [...food, ...merchandise].sort((a, b) => a.line - b.line).map(({ row }, position) => ({ ...row, position }));
}

/** What POST /orders' transaction decided before writing anything, acted on after it ends. */
type Early =
  | { kind: 'error'; error: AppError }
  /** The key (replayByKey) or the payment (replay) already placed this order. */
  | { kind: 'replayByKey' | 'replay'; orderId: number }
  /** A Stripe or PayPal payment the customer finished in the browser: ask the processor first. */
  | { kind: 'authorize'; payment: PaymentRow };

/** One row of order_read: the restaurant, an earlier order with the key, the locked payment, the cart's catalog. */
type OrderRead = Awaited<ReturnType<ReturnType<typeof orderRead>['execute']>>[number];

/** order_read's parameters for one order. */
function orderReadParams(input: PlaceOrderInput) {
  return {
    restaurantId: input.restaurantId,
    idempotencyKey: input.idempotencyKey,
    paymentId: input.body.payment_id,
    itemIds: cartItemIds(input.body.items),
    variantIds: cartVariantIds(input.body.items),
  };
}

/** An order that passed its first checks: the restaurant, its locked authorized payment, and whether staff placed it. */
interface FirstChecked {
  kind: 'checked';
  restaurant: OrderRead['restaurant'];
  payment: PaymentRow;
  isStaff: boolean;
  /** The cart's catalog rows as the first read saw them (unlocked). */
  catalog: CatalogRead;
}

/**
 * The checks on order_read's row that need no pricing, in the order the customer should hear
 * them: the restaurant, staff-only fields, an order already placed with the key, a VIP-only
 * restaurant without a code, then the payment (this restaurant's, not already used, authorized).
 */
function checkFirstRead(read: OrderRead | undefined, input: PlaceOrderInput, askedProcessor: boolean): Early | FirstChecked {
  const { body, auth } = input;
  if (!read) return { kind: 'error', error: AppError.notFound('Restaurant not found.') };
  const { restaurant, earlier } = read;
  // Staff orders: staff of this restaurant (or a super admin) only.
  const isStaff = canActFor(auth?.user, restaurant.id);
  if (body.staff_member_name && !isStaff) return { kind: 'error', error: AppError.forbidden(CheckoutMessages.staffOnly) };
  if (body.staff_discount_id !== undefined && !body.staff_member_name) {
    return { kind: 'error', error: AppError.validation(CheckoutMessages.staffMemberRequired, { staff_member_name: CheckoutMessages.staffMemberRequired }) };
  }
  if (earlier) return { kind: 'replayByKey', orderId: earlier.id };
  if (restaurant.vipOnlyCheckout && !body.vip_code) return { kind: 'error', error: vipRequired() };

  const locked = read.payment;
  // A payment opened for a fundraiser order never pays a storefront order (its amount may match).
  if (!locked || locked.restaurantId !== restaurant.id || isWholesalePayment(locked)) {
    return { kind: 'error', error: AppError.validation(CheckoutMessages.paymentNotFound, { payment_id: CheckoutMessages.paymentNotFound }) };
  }
  if (locked.orderId !== null) return { kind: 'replay', orderId: locked.orderId };
  if (locked.status === 'requires_confirmation' && locked.processor !== 'test' && !askedProcessor) return { kind: 'authorize', payment: locked };
  if (locked.status === 'failed') return { kind: 'error', error: paymentFailed(locked.failureMessage ?? CheckoutMessages.cardDeclined) };
  if (locked.status !== 'authorized') return { kind: 'error', error: AppError.conflict(CheckoutMessages.paymentNotAuthorized) };
  return { kind: 'checked', restaurant, payment: locked, isStaff, catalog: { items: read.catalog, variants: read.merchandise } };
}

/**
 * What the order transaction writes for a priced order: the order (its totals from the priced cart
 * and the codes), its lines and its stock. The payment must hold exactly the recomputed total (409
 * otherwise, before any write).
 */
function orderWrite(
  input: PlaceOrderInput,
  checked: FirstChecked,
  priced: PricedCart,
  codes: { promo: PromoCodeRow | null; vip: { id: number } | null },
  at: { placedAt: Date; accessToken: string; pickupAt: number | null },
): OrderWrite {
  const { body, auth } = input;
  const { restaurant, isStaff, payment } = checked;
  const { promo, vip } = codes;
  const staffDiscount = priced.staffDiscount;
  const subtotalCents = priced.subtotalCents;
  const discountCents = discountOf(subtotalCents, promo, staffDiscount);
  const totalCents = subtotalCents - discountCents;
  if (payment.amountCents !== totalCents) {
    throw AppError.conflict(CheckoutMessages.paymentAmountMismatch, { payment_amount_cents: payment.amountCents, order_total_cents: totalCents });
  }
  const maxNotice = priced.check.maxAdvanceNoticeHours;
  return {
    order: {
      restaurantId: restaurant.id,
      userId: auth?.user.id ?? null,
      status: ORDER_STATUS_AT_CREATION,
      foodSubtotalCents: priced.check.foodSubtotalCents,
      merchandiseSubtotalCents: priced.check.merchandiseSubtotalCents,
      subtotalCents,
      discountCents,
      totalCents,
      promoCodeId: promo?.id ?? null,
      promoCode: promo?.code ?? null,
      vipCodeId: vip?.id ?? null,
      contactName: body.contact.name,
      contactPhone: body.contact.phone,
      contactEmail: body.contact.email,
      specialInstructions: body.special_instructions ?? null,
      requiresAdvanceNotice: priced.check.requiresAdvanceNotice,
      maxAdvanceNoticeHours: maxNotice,
      // The chosen pickup time, or (as soon as possible) the standard estimate.
      estimatedPickupTime: at.pickupAt === null ? estimatedPickupTime(at.placedAt, maxNotice) : new Date(at.pickupAt),
      requestedPickupTime: at.pickupAt === null ? null : new Date(at.pickupAt),
      isStaffOrder: isStaff && !!body.staff_member_name,
      staffMemberName: isStaff ? (body.staff_member_name ?? null) : null,
      staffDiscountId: staffDiscount?.id ?? null,
      staffDiscountName: staffDiscount?.name ?? null,
      staffDiscountBasisPoints: staffDiscount?.basisPoints ?? null,
      locationName: restaurant.name,
      locationAddress: restaurant.customPickupLocation ?? restaurant.address ?? RestaurantDefaults.pickupAddress,
      accessToken: at.accessToken,
      idempotencyKey: input.idempotencyKey,
      createdAt: at.placedAt,
    },
    lines: orderLines(priced.check),
    sales: [...priced.check.variantDemand.values()].sort((a, b) => a.variantId - b.variantId),
    itemStock: [...priced.check.itemDemand].sort(([a], [b]) => a - b),
    optionStock: [...priced.check.optionDemand].sort(([a], [b]) => a - b),
  };
}

/** The answer to a placed order, built from what its transaction wrote (not read back after commit). */
function placedAnswer(placed: { order: OrderRow; lines: ConfirmationLine[] }, paid: PaymentRow, priced: PricedCart): PlaceOrderResult {
  return {
    created: true,
    order: { ...confirmationView(placed.order, placed.lines, paid), access_token: placed.order.accessToken },
    menuStockChanged: priced.check.itemDemand.size > 0 || priced.check.optionDemand.size > 0,
  };
}

/**
 * After an order's commit: this node's next menu read shows the stock it took (other nodes hear the
 * NOTIFY; an order of untracked dishes or of merchandise leaves the cached menu as it is), and the
 * restaurant's board gets its card (no access token: order management's contract).
 */
function announcePlaced(deps: OrderDeps, placed: PlaceOrderResult): void {
  if (placed.menuStockChanged) invalidateMenuCache(deps, placed.order.restaurant_id);
  const payload: OrderCreatedEvent = { order: boardEntryFromConfirmation(placed.order) };
  deps.realtime.emit(rooms.staff(placed.order.restaurant_id), OrderEvents.created, payload);
}

/**
 * POST /orders, one order in its own transaction. Everything that guards money and stock happens
 * in ONE transaction: the payment row is locked first (so the same payment cannot place two
 * orders), the cart is re-priced from catalog rows locked in id order (menu items, options, then
 * merchandise variants), any issue refuses the order, promo and VIP uses are counted with
 * conditional UPDATEs, the payment must hold exactly the recomputed total, stock goes down
 * (variants with a `sale` audit row each), the order and its lines are written, the confirmation
 * messages are queued, and the payment is captured last. A capture failure rolls everything back.
 * The same Idempotency-Key (or payment) answers the order it already placed, also when two
 * requests race (UNIQUE constraints decide). Every order is placed here (decision 0027).
 */
export async function placeOrder(deps: OrderDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { body, auth } = input;
  const accessToken = newAccessToken();
  let captured: { payment: PaymentRow; transactionId: string } | null = null;
  let restaurantId = input.restaurantId;
  let askedProcessor = false;

  for (;;) {
    const placedAt = deps.clock();
    let result: Early | { kind: 'placed'; answer: PlaceOrderResult };
    try {
      result = await transaction(deps.pool, async ({ tx, client }): Promise<typeof result> => {
        const [read] = await orderRead(tx).execute(orderReadParams(input));
        const checked = checkFirstRead(read, input, askedProcessor);
        if (checked.kind !== 'checked') return checked;
        const { restaurant, payment: locked } = checked;
        restaurantId = restaurant.id;

        // A staff order's discount, read in this transaction (only staff, never with a promo).
        const staffDiscount = await resolveStaffDiscount(tx, restaurant.id, body, auth);
        const priced = await priceCart(tx, restaurant, body.items, null, {
          staffDiscount,
          lock: true,
          now: placedAt,
          preloaded: checked.catalog,
        });
        if (priced.check.issues.length > 0) throw cartIssuesError(priced.check.issues);
        // Opening hours (issue #23): as soon as possible only while open, a chosen time inside the
        // hours and after the cart's advance notice; 422 naming pickup_time otherwise.
        const schedule = await loadPickupSchedule(tx, restaurant, placedAt.getTime());
        const pickupAt = decidePickup(schedule, placedAt.getTime(), body.pickup_time, priced.check.maxAdvanceNoticeHours);

        const promo = body.promo_code ? await consumePromo(tx, restaurant.id, body.promo_code) : null;
        if (body.promo_code && !promo) throw invalidPromo();
        const vip = body.vip_code ? await consumeVip(tx, restaurant.id, body.vip_code) : null;
        if (body.vip_code && !vip) throw vipRequired();

        // The order, its lines, first status event and stock (the CHECKs stock ≥ damaged ≥ 0 are the
        // last word; under the locks they cannot fail), then its confirmation messages and their
        // delivery job (pg-boss's own insert, on this transaction's connection).
        const placed = await insertOrder(tx, orderWrite(input, checked, priced, { promo, vip }, { placedAt, accessToken, pickupAt }));
        // The text goes only to a country the restaurant texts (its sms_country_codes); the e-mail always.
        const codes = smsCountryCodes(restaurant.adminSettings);
        const confirmations = confirmationMessages(placed.order, restaurant.name, deps.config.publicUrl, restaurant.timeZone).filter((m) => m.channel !== 'sms' || smsAllowed(m.recipient, codes));
        // A guest's order (no sign-in) texts and e-mails what it was given: its confirmation is held
        // to the per-destination limit (0085, 0103). Past it the order stands; only the message is
        // skipped, and the log says so (the order id and channel, never the address).
        const sent = auth ? confirmations : (await withinDestinationLimits({ pool: deps.pool, config: deps.config, clock: () => placedAt }, confirmations, client)).allowed;
        if (sent.length < confirmations.length) {
          const skipped = confirmations.filter((m) => !sent.includes(m)).map((m) => m.channel);
          deps.log.warn({ orderId: placed.order.id, skipped }, 'order confirmation not sent: its destination is past the per-destination limit');
        }
        await enqueueNotifications({ tx, client, boss: deps.boss }, sent);

        // The capture last, so that nothing after it can fail but recording it and the COMMIT (and if
        // they do, the orphan capture is refunded below). The test processor captures on the spot.
        const capture =
          locked.amountCents === 0
            ? { transactionId: locked.transactionId ?? '' }
            : await processorFor(deps.config, locked.processor).capture({ ...processorRef(locked), amountCents: locked.amountCents });
        captured = { payment: locked, transactionId: capture.transactionId };
        const paid = await markPaymentCaptured(tx, locked.id, placed.order.id, { transactionId: capture.transactionId, capturedAt: new Date() });
        return { kind: 'placed', answer: placedAnswer(placed, paid, priced) };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'orders_restaurant_idempotency_key_unique')) {
        const winner = await findOrderByKey(deps.db, restaurantId, input.idempotencyKey);
        if (winner) return replayByKey(deps, winner.id, body.payment_id);
      }
      return settleFailedOrderPayment(deps, body.payment_id, captured as { payment: PaymentRow; transactionId: string } | null, error, releasesPayment);
    }

    switch (result.kind) {
      case 'placed':
        announcePlaced(deps, result.answer);
        return result.answer;
      case 'replay':
        return replay(deps, result.orderId);
      case 'replayByKey':
        return replayByKey(deps, result.orderId, body.payment_id);
      case 'error':
        throw result.error;
      case 'authorize': {
        // Outside the transaction: no lock or connection is held while the processor answers.
        const payment = await ensureAuthorized(deps, result.payment);
        if (payment.status === 'failed') throw paymentFailed(payment.failureMessage ?? CheckoutMessages.cardDeclined);
        if (payment.status !== 'authorized') throw AppError.conflict(CheckoutMessages.paymentNotAuthorized);
        askedProcessor = true;
        continue;
      }
    }
  }
}
