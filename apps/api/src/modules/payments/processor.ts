import type { CardInput, ProcessorName } from '@kusina/domain/checkout';

/**
 * What the checkout needs from a payment processor. Money moves in two steps: an authorization
 * (a hold for the server's total) before the order, and a capture inside the order's
 * transaction; a hold that will never become an order is voided.
 *
 * - test: built in, Stripe-style test cards, nothing leaves the server.
 * - stripe: a PaymentIntent with capture_method manual; the browser confirms it with Stripe.js.
 * - paypal: an Orders v2 order with intent AUTHORIZE; the browser approves it with the buttons.
 */
export interface PaymentProcessor {
  readonly name: ProcessorName;
  /** Opens a payment for `amountCents` (the server's total) and returns what the browser needs. */
  begin(input: BeginInput): Promise<BeginResult>;
  /**
   * Gets the hold: the test processor charges the card given here; Stripe and PayPal look at (and
   * for PayPal, perform) the authorization the customer approved in the browser.
   */
  authorize(input: AuthorizeInput): Promise<AuthorizeResult>;
  /** Takes the held money. Throws PaymentDeclinedError when the processor refuses. */
  capture(input: CaptureInput): Promise<{ transactionId: string }>;
  /** Releases a hold that will not be captured. */
  void(input: ProcessorRef): Promise<void>;
  /**
   * Gives captured money back (all of it unless amountCents says less). `idempotencyKey` names this
   * refund (several partial refunds of one payment may have the same amount); the default is per
   * payment and amount.
   */
  refund(input: ProcessorRef & { amountCents: number; idempotencyKey?: string }): Promise<{ refundId: string }>;
}

export interface BeginInput {
  paymentId: string;
  amountCents: number;
  description: string;
}

export interface BeginResult {
  /** Stripe PaymentIntent id or PayPal order id. */
  paymentIntentId: string | null;
  clientSecret?: string;
  paypalOrderId?: string;
  paymentMethod: string;
}

export interface ProcessorRef {
  paymentId: string;
  paymentIntentId: string | null;
  transactionId: string | null;
  cardLast4?: string | null;
}

export interface AuthorizeInput extends ProcessorRef {
  amountCents: number;
  card?: CardInput;
}

export interface CaptureInput extends ProcessorRef {
  amountCents: number;
}

export type AuthorizeResult =
  | { outcome: 'authorized'; transactionId: string; cardBrand?: string | null; cardLast4?: string | null }
  | { outcome: 'declined'; message: string; cardBrand?: string | null; cardLast4?: string | null }
  /** The customer has not finished in the browser yet. */
  | { outcome: 'pending' };

/** The processor said no (a decline, a failed capture). The message is safe to show the customer. */
export class PaymentDeclinedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

/** The processor could not be reached or answered something unexpected. */
export class ProcessorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorUnavailableError';
  }
}
