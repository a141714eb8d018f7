import Stripe from 'stripe';
import {
  PaymentDeclinedError,
  ProcessorUnavailableError,
  type AuthorizeInput,
  type AuthorizeResult,
  type BeginInput,
  type BeginResult,
  type CaptureInput,
  type PaymentProcessor,
  type ProcessorRef,
} from './processor.ts';

export interface StripeOptions {
  secretKey: string;
  /** Another API address (stripe-mock, tests), e.g. http://127.0.0.1:12111. */
  apiBase?: string | undefined;
}

function createStripeClient(options: StripeOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? '443' : '80'),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return error instanceof Stripe.errors.StripeCardError;
}

/** Stripe's answer to a call: a card error becomes a decline, anything else "not reachable". */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isCardError(error)) throw new PaymentDeclinedError(error.message);
    throw new ProcessorUnavailableError(`Stripe ${what} failed`, { cause: error });
  }
}

/**
 * PaymentIntents with capture_method manual: begin creates the intent for the server's total and
 * hands the browser its client secret; Stripe.js confirms the card; authorize reads the intent and
 * accepts it only in requires_capture for exactly the amount; capture and cancel follow.
 * Every write carries an idempotency key derived from our payment id, so retries are safe.
 */
export function createStripeProcessor(options: StripeOptions): PaymentProcessor {
  const stripe = createStripeClient(options);
  const intentId = (ref: ProcessorRef): string => {
    if (!ref.paymentIntentId) throw new ProcessorUnavailableError('Stripe payment has no PaymentIntent');
    return ref.paymentIntentId;
  };

  return {
    name: 'stripe',

    async begin(input: BeginInput): Promise<BeginResult> {
      const intent = await call('create', () =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            capture_method: 'manual',
            // Cards confirmed in the page by Stripe.js; no redirecting methods, so nothing can
            // complete after the customer has left the checkout.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: input.description,
            metadata: { payment_id: input.paymentId },
          },
          { idempotencyKey: `kusina-payment-${input.paymentId}` },
        ),
      );
      if (!intent.client_secret) throw new ProcessorUnavailableError('Stripe returned no client secret');
      return { paymentIntentId: intent.id, clientSecret: intent.client_secret, paymentMethod: 'credit_card' };
    },

    async authorize(input: AuthorizeInput): Promise<AuthorizeResult> {
      const intent = await call('retrieve', () => stripe.paymentIntents.retrieve(intentId(input)));
      if (intent.metadata?.payment_id !== input.paymentId) {
        throw new ProcessorUnavailableError('PaymentIntent belongs to another payment');
      }
      switch (intent.status) {
        case 'requires_capture':
          if (intent.amount !== input.amountCents || intent.amount_capturable !== input.amountCents || intent.currency !== 'usd') {
            return { outcome: 'declined', message: 'The authorized amount does not match the order total.' };
          }
          return { outcome: 'authorized', transactionId: intent.id };
        case 'canceled':
          return { outcome: 'declined', message: 'The payment was canceled.' };
        case 'requires_payment_method':
          return intent.last_payment_error
            ? { outcome: 'declined', message: intent.last_payment_error.message ?? 'Your card was declined.' }
            : { outcome: 'pending' };
        default:
          return { outcome: 'pending' };
      }
    },

    async capture(input: CaptureInput) {
      const intent = await call('capture', () =>
        stripe.paymentIntents.capture(
          intentId(input),
          { amount_to_capture: input.amountCents },
          { idempotencyKey: `kusina-capture-${input.paymentId}` },
        ),
      );
      if (intent.status !== 'succeeded') throw new PaymentDeclinedError('The payment could not be captured.');
      return { transactionId: intent.id };
    },

    async void(input: ProcessorRef) {
      await call('cancel', () => stripe.paymentIntents.cancel(intentId(input), {}, { idempotencyKey: `kusina-void-${input.paymentId}` }));
    },

    async refund(input) {
      const refund = await call('refund', () =>
        stripe.refunds.create(
          { payment_intent: intentId(input), amount: input.amountCents },
          { idempotencyKey: input.idempotencyKey ?? `kusina-refund-${input.paymentId}-${input.amountCents}` },
        ),
      );
      return { refundId: refund.id };
    },
  };
}
