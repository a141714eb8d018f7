import { centsToDollars, dollarsToCents } from '@kusina/domain/money';
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

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com, the sandbox, or a local imitation in tests. */
  apiBase: string;
  fetch?: typeof fetch;
}

interface PayPalAmount {
  currency_code: string;
  value: string;
}

interface PayPalAuthorization {
  id: string;
  status: string;
  amount?: PayPalAmount;
}

interface PayPalOrder {
  id: string;
  status: string;
  purchase_units?: { custom_id?: string; amount?: PayPalAmount; payments?: { authorizations?: PayPalAuthorization[] } }[];
}

/** PayPal wants a decimal string: 12.5 → "12.50". */
export function paypalValue(cents: number): string {
  return centsToDollars(cents).toFixed(2);
}

/**
 * Orders v2 over HTTPS: begin creates an order with intent AUTHORIZE for the server's total; the
 * browser's buttons get the payer's approval; authorize turns the approved order into an
 * authorization (checked against the amount); capture, void and refund act on it.
 * Writes carry PayPal-Request-Id so retries do not repeat them.
 */
export function createPayPalProcessor(options: PayPalOptions): PaymentProcessor {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiBase.replace(/\/$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const response = await doFetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(20_000),
    }).catch((error: unknown) => {
      throw new ProcessorUnavailableError('PayPal is not reachable', { cause: error });
    });
    if (!response.ok) throw new ProcessorUnavailableError(`PayPal token request failed (${response.status})`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new ProcessorUnavailableError('PayPal returned no access token');
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 300) * 1000 };
    return token.value;
  }

  async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<{ status: number; body: T }> {
    const response = await doFetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    }).catch((error: unknown) => {
      throw new ProcessorUnavailableError('PayPal is not reachable', { cause: error });
    });
    const text = await response.text();
    const parsed = (text ? JSON.parse(text) : {}) as T & { message?: string; details?: { issue?: string; description?: string }[] };
    if (response.status === 422) {
      // UNPROCESSABLE_ENTITY: the instrument was declined, the order not approved, and the like.
      const detail = parsed.details?.[0];
      throw new PaymentDeclinedError(detail?.description ?? parsed.message ?? 'PayPal declined the payment.');
    }
    if (!response.ok) throw new ProcessorUnavailableError(`PayPal ${method} ${path} failed (${response.status})`);
    return { status: response.status, body: parsed };
  }

  const orderId = (ref: ProcessorRef): string => {
    if (!ref.paymentIntentId) throw new ProcessorUnavailableError('PayPal payment has no order id');
    return ref.paymentIntentId;
  };
  const authorizationId = (ref: ProcessorRef): string => {
    if (!ref.transactionId) throw new ProcessorUnavailableError('PayPal payment has no authorization');
    return ref.transactionId;
  };

  function authorizationOf(order: PayPalOrder, input: AuthorizeInput): AuthorizeResult {
    const unit = order.purchase_units?.[0];
    if (unit?.custom_id !== undefined && unit.custom_id !== input.paymentId) {
      throw new ProcessorUnavailableError('PayPal order belongs to another payment');
    }
    const authorization = unit?.payments?.authorizations?.[0];
    if (!authorization) return { outcome: 'pending' };
    if (authorization.status !== 'CREATED' && authorization.status !== 'PENDING') {
      return { outcome: 'declined', message: `The PayPal authorization is ${authorization.status.toLowerCase()}.` };
    }
    const amount = authorization.amount;
    if (!amount || amount.currency_code !== 'USD' || dollarsToCents(amount.value) !== input.amountCents) {
      return { outcome: 'declined', message: 'The authorized amount does not match the order total.' };
    }
    return { outcome: 'authorized', transactionId: authorization.id };
  }

  return {
    name: 'paypal',

    async begin(input: BeginInput): Promise<BeginResult> {
      const { body } = await api<PayPalOrder>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'AUTHORIZE',
          purchase_units: [
            {
              reference_id: input.paymentId,
              custom_id: input.paymentId,
              description: input.description.slice(0, 127),
              amount: { currency_code: 'USD', value: paypalValue(input.amountCents) },
            },
          ],
        },
        `kusina-order-${input.paymentId}`,
      );
      if (!body.id) throw new ProcessorUnavailableError('PayPal returned no order id');
      return { paymentIntentId: body.id, paypalOrderId: body.id, paymentMethod: 'paypal' };
    },

    async authorize(input: AuthorizeInput): Promise<AuthorizeResult> {
      const { body: order } = await api<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId(input))}`);
      if (order.status === 'COMPLETED') return authorizationOf(order, input);
      if (order.status !== 'APPROVED') return order.status === 'VOIDED' ? { outcome: 'declined', message: 'The PayPal order was voided.' } : { outcome: 'pending' };
      const { body: authorized } = await api<PayPalOrder>(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(orderId(input))}/authorize`,
        {},
        `kusina-authorize-${input.paymentId}`,
      );
      return authorizationOf(authorized, input);
    },

    async capture(input: CaptureInput) {
      const { body } = await api<{ id: string; status: string }>(
        'POST',
        `/v2/payments/authorizations/${encodeURIComponent(authorizationId(input))}/capture`,
        { amount: { currency_code: 'USD', value: paypalValue(input.amountCents) }, final_capture: true },
        `kusina-capture-${input.paymentId}`,
      );
      if (body.status !== 'COMPLETED' && body.status !== 'PENDING') throw new PaymentDeclinedError('PayPal could not capture the payment.');
      return { transactionId: body.id };
    },

    async void(input: ProcessorRef) {
      await api('POST', `/v2/payments/authorizations/${encodeURIComponent(authorizationId(input))}/void`, undefined, `kusina-void-${input.paymentId}`);
    },

    async refund(input) {
      const { body } = await api<{ id: string }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(authorizationId(input))}/refund`,
        { amount: { currency_code: 'USD', value: paypalValue(input.amountCents) } },
        input.idempotencyKey ?? `kusina-refund-${input.paymentId}-${input.amountCents}`,
      );
      return { refundId: body.id };
    },
  };
}
