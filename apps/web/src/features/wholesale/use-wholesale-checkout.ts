import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { PaymentCreateOutput } from '@kusina/domain/checkout';
import { cartPrecheck, cartValidationMessage, WholesaleMessages, WHOLESALE_CART_CLEAR_DELAY_MS, type CheckoutCustomerInput } from '@kusina/domain/wholesale';
import type { StripeConfirm } from '../../components/payment/live-payment.tsx';
import type { TestCardValue } from '../../components/payment/test-card-fields.tsx';
import { toCardInput } from '../../components/payment/test-card-fields.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { clearWholesaleCart } from '../../stores/wholesale-cart-actions.ts';
import { forgetParticipant } from './participant-link.ts';
import type { WholesaleCartLine } from '../../stores/wholesale-cart-store.ts';
import type { CartIssue } from './api/contracts.ts';
import { confirmTestPayment } from './api/confirm-test-payment.ts';
import { createOrder } from './api/place-order.ts';
import { openPayment } from './api/open-payment.ts';
import { validateCart } from './api/validate-cart.ts';

export type CheckoutBusy = null | 'validating' | 'payment' | 'order';

/** A failure the supporter must act on: the words to show, the cart's issues, refused fields. */
class CheckoutStop extends Error {
  constructor(
    message: string,
    readonly issues: CartIssue[] = [],
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

function issuesOf(error: unknown): CartIssue[] {
  return error instanceof ApiError && error.status === 409 ? ((error.details as { issues?: CartIssue[] } | undefined)?.issues ?? []) : [];
}

export interface CheckoutOrder {
  fundraiserId: number;
  lines: readonly WholesaleCartLine[];
  customer: CheckoutCustomerInput;
  /** A donation and the round-up ask (decision 0120); a donation-only order has no lines. */
  donationCents?: number;
  roundUp?: boolean;
}

/**
 * The fundraiser checkout's flow (§4): validate the cart again, pay the server's total with the
 * restaurant's processor (the test card, Stripe.js's card form or the PayPal buttons), create the
 * order, go to the confirmation and clear the cart 100 ms later. One visit is one Idempotency-Key;
 * a payment that went through is reused by a retry of the same cart, so a failed order creation
 * never charges twice.
 */
export function useWholesaleCheckout() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<CheckoutBusy>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [issues, setIssues] = useState<CartIssue[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [placed, setPlaced] = useState(false);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const paid = useRef<{ signature: string; paymentId: string } | null>(null);
  const pendingPayPal = useRef<{ signature: string; paymentId: string } | null>(null);
  const stripeConfirm = useRef<StripeConfirm | null>(null);
  const inFlight = useRef(false);

  const onStripeReady = useCallback((confirm: StripeConfirm | null) => {
    stripeConfirm.current = confirm;
  }, []);

  const signatureOf = (order: CheckoutOrder) =>
    JSON.stringify([order.fundraiserId, order.lines.map((l) => [l.itemId, l.quantity, l.options ?? {}, l.priceCents]), order.donationCents ?? 0, order.roundUp ?? false]);
  const extrasOf = (order: CheckoutOrder) => ({ donationCents: order.donationCents, roundUp: order.roundUp });

  /** The cart is validated again before payment (§5). */
  const validate = async (order: CheckoutOrder) => {
    // A donation-only order has no cart to check: the server checks the fundraiser and the amount.
    if (order.lines.length === 0 && (order.donationCents ?? 0) > 0) return;
    // 'Cart is empty' / 'No fundraiser selected' (§5) before the server is asked.
    const precheck = cartPrecheck(order.lines, order.fundraiserId);
    if (precheck) throw new CheckoutStop(precheck);
    setBusy('validating');
    let validation;
    try {
      validation = await validateCart(order.lines);
    } catch {
      throw new CheckoutStop(WholesaleMessages.validateRetry);
    }
    const message = cartValidationMessage(validation.data, validation.message);
    if (message) throw new CheckoutStop(message, validation.data.issues);
  };

  const open = async (order: CheckoutOrder): Promise<PaymentCreateOutput> => {
    try {
      return await openPayment(order.fundraiserId, order.lines, extrasOf(order));
    } catch (error) {
      const found = issuesOf(error);
      if (found.length > 0) throw new CheckoutStop(WholesaleMessages.needsAttention, found);
      // A refused field (the donation's amount): its message on the field.
      if (error instanceof ApiError && error.status === 400 && error.fields) throw new CheckoutStop(error.message, [], error.fields);
      if (error instanceof ApiError && error.status === 503) throw new CheckoutStop(WholesaleMessages.paymentUnavailable);
      if (error instanceof ApiError && error.status === 402) throw new CheckoutStop(`${WholesaleMessages.paymentFailed} (${error.message})`);
      throw new CheckoutStop(WholesaleMessages.paymentFailed);
    }
  };

  /** Pays with the test card or Stripe.js; returns the payment id (this cart's earlier one if it went through). */
  const pay = async (order: CheckoutOrder, card: TestCardValue): Promise<string> => {
    const signature = signatureOf(order);
    if (paid.current?.signature === signature) return paid.current.paymentId;
    setBusy('payment');
    const payment = await open(order);
    try {
      if (payment.processor === 'test') {
        await confirmTestPayment(payment.payment_id, toCardInput(card));
      } else if (payment.processor === 'stripe') {
        if (!payment.client_secret || !stripeConfirm.current) throw new CheckoutStop(WholesaleMessages.paymentNotInitialized);
        await stripeConfirm.current(payment.client_secret, { name: order.customer.customerName, email: order.customer.customerEmail, phone: order.customer.customerPhone });
      } else {
        // PayPal pays through its own buttons (payWithPayPal), never through Place Order.
        throw new CheckoutStop(WholesaleMessages.paymentNotInitialized);
      }
    } catch (error) {
      if (error instanceof CheckoutStop) throw error;
      // A decline (the test processor's 402, Stripe.js's error): the supporter stays on checkout.
      const detail = error instanceof ApiError ? (error.status === 402 || error.status === 422 ? error.message : '') : error instanceof Error ? error.message : '';
      throw new CheckoutStop(detail ? `${WholesaleMessages.paymentFailed} (${detail})` : WholesaleMessages.paymentFailed);
    }
    paid.current = { signature, paymentId: payment.payment_id };
    return payment.payment_id;
  };

  const create = async (order: CheckoutOrder, paymentId: string) => {
    setBusy('order');
    try {
      const created = await createOrder({ fundraiserId: order.fundraiserId, lines: order.lines, paymentId, idempotencyKey, order: order.customer, extras: extrasOf(order) });
      setPlaced(true);
      navigate(`/wholesale/orders/${created.id}/confirmation${created.access_token ? `?token=${encodeURIComponent(created.access_token)}` : ''}`, { state: { order: created } });
      // A donation-only order leaves the cart alone (it may hold this or another fundraiser's items).
      if (order.lines.length > 0) setTimeout(clearWholesaleCart, WHOLESALE_CART_CLEAR_DELAY_MS);
      // The participant this supporter came through has their credit now (every tab forgets them).
      forgetParticipant();
    } catch (error) {
      const found = issuesOf(error);
      // The server released the payment's hold (409: the cart changed; 402: the capture was
      // declined): the next try pays again.
      if (error instanceof ApiError && (error.status === 409 || error.status === 402)) paid.current = null;
      if (found.length > 0) throw new CheckoutStop(WholesaleMessages.needsAttention, found);
      if (error instanceof ApiError && error.status === 402) throw new CheckoutStop(`${WholesaleMessages.paymentFailed} (${error.message})`);
      const refused = error instanceof ApiError && error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.replace(/^order\./, ''), v])) : {};
      throw new CheckoutStop(
        error instanceof ApiError && error.status < 500 && error.status !== 0 ? error.message || WholesaleMessages.createOrderFailed : WholesaleMessages.placeOrderFailed,
        [],
        refused,
      );
    }
  };

  const run = async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    setIssues([]);
    setFields({});
    try {
      await task();
    } catch (error) {
      const stop = error instanceof CheckoutStop ? error : new CheckoutStop(WholesaleMessages.placeOrderFailed);
      setFailure(stop.message);
      setIssues(stop.issues);
      setFields(stop.fields);
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  return {
    busy,
    failure,
    issues,
    fields,
    placed,
    onStripeReady,
    /** An error clears when its field is edited (§5). */
    clearField: (field: string) => setFields(({ [field]: _cleared, ...rest }) => rest),
    /** Place Order with the test card or Stripe's card form. */
    placeOrder: (order: CheckoutOrder, card: TestCardValue) =>
      run(async () => {
        await validate(order);
        await create(order, await pay(order, card));
      }),
    /** The PayPal buttons: validate, then open the payment and hand PayPal its order id. */
    payPal: {
      start: async (order: CheckoutOrder): Promise<boolean> => {
        let ok = false;
        await run(async () => {
          await validate(order);
          ok = true;
        });
        return ok;
      },
      createOrder: async (order: CheckoutOrder): Promise<string> => {
        const payment = await open(order).catch((error: unknown) => {
          const stop = error instanceof CheckoutStop ? error : new CheckoutStop(WholesaleMessages.paymentFailed);
          setFailure(stop.message);
          setIssues(stop.issues);
          throw stop;
        });
        if (!payment.paypal_order_id) {
          setFailure(WholesaleMessages.paymentNotInitialized);
          throw new CheckoutStop(WholesaleMessages.paymentNotInitialized);
        }
        pendingPayPal.current = { signature: signatureOf(order), paymentId: payment.payment_id };
        return payment.paypal_order_id;
      },
      approved: (order: CheckoutOrder) =>
        run(async () => {
          const pending = pendingPayPal.current;
          if (!pending || pending.signature !== signatureOf(order)) throw new CheckoutStop(WholesaleMessages.paymentFailed);
          paid.current = pending;
          await create(order, pending.paymentId);
        }),
      error: (message: string) => setFailure(`${WholesaleMessages.paymentFailed} (${message})`),
    },
  };
}
