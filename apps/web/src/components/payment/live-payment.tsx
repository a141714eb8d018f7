import { useEffect, useRef, useState } from 'react';
import type { AdminSettings } from '@kusina/domain/restaurants';
import { useScript } from '../../lib/load-script.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';

/*
 * Live gateways, used only when the restaurant's payment_gateway.test_mode is explicitly false
 * (backoffice-reservations.md §5 Payment scripts). Secret keys stay on the server: the browser
 * gets a publishable key / client id from the restaurant settings, and the PaymentIntent client
 * secret or PayPal order id from POST /payments, whose amount the server computed.
 */

export const PaymentScriptText = {
  scriptFailed: (url: string) => `Failed to load script: ${url}`,
  invalidProcessor: (processor: string) => `Invalid payment processor or missing configuration: ${processor}`,
} as const;

/**
 * The card form a checkout shows (the storefront's and the fundraiser shop's): the built-in test
 * processor unless test_mode is explicitly false, else Stripe or PayPal when its browser key is
 * set; 'invalid' when the live processor has no key (no card processor is configured);
 * 'unavailable' when the restaurant is in test mode but the server takes no test payments
 * (ALLOW_TEST_PAYMENTS off: the restaurant's test_payments_allowed is false, decision 0086).
 */
export type PaymentGateway =
  | { kind: 'test' }
  | { kind: 'unavailable' }
  | { kind: 'stripe'; publishableKey: string }
  | { kind: 'paypal'; clientId: string }
  | { kind: 'invalid'; processor: string };

export function paymentGatewayOf(settings: AdminSettings['payment_gateway'] | null | undefined, testPaymentsAllowed: boolean | undefined = true): PaymentGateway {
  if (settings?.test_mode !== false) return testPaymentsAllowed === false ? { kind: 'unavailable' } : { kind: 'test' };
  const processor = settings.payment_processor ?? 'paypal';
  if (processor === 'stripe' && settings.publishable_key) return { kind: 'stripe', publishableKey: settings.publishable_key };
  if (processor === 'paypal' && settings.client_id) return { kind: 'paypal', clientId: settings.client_id };
  return { kind: 'invalid', processor };
}

const STRIPE_SCRIPT_URL = 'https://js.stripe.com/v3/';

function payPalScriptUrl(clientId: string): string {
  return `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&currency=USD&components=buttons,card-fields`;
}

interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}

interface StripeInstance {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details?: Record<string, string> } },
  ): Promise<{ error?: { message?: string }; paymentIntent?: { id: string; status: string } }>;
}

interface PayPalButtons {
  render(target: HTMLElement): Promise<void>;
  close(): Promise<void>;
}

interface PayPalNamespace {
  Buttons(options: {
    style?: Record<string, string>;
    onClick?(data: unknown, actions: { resolve(): Promise<void>; reject(): Promise<void> }): Promise<void> | void;
    createOrder(): Promise<string>;
    onApprove(): Promise<void>;
    onError?(error: unknown): void;
  }): PayPalButtons;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeInstance;
    paypal?: PayPalNamespace;
  }
}

/** Confirms a card payment with Stripe.js; resolves, or rejects with the processor's message. */
export type StripeConfirm = (clientSecret: string, billing: Record<string, string>) => Promise<void>;

function ScriptState({ status, url, onRetry }: { status: string; url: string; onRetry(): void }) {
  if (status === 'error') {
    return (
      <Alert tone="error">
        <p>{PaymentScriptText.scriptFailed(url)}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <Spinner label="Loading secure payment form…" />;
}

export function StripeCardPayment({ publishableKey, onReady }: { publishableKey: string; onReady(confirm: StripeConfirm | null): void }) {
  const [attempt, setAttempt] = useState(0);
  const status = useScript(STRIPE_SCRIPT_URL, attempt);
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (status !== 'loaded' || !window.Stripe || !holder.current) return;
    const stripe = window.Stripe(publishableKey);
    const card = stripe.elements().create('card', { hidePostalCode: true });
    card.mount(holder.current);
    onReady(async (clientSecret, billing) => {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: billing } });
      if (result.error) throw new Error(result.error.message ?? 'The payment was not completed.');
    });
    return () => {
      onReady(null);
      card.destroy();
    };
  }, [status, publishableKey, onReady]);

  return (
    <div className="space-y-3">
      {status !== 'loaded' ? <ScriptState status={status} url={STRIPE_SCRIPT_URL} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      <div>
        <p id="stripe-card-label" className="mb-1.5 text-sm font-semibold">
          Card details
        </p>
        <div ref={holder} role="group" aria-labelledby="stripe-card-label" className="min-h-11 rounded-lg border border-line-strong bg-surface px-3 py-3" />
      </div>
    </div>
  );
}

export interface PayPalPaymentProps {
  clientId: string;
  /** Validates the form; false stops PayPal from opening. */
  canStart(): Promise<boolean>;
  /** Creates the server payment and returns its PayPal order id. */
  createOrder(): Promise<string>;
  /** The buyer approved: place the order. */
  onApproved(): Promise<void>;
  onError(message: string): void;
}

export function PayPalPayment({ clientId, canStart, createOrder, onApproved, onError }: PayPalPaymentProps) {
  const [attempt, setAttempt] = useState(0);
  const url = payPalScriptUrl(clientId);
  const status = useScript(url, attempt);
  const holder = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ canStart, createOrder, onApproved, onError });

  useEffect(() => {
    callbacks.current = { canStart, createOrder, onApproved, onError };
  });

  useEffect(() => {
    if (status !== 'loaded' || !window.paypal || !holder.current) return;
    const buttons = window.paypal.Buttons({
      style: { layout: 'vertical', shape: 'rect', label: 'pay' },
      onClick: async (_data, actions) => ((await callbacks.current.canStart()) ? actions.resolve() : actions.reject()),
      createOrder: () => callbacks.current.createOrder(),
      onApprove: () => callbacks.current.onApproved(),
      onError: (error) => callbacks.current.onError(error instanceof Error ? error.message : 'The payment was not completed.'),
    });
    void buttons.render(holder.current);
    return () => void buttons.close();
  }, [status]);

  return (
    <div className="space-y-3">
      {status !== 'loaded' ? <ScriptState status={status} url={url} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      <div ref={holder} />
    </div>
  );
}
