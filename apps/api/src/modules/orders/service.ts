import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { CheckoutMessages, estimatedPickupTime, pickupEstimate, type CartCheck, type QuoteInput, type QuoteOutput } from '@kusina/domain/checkout';
import {
  ORDER_STATUS_AT_CREATION,
  orderConfirmationText,
  type OrderCreateInput,
  type OrderCreateOutput,
} from '@kusina/domain/orders';
import { promoDiscountCents } from '@kusina/domain/promotions';
import { RestaurantDefaults } from '@kusina/domain/restaurants';
import { isStaffRole } from '@kusina/domain/roles';
import { menuItems, options, orders, payments, restaurants } from '../../db/schema/index.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import type { Auth } from '../../plugins/auth.ts';
import { enqueueNotifications } from '../notifications/service.ts';
import { PaymentDeclinedError } from '../payments/processor.ts';
import { processorFor } from '../payments/select.ts';
import {
  ensureAuthorized,
  paymentFailed,
  processorRef,
  refundOrphanCapture,
  releasePayment,
  type PaymentDeps,
  type PaymentRow,
} from '../payments/service.ts';
import { consumePromo, consumeVip, findUsablePromo, invalidPromo, vipRequired } from '../promotions/service.ts';
import { getRestaurant } from '../restaurants/service.ts';
import { cartItemIds, cartVariantIds, catalogJson, merchandiseCatalogJson } from './catalog.ts';
import { cartIssuesError, priceCart, toQuoteOutput } from './quote.ts';
import { confirmationView, findOrder, findOrderByKey, insertPlacedOrder, loadConfirmation, type NewOrderLine } from './repository.ts';

export interface OrderDeps extends PaymentDeps {
  pool: pg.Pool;
  boss: PgBoss;
}

/** POST /checkout/quote: the server's price of a cart, with every issue listed (nothing is written). */
export async function quote(deps: OrderDeps, restaurantId: number, input: QuoteInput): Promise<QuoteOutput> {
  const restaurant = await getRestaurant(deps.db, restaurantId);
  const promo = input.promo_code ? await findUsablePromo(deps.db, restaurant.id, input.promo_code) : null;
  if (input.promo_code && !promo) throw invalidPromo();
  return toQuoteOutput(await priceCart(deps.db, restaurant, input.items, promo));
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
}

/** Failures after which this payment can never pay for this cart: its hold is released. */
function releasesPayment(error: unknown): boolean {
  return error instanceof AppError && (error.httpStatus === 409 || error.code === 'INVALID_PROMO_CODE');
}

async function replay(deps: OrderDeps, orderId: number): Promise<PlaceOrderResult> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new Error(`order ${orderId} vanished`);
  return { created: false, order: { ...(await loadConfirmation(deps.db, order)), access_token: order.accessToken } };
}

/**
 * A retry with a key that already placed an order answers that order. A different payment sent
 * with it can never be used for that key: its hold is released (a no-op if it pays some order).
 */
async function replayByKey(deps: OrderDeps, orderId: number, paymentId: string): Promise<PlaceOrderResult> {
  await releasePayment(deps, paymentId, 'Not used: the Idempotency-Key had already placed an order');
  return replay(deps, orderId);
}

/** POST /orders' first read: the restaurant, an order already placed with the key, and the payment. */
const orderLookup = preparedQuery((db) =>
  db
    .select({ restaurant: restaurants, earlier: { id: orders.id }, payment: payments })
    .from(restaurants)
    .leftJoin(orders, and(eq(orders.restaurantId, restaurants.id), eq(orders.idempotencyKey, sql.placeholder('idempotencyKey'))))
    .leftJoin(payments, eq(payments.id, sql.placeholder('paymentId')))
    .where(eq(restaurants.id, sql.placeholder('restaurantId')))
    .limit(1)
    .prepare('order_lookup'),
);

/**
 * The order transaction's first statement: the payment, locked, and (in the same round trip) the
 * cart's catalog rows unlocked — menu items and merchandise variants (an empty id list costs an
 * empty index lookup, so a food-only cart pays no extra round trip); loadCatalog then locks and
 * re-reads the tracked ones.
 */
const lockPayment = preparedQuery((tx) =>
  tx
    .select({
      payment: payments,
      catalog: catalogJson(sql.placeholder('restaurantId'), sql.placeholder('itemIds')),
      merchandise: merchandiseCatalogJson(sql.placeholder('restaurantId'), sql.placeholder('variantIds')),
    })
    .from(payments)
    .where(eq(payments.id, sql.placeholder('id')))
    .for('update', { of: payments })
    .prepare('order_lock_payment'),
);

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

/**
 * POST /orders. Everything that guards money and stock happens in ONE transaction: the payment row
 * is locked first (so the same payment cannot place two orders), the cart is re-priced from
 * catalog rows locked in id order (menu items, options, then merchandise variants), any issue
 * refuses the order, promo and VIP uses are counted with conditional UPDATEs, the payment must hold
 * exactly the recomputed total, stock goes down (variants with a `sale` audit row each), the order
 * and its lines are written, the confirmation messages are queued, and the payment is
 * captured last. A capture failure rolls everything back. The same Idempotency-Key (or payment)
 * answers the order it already placed, also when two requests race (UNIQUE constraints decide).
 */
export async function placeOrder(deps: OrderDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { body, auth } = input;
  // The restaurant, an order already placed with this key and the payment: one round trip.
  const [found] = await orderLookup(deps.db).execute({ restaurantId: input.restaurantId, idempotencyKey: input.idempotencyKey, paymentId: body.payment_id });
  if (!found) throw AppError.notFound('Restaurant not found.');
  const { restaurant, earlier } = found;

  const isStaff = !!auth && isStaffRole(auth.user.role) && (auth.user.role === 'super_admin' || auth.user.restaurantId === restaurant.id);
  if (body.staff_member_name && !isStaff) throw AppError.forbidden(CheckoutMessages.staffOnly);

  if (earlier) return replayByKey(deps, earlier.id, body.payment_id);

  if (restaurant.vipOnlyCheckout && !body.vip_code) throw vipRequired();

  let payment = found.payment;
  if (!payment || payment.restaurantId !== restaurant.id) {
    throw AppError.validation(CheckoutMessages.paymentNotFound, { payment_id: CheckoutMessages.paymentNotFound });
  }
  if (payment.orderId !== null) return replay(deps, payment.orderId);
  payment = await ensureAuthorized(deps, payment);
  if (payment.status === 'failed') throw paymentFailed(payment.failureMessage ?? CheckoutMessages.cardDeclined);
  if (payment.status !== 'authorized') throw AppError.conflict(CheckoutMessages.paymentNotAuthorized);

  const placedAt = new Date();
  const accessToken = randomBytes(24).toString('base64url');
  let captured: { payment: PaymentRow; transactionId: string } | null = null;

  try {
    const result = await transaction(deps.pool, async ({ tx, client }) => {
      const [read] = await lockPayment(tx).execute({
        id: body.payment_id,
        restaurantId: restaurant.id,
        itemIds: cartItemIds(body.items),
        variantIds: cartVariantIds(body.items),
      });
      if (!read) throw new Error('payment vanished');
      const locked = read.payment;
      if (locked.orderId !== null) return { replayOf: locked.orderId, placed: undefined };
      if (locked.status !== 'authorized') throw AppError.conflict(CheckoutMessages.paymentNotAuthorized);

      const priced = await priceCart(tx, restaurant, body.items, null, {
        lock: true,
        now: placedAt,
        preloaded: { items: read.catalog, variants: read.merchandise },
      });
      if (priced.check.issues.length > 0) throw cartIssuesError(priced.check.issues);

      const promo = body.promo_code ? await consumePromo(tx, restaurant.id, body.promo_code) : null;
      if (body.promo_code && !promo) throw invalidPromo();
      const vip = body.vip_code ? await consumeVip(tx, restaurant.id, body.vip_code) : null;
      if (body.vip_code && !vip) throw vipRequired();

      const subtotalCents = priced.subtotalCents;
      const discountCents = promo ? promoDiscountCents({ discountType: promo.discountType, value: promo.value }, subtotalCents) : 0;
      const totalCents = subtotalCents - discountCents;
      if (locked.amountCents !== totalCents) {
        throw AppError.conflict(CheckoutMessages.paymentAmountMismatch, { payment_amount_cents: locked.amountCents, order_total_cents: totalCents });
      }

      // The CHECKs (stock ≥ damaged ≥ 0) are the last word: under the locks these cannot fail.
      // Merchandise variants are decremented (with their audit rows) by the order's own statement below.
      for (const [id, quantity] of [...priced.check.itemDemand].sort(([a], [b]) => a - b)) {
        await tx
          .update(menuItems)
          .set({ stockQuantity: sql`${menuItems.stockQuantity} - ${quantity}`, updatedAt: sql`now()` })
          .where(eq(menuItems.id, id));
      }
      for (const [id, quantity] of [...priced.check.optionDemand].sort(([a], [b]) => a - b)) {
        await tx
          .update(options)
          .set({ stockQuantity: sql`${options.stockQuantity} - ${quantity}`, updatedAt: sql`now()` })
          .where(eq(options.id, id));
      }

      const maxNotice = priced.check.maxAdvanceNoticeHours;
      // The order, its lines and its first status event: one statement.
      const { order, lines } = await insertPlacedOrder(
        client,
        {
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
          estimatedPickupTime: estimatedPickupTime(placedAt, maxNotice),
          isStaffOrder: isStaff && !!body.staff_member_name,
          staffMemberName: isStaff ? (body.staff_member_name ?? null) : null,
          locationName: restaurant.name,
          locationAddress: restaurant.customPickupLocation ?? restaurant.address ?? RestaurantDefaults.pickupAddress,
          accessToken,
          idempotencyKey: input.idempotencyKey,
          createdAt: placedAt,
        },
        orderLines(priced.check),
        [...priced.check.variantDemand.values()].sort((a, b) => a.variantId - b.variantId),
        auth?.user.id ?? null,
      );

      const link = `${deps.config.publicUrl}/order-confirmation/${order.id}?token=${accessToken}`;
      const text = orderConfirmationText({ restaurantName: restaurant.name, orderNumber: order.orderNumber, pickupEstimate: pickupEstimate(maxNotice), link });
      const userId = auth?.user.id ?? null;
      await enqueueNotifications({ tx, client, boss: deps.boss }, [
        { restaurantId: restaurant.id, userId, channel: 'sms', recipient: order.contactPhone, body: text, template: 'order_confirmation' },
        {
          restaurantId: restaurant.id,
          userId,
          channel: 'email',
          recipient: order.contactEmail,
          subject: `Your ${restaurant.name} order ${order.orderNumber}`,
          body: `Hafa adai ${order.contactName},\n\n${text}\n\nTotal: $${(totalCents / 100).toFixed(2)}`,
          template: 'order_confirmation',
        },
      ]);

      // Last, so that nothing after it can fail but the COMMIT itself.
      const capture =
        locked.amountCents === 0
          ? { transactionId: locked.transactionId ?? '' }
          : await processorFor(deps.config, locked.processor).capture({ ...processorRef(locked), amountCents: locked.amountCents });
      captured = { payment: locked, transactionId: capture.transactionId };
      const [paid] = await tx
        .update(payments)
        .set({ orderId: order.id, status: 'captured', transactionId: capture.transactionId, capturedAt: new Date() })
        .where(eq(payments.id, locked.id))
        .returning();
      // The answer is built from what this transaction wrote, not read back after commit.
      return { replayOf: undefined, placed: { ...confirmationView(order, lines, paid), access_token: order.accessToken } };
    });

    if (result.replayOf !== undefined) return replay(deps, result.replayOf);
    return { created: true, order: result.placed };
  } catch (error) {
    if (isUniqueViolation(error, 'orders_restaurant_idempotency_key_unique')) {
      const winner = await findOrderByKey(deps.db, restaurant.id, input.idempotencyKey);
      if (winner) return replayByKey(deps, winner.id, body.payment_id);
    }
    const orphan = captured as { payment: PaymentRow; transactionId: string } | null;
    if (orphan) {
      await refundOrphanCapture(deps, orphan.payment, orphan.transactionId);
      throw error;
    }
    if (error instanceof PaymentDeclinedError) {
      await releasePayment(deps, body.payment_id, `Capture declined: ${error.message}`);
      throw paymentFailed(error.message);
    }
    if (releasesPayment(error)) await releasePayment(deps, body.payment_id, (error as AppError).message);
    throw error;
  }
}
