import type { ReactNode } from 'react';
import { Alert } from '../ui/alert.tsx';
import { PayPalPayment, StripeCardPayment, type PaymentGateway, type PayPalPaymentProps, type StripeConfirm } from './live-payment.tsx';
import { TestCardFields, type TestCardValue } from './test-card-fields.tsx';

export type NoCardProcessor = Extract<PaymentGateway, { kind: 'unavailable' | 'invalid' }>;

export interface PaymentStepProps {
  gateway: PaymentGateway;
  /** The restaurant (and with it its processor) is still loading: `loading` shows meanwhile. */
  pending: boolean;
  loading: ReactNode;
  /** The built-in test processor's card fields. */
  card: TestCardValue;
  cardErrors: Partial<Record<keyof TestCardValue, string>>;
  onCardChange(value: TestCardValue): void;
  disabled?: boolean;
  /** Stripe.js's card form hands over its confirm function once mounted. */
  onStripeReady(confirm: StripeConfirm | null): void;
  /** PayPal pays through its own buttons: the checkout's checks, its order and its outcome. */
  payPal: Omit<PayPalPaymentProps, 'clientId'>;
  /** The words when no card processor can take the payment (in test mode without test payments, or a live processor without its key). */
  noProcessorMessage(gateway: NoCardProcessor): string;
}

/**
 * The payment step of a checkout, the storefront's and the fundraiser shop's alike: the test card
 * while the restaurant is in test mode, else Stripe's card form or the PayPal buttons
 * (live-payment.tsx), and the checkout's own words when no processor can take the payment. The
 * checkout keeps its heading, its flow and its messages; this picks the form.
 */
export function PaymentStep({ gateway, pending, loading, card, cardErrors, onCardChange, disabled, onStripeReady, payPal, noProcessorMessage }: PaymentStepProps) {
  if (pending) return <>{loading}</>;
  switch (gateway.kind) {
    case 'test':
      return <TestCardFields value={card} errors={cardErrors} onChange={onCardChange} disabled={disabled} />;
    case 'stripe':
      return <StripeCardPayment publishableKey={gateway.publishableKey} onReady={onStripeReady} />;
    case 'paypal':
      return <PayPalPayment clientId={gateway.clientId} {...payPal} />;
    default:
      return <Alert tone="error">{noProcessorMessage(gateway)}</Alert>;
  }
}
