import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local imitations of the few Stripe and PayPal endpoints the processors call, for tests. They
 * listen on 127.0.0.1 only, keep their state in memory and record every request.
 */

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Fake {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

async function listen(handler: (request: RecordedRequest, response: ServerResponse) => void): Promise<Fake> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const recorded = { method: request.method ?? 'GET', path: (request.url ?? '/').split('?')[0] ?? '/', headers: request.headers, body };
      requests.push(recorded);
      try {
        handler(recorded, response);
      } catch (error) {
        send(response, 500, { error: { message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- Stripe ------------------------------------------------------------------------------

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string; type: string } | null;
}

export interface FakeStripe extends Fake {
  intents: Map<string, FakeIntent>;
  /** What Stripe.js does in the browser: the card is authorized (or declined). */
  confirm(id: string, outcome?: 'authorized' | 'declined'): void;
  declineCaptures: boolean;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, FakeIntent>();
  let counter = 0;
  const state = { declineCaptures: false };
  const fake = await listen((request, response) => {
    if (request.headers.authorization !== 'Bearer sk_test_fake') return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
    const form = new URLSearchParams(request.body);
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(request.path);
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      const key = String(request.headers['idempotency-key'] ?? '');
      const existing = byIdempotencyKey.get(key);
      if (existing) return send(response, 200, existing);
      const id = `pi_fake_${++counter}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_capturable: 0,
        amount_received: 0,
        currency: form.get('currency') ?? 'usd',
        capture_method: form.get('capture_method') ?? 'automatic',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_fake`,
        metadata: { payment_id: form.get('metadata[payment_id]') ?? '' },
        last_payment_error: null,
      };
      intents.set(id, intent);
      byIdempotencyKey.set(key, intent);
      return send(response, 200, intent);
    }
    if (intentMatch) {
      const intent = intents.get(intentMatch[1] ?? '');
      if (!intent) return send(response, 404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      const action = intentMatch[2];
      if (request.method === 'GET' && !action) return send(response, 200, intent);
      if (action === 'capture') {
        if (intent.status !== 'requires_capture') {
          return send(response, 400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent could not be captured.' } });
        }
        if (state.declineCaptures) return send(response, 402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
        const amount = Number(form.get('amount_to_capture') ?? intent.amount);
        Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
        return send(response, 200, intent);
      }
      if (action === 'cancel') {
        Object.assign(intent, { status: 'canceled', amount_capturable: 0 });
        return send(response, 200, intent);
      }
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      return send(response, 200, { id: `re_fake_${++counter}`, object: 'refund', amount: Number(form.get('amount')), payment_intent: form.get('payment_intent'), status: 'succeeded' });
    }
    return send(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.path})` } });
  });
  return Object.assign(state, fake, {
    intents,
    confirm(id: string, outcome: 'authorized' | 'declined' = 'authorized') {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      if (outcome === 'authorized') Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount, last_payment_error: null });
      else Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', message: 'Your card was declined.' } });
    },
  });
}

// ---- PayPal ------------------------------------------------------------------------------

interface FakeOrder {
  id: string;
  intent: string;
  status: string;
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    amount: { currency_code: string; value: string };
    payments?: { authorizations?: { id: string; status: string; amount: { currency_code: string; value: string } }[] };
  }[];
}

export interface FakePayPal extends Fake {
  orders: Map<string, FakeOrder>;
  /** What the PayPal buttons do in the browser: the payer approves the order. */
  approve(id: string): void;
  declineCaptures: boolean;
  captures: Map<string, { authorizationId: string; value: string }>;
  voided: Set<string>;
}

export const PAYPAL_CLIENT = { id: 'client-fake', secret: 'secret-fake' };

export async function startFakePayPal(): Promise<FakePayPal> {
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, { authorizationId: string; value: string }>();
  const voided = new Set<string>();
  const state = { declineCaptures: false };
  let counter = 0;
  const expectedBasic = `Basic ${Buffer.from(`${PAYPAL_CLIENT.id}:${PAYPAL_CLIENT.secret}`).toString('base64')}`;
  const fake = await listen((request, response) => {
    if (request.path === '/v1/oauth2/token') {
      if (request.headers.authorization !== expectedBasic || request.body !== 'grant_type=client_credentials') return send(response, 401, { error: 'invalid_client' });
      return send(response, 200, { access_token: 'A21-fake-token', token_type: 'Bearer', expires_in: 32400 });
    }
    if (request.headers.authorization !== 'Bearer A21-fake-token') return send(response, 401, { name: 'AUTHENTICATION_FAILURE' });
    const json = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
      const id = `PPORDER${++counter}`;
      const order: FakeOrder = { id, intent: String(json.intent), status: 'CREATED', purchase_units: json.purchase_units as FakeOrder['purchase_units'] };
      orders.set(id, order);
      return send(response, 201, order);
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/authorize)?$/.exec(request.path);
    if (orderMatch) {
      const order = orders.get(orderMatch[1] ?? '');
      if (!order) return send(response, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (request.method === 'GET') return send(response, 200, order);
      if (order.status !== 'APPROVED') {
        return send(response, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED', description: 'Payer has not yet approved the Order for payment.' }] });
      }
      const unit = order.purchase_units[0]!;
      unit.payments = { authorizations: [{ id: `AUTH${++counter}`, status: 'CREATED', amount: unit.amount }] };
      order.status = 'COMPLETED';
      return send(response, 201, order);
    }
    const authMatch = /^\/v2\/payments\/authorizations\/([^/]+)\/(capture|void)$/.exec(request.path);
    if (authMatch) {
      const authorizationId = authMatch[1] ?? '';
      if (authMatch[2] === 'void') {
        voided.add(authorizationId);
        response.writeHead(204);
        return response.end();
      }
      if (state.declineCaptures) return send(response, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }] });
      const id = `CAPTURE${++counter}`;
      captures.set(id, { authorizationId, value: String((json.amount as { value?: string } | undefined)?.value) });
      return send(response, 201, { id, status: 'COMPLETED' });
    }
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(request.path);
    if (refundMatch) return send(response, 201, { id: `REFUND${++counter}`, status: 'COMPLETED' });
    return send(response, 404, { name: 'RESOURCE_NOT_FOUND' });
  });
  return Object.assign(state, fake, {
    orders,
    captures,
    voided,
    approve(id: string) {
      const order = orders.get(id);
      if (!order) throw new Error(`no order ${id}`);
      order.status = 'APPROVED';
    },
  });
}
