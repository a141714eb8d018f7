import { and, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  cardProblems,
  CheckoutMessages,
  type CardInput,
  type PaymentConfirmOutput,
  type PaymentCreateInput,
  type PaymentCreateOutput,
} from '@kusina/domain/checkout';
import { centsToDollars } from '@kusina/domain/money';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Auth } from '../../lib/access.ts';
import { cartIssuesError, priceCart, quoteHash, resolveStaffDiscount } from '../pricing/service.ts';
import { findUsablePromo, findUsableVip, invalidPromo, vipRequired } from '../promotions/service.ts';
import type { AdminSettings } from '@kusina/domain/restaurants';
import { getRestaurant } from '../restaurants/service.ts';
import { PaymentDeclinedError, type AuthorizeResult, type BeginResult, type ProcessorRef } from './processor.ts';
import { notAvailable, processorFor, processorForNewPayment, selectProcessorName } from './select.ts';
import { testTransactionId } from './test-processor.ts';
import type { ServiceDeps } from '../../deps.ts';

/** Processors as orders, refunds and the fundraiser shop use them. */
export { notAvailable, processorFor } from './select.ts';
export { PaymentDeclinedError } from './processor.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** The part of the services' dependencies (decision 0095) payments use. */
export type PaymentDeps = Pick<ServiceDeps, 'db' | 'config' | 'log'>;

/** 402 with the processor's words; the SPA shows 'Payment failed: {message}'. */
/**
 * The quote_hash prefix of a payment opened for a fundraiser order: such a payment pays only that
 * kind of order (the wholesale checkout requires it, the storefront's refuses it).
 */
export const WHOLESALE_QUOTE_PREFIX = 'wholesale:';

/** Whether a payment row was opened for a fundraiser order rather than a storefront order. */
export function isWholesalePayment(row: Pick<PaymentRow, 'quoteHash'>): boolean {
  return row.quoteHash.startsWith(WHOLESALE_QUOTE_PREFIX);
}

export function paymentFailed(message: string): AppError {
  return new AppError('PAYMENT_FAILED', 402, message);
}

/** How a processor names a payment row. */
export function processorRef(row: PaymentRow): ProcessorRef {
  return { paymentId: row.id, paymentIntentId: row.paymentIntentId, transactionId: row.transactionId, cardLast4: row.cardLast4 };
}

export async function findPayment(db: DbOrTx, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/**
 * POST /payments: prices the cart on the server, refuses a cart with issues (409), an unusable promo
 * (422) or, at a VIP-only restaurant, a missing or unusable VIP code (422), then opens a payment for
 * exactly the server's total with the restaurant's processor. Nothing is counted or reserved yet.
 */
export async function createPayment(deps: PaymentDeps, restaurantId: number, input: PaymentCreateInput, auth: Auth | null): Promise<PaymentCreateOutput> {
  const restaurant = await getRestaurant(deps, restaurantId);
  const staffDiscount = await resolveStaffDiscount(deps.db, restaurant.id, input, auth);
  if (restaurant.vipOnlyCheckout && (!input.vip_code || !(await findUsableVip(deps.db, restaurant.id, input.vip_code)))) {
    throw vipRequired();
  }
  const promo = input.promo_code ? await findUsablePromo(deps.db, restaurant.id, input.promo_code) : null;
  if (input.promo_code && !promo) throw invalidPromo();
  const priced = await priceCart(deps.db, restaurant, input.items, promo, { staffDiscount });
  if (priced.check.issues.length > 0) throw cartIssuesError(priced.check.issues);

  // Nothing to charge (a promo covered it all): the payment is settled without a processor.
  if (priced.totalCents === 0) {
    const [row] = await deps.db
      .insert(payments)
      .values({
        restaurantId: restaurant.id,
        processor: 'test',
        amountCents: 0,
        status: 'authorized',
        transactionId: `free_${testTransactionId()}`,
        paymentMethod: 'none',
        quoteHash: quoteHash(priced),
        authorizedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('payment insert returned nothing');
    return createOutput(row, {});
  }

  const { row, begun } = await openProcessorPayment(deps, {
    restaurant,
    amountCents: priced.totalCents,
    quoteHash: quoteHash(priced),
    description: `${restaurant.name} pickup order`,
  });
  return createOutput(row, begun);
}

export interface OpenProcessorPayment {
  restaurant: { id: number; adminSettings: AdminSettings | null };
  /** The server's total; the payment is for exactly this. */
  amountCents: number;
  /** What the payment was opened for (a storefront quote, or `wholesale:` and a fundraiser cart). */
  quoteHash: string;
  description: string;
}

/**
 * Opens a payment with the restaurant's processor (test, Stripe or PayPal, by its payment_gateway)
 * for exactly `amountCents`: the row first, then the processor's PaymentIntent or order, whose id
 * the row keeps. The one way a checkout (storefront or fundraiser) starts paying; 503 when the
 * processor is not configured or not reachable, 402 when it refuses.
 */
export async function openProcessorPayment(deps: PaymentDeps, input: OpenProcessorPayment): Promise<{ row: PaymentRow; begun: BeginResult }> {
  const name = selectProcessorName(input.restaurant.adminSettings);
  const processor = processorForNewPayment(deps.config, name);
  const [row] = await deps.db
    .insert(payments)
    .values({ restaurantId: input.restaurant.id, processor: name, amountCents: input.amountCents, quoteHash: input.quoteHash })
    .returning();
  if (!row) throw new Error('payment insert returned nothing');

  try {
    const begun = await processor.begin({ paymentId: row.id, amountCents: row.amountCents, description: input.description });
    const [updated] = await deps.db
      .update(payments)
      .set({ paymentIntentId: begun.paymentIntentId, paymentMethod: begun.paymentMethod })
      .where(eq(payments.id, row.id))
      .returning();
    return { row: updated ?? row, begun };
  } catch (error) {
    await deps.db.update(payments).set({ status: 'failed', failureMessage: 'Could not open the payment' }).where(eq(payments.id, row.id));
    if (error instanceof PaymentDeclinedError) throw paymentFailed(error.message);
    deps.log.error({ err: error, payment_id: row.id }, 'payment processor unavailable');
    throw notAvailable();
  }
}

/** What POST /payments (and the fundraiser shop's) answers: the browser's handle on the payment. */
export function createOutput(row: PaymentRow, begun: { clientSecret?: string; paypalOrderId?: string }): PaymentCreateOutput {
  return {
    payment_id: row.id,
    status: row.status,
    amount_cents: row.amountCents,
    amount: centsToDollars(row.amountCents),
    currency: 'usd',
    processor: row.processor,
    ...(begun.clientSecret ? { client_secret: begun.clientSecret } : {}),
    ...(row.processor === 'stripe' && row.paymentIntentId ? { payment_intent_id: row.paymentIntentId } : {}),
    ...(begun.paypalOrderId ? { paypal_order_id: begun.paypalOrderId } : {}),
  };
}

function confirmOutput(row: PaymentRow): PaymentConfirmOutput {
  return {
    payment_id: row.id,
    status: row.status,
    amount_cents: row.amountCents,
    processor: row.processor,
    transaction_id: row.transactionId,
    card_brand: row.cardBrand,
    card_last4: row.cardLast4,
  };
}

/**
 * POST /payments/:id/confirm (test processor): checks the card, then authorizes the amount. A
 * decline is recorded as failed and answered 402; the card number is never stored (brand and last 4).
 * Confirming an authorized payment again answers the same authorization (a retry reuses it).
 */
export async function confirmTestPayment(deps: PaymentDeps, paymentId: string, card: CardInput): Promise<PaymentConfirmOutput> {
  // A payment opened before a restart that took test payments away is not confirmed either.
  const processor = processorForNewPayment(deps.config, 'test');
  const payment = await findPayment(deps.db, paymentId);
  if (!payment) throw AppError.notFound(CheckoutMessages.paymentNotFound);
  if (payment.processor !== 'test') throw AppError.conflict(CheckoutMessages.paymentConfirmedByProcessor);
  if (payment.status === 'authorized' || payment.status === 'captured') return confirmOutput(payment);
  if (payment.status !== 'requires_confirmation') throw AppError.conflict(CheckoutMessages.paymentAlreadyProcessed);

  const problems = cardProblems(card, new Date());
  const [first] = Object.values(problems);
  if (first) throw AppError.validation(first, problems);

  const result = await processor.authorize({
    paymentId: payment.id,
    amountCents: payment.amountCents,
    paymentIntentId: null,
    transactionId: null,
    card,
  });
  if (result.outcome === 'pending') throw AppError.conflict(CheckoutMessages.paymentNotAuthorized);
  const authorized = result.outcome === 'authorized';
  const [updated] = await deps.db
    .update(payments)
    .set({
      status: authorized ? 'authorized' : 'failed',
      transactionId: authorized ? result.transactionId : null,
      failureMessage: authorized ? null : result.message,
      cardBrand: result.cardBrand ?? null,
      cardLast4: result.cardLast4 ?? null,
      authorizedAt: authorized ? new Date() : null,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'requires_confirmation')))
    .returning();
  if (!updated) {
    // Another confirm of the same payment won the race; answer what it recorded.
    const now = await findPayment(deps.db, payment.id);
    if (now && (now.status === 'authorized' || now.status === 'captured')) return confirmOutput(now);
    throw AppError.conflict(CheckoutMessages.paymentAlreadyProcessed);
  }
  if (!authorized) throw paymentFailed(result.message);
  return confirmOutput(updated);
}

/**
 * Before an order is placed: a Stripe or PayPal payment the customer finished in the browser is
 * checked with the processor (PayPal: authorized now) and recorded as authorized. A test payment
 * must already be authorized by /confirm. Returns the fresh row.
 */
export async function ensureAuthorized(deps: PaymentDeps, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'requires_confirmation' || payment.processor === 'test') return payment;
  const processor = processorFor(deps.config, payment.processor);
  let result: AuthorizeResult;
  try {
    result = await processor.authorize({ ...processorRef(payment), amountCents: payment.amountCents });
  } catch (error) {
    if (error instanceof PaymentDeclinedError) result = { outcome: 'declined', message: error.message };
    else {
      deps.log.error({ err: error, payment_id: payment.id }, 'payment processor unavailable');
      throw notAvailable();
    }
  }
  if (result.outcome === 'pending') return payment;
  const where = and(eq(payments.id, payment.id), eq(payments.status, 'requires_confirmation'));
  if (result.outcome === 'declined') {
    await deps.db.update(payments).set({ status: 'failed', failureMessage: result.message }).where(where);
    throw paymentFailed(result.message);
  }
  const [updated] = await deps.db
    .update(payments)
    .set({ status: 'authorized', transactionId: result.transactionId, failureMessage: null, authorizedAt: new Date() })
    .where(where)
    .returning();
  return updated ?? (await findPayment(deps.db, payment.id)) ?? payment;
}

/**
 * Releases the hold of a payment that will not become an order: marked voided only while it is
 * still authorized and unlinked (a concurrent request may have used it), then voided at the
 * processor. A failed void is logged; the processor drops the hold when it expires.
 */
export async function releasePayment(deps: PaymentDeps, paymentId: string, reason: string): Promise<void> {
  const [voided] = await deps.db
    .update(payments)
    .set({ status: 'voided', failureMessage: reason })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'authorized'), isNull(payments.orderId)))
    .returning();
  if (!voided || voided.amountCents === 0) return;
  try {
    await processorFor(deps.config, voided.processor).void(processorRef(voided));
  } catch (error) {
    deps.log.error({ err: error, payment_id: paymentId }, 'could not void a payment authorization');
  }
}

/**
 * Money was captured but the order's transaction did not commit: give it back and say so on the
 * payment row (which the rollback left authorized).
 */
async function refundOrphanCapture(deps: PaymentDeps, payment: PaymentRow, transactionId: string): Promise<void> {
  try {
    await processorFor(deps.config, payment.processor).refund({ ...processorRef(payment), transactionId, amountCents: payment.amountCents });
    await deps.db
      .update(payments)
      .set({ status: 'refunded', transactionId, failureMessage: 'Refunded: the order could not be saved' })
      .where(eq(payments.id, payment.id));
  } catch (error) {
    deps.log.fatal({ err: error, payment_id: payment.id, transaction_id: transactionId }, 'captured payment without an order could not be refunded');
  }
}

/**
 * An order's transaction failed after it locked this payment: money it captured is refunded; a
 * declined capture releases the hold and becomes the 402 the checkout retries with a new payment;
 * a failure after which this payment can never pay for this cart (`releases`) releases the hold.
 * Throws the error to answer with. Storefront and fundraiser orders both end here.
 */
export async function settleFailedOrderPayment(
  deps: PaymentDeps,
  paymentId: string,
  captured: { payment: PaymentRow; transactionId: string } | null,
  error: unknown,
  releases: (error: unknown) => boolean,
): Promise<never> {
  if (captured) {
    await refundOrphanCapture(deps, captured.payment, captured.transactionId);
    throw error;
  }
  if (error instanceof PaymentDeclinedError) {
    await releasePayment(deps, paymentId, `Capture declined: ${error.message}`);
    throw paymentFailed(error.message);
  }
  if (releases(error)) await releasePayment(deps, paymentId, error instanceof Error ? error.message : 'Order refused');
  throw error;
}

/**
 * Stripe's signed webhook: keeps the payment row in step with the PaymentIntent (authorized when
 * the hold exists for our amount, failed, canceled, refunded). The order itself is only ever placed
 * by POST /orders; a webhook never creates one.
 */
export async function handleStripeEvent(deps: PaymentDeps, event: Stripe.Event): Promise<void> {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
  const intentId = object.object === 'payment_intent' ? object.id : typeof object.payment_intent === 'string' ? object.payment_intent : null;
  if (!intentId) return;
  const where = and(eq(payments.processor, 'stripe'), eq(payments.paymentIntentId, intentId));
  switch (event.type) {
    case 'payment_intent.amount_capturable_updated': {
      const intent = event.data.object;
      await deps.db
        .update(payments)
        .set({ status: 'authorized', transactionId: intent.id, authorizedAt: new Date() })
        .where(and(where, eq(payments.status, 'requires_confirmation'), eq(payments.amountCents, intent.amount_capturable)));
      break;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      await deps.db
        .update(payments)
        .set({ failureMessage: intent.last_payment_error?.message ?? CheckoutMessages.cardDeclined })
        .where(and(where, eq(payments.status, 'requires_confirmation')));
      break;
    }
    case 'payment_intent.canceled':
      await deps.db
        .update(payments)
        .set({ status: 'voided' })
        .where(and(where, sql`${payments.status} in ('requires_confirmation', 'authorized')`, isNull(payments.orderId)));
      break;
    case 'charge.refunded': {
      // A partial refund (issue #5) leaves the payment captured; the order's refunded_cents says how much.
      const charge = event.data.object;
      if (charge.amount_refunded < charge.amount) break;
      await deps.db.update(payments).set({ status: 'refunded' }).where(and(where, eq(payments.status, 'captured')));
      break;
    }
    default:
      break;
  }
}

