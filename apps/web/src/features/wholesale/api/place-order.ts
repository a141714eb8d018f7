import type { CardInput, PaymentCreateOutput } from '@kusina/domain/checkout';
import type { CheckoutCustomerInput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import type { WholesaleCartLine } from '../../../stores/wholesale-cart-store.ts';
import type { Envelope, Order } from './contracts.ts';
import { toCartItems } from './validate-cart.ts';

/**
 * Opens a payment for the server's total of the cart with the restaurant's processor (409 with
 * issues when the cart changed): Stripe answers a client secret, PayPal an order id.
 */
export function openPayment(fundraiserId: number, lines: readonly WholesaleCartLine[]): Promise<PaymentCreateOutput> {
  return api.post<Envelope<PaymentCreateOutput>>('/wholesale/payments', { fundraiser_id: fundraiserId, cart_items: toCartItems(lines) }).then((r) => r.data);
}

/** Pays a test-mode payment with a card (the shared payments endpoint). */
export function confirmTestPayment(paymentId: string, card: CardInput): Promise<unknown> {
  return api.post(`/payments/${paymentId}/confirm`, { card });
}

export function createOrder(input: { fundraiserId: number; lines: readonly WholesaleCartLine[]; order: CheckoutCustomerInput; paymentId: string; idempotencyKey: string }): Promise<Order> {
  return api
    .post<Envelope<{ order: Order }>>(
      '/wholesale/orders',
      { order: input.order, fundraiser_id: input.fundraiserId, cart_items: toCartItems(input.lines), payment_id: input.paymentId },
      { headers: { 'Idempotency-Key': input.idempotencyKey } },
    )
    .then((r) => r.data.order);
}
