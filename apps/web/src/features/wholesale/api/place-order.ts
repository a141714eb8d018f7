import type { CheckoutCustomerInput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import type { WholesaleCartLine } from '../../../stores/wholesale-cart-store.ts';
import type { Envelope, Order } from './contracts.ts';
import { donationBody, type DonationExtras } from './open-payment.ts';
import { toCartItems } from './validate-cart.ts';

export function createOrder(input: { fundraiserId: number; lines: readonly WholesaleCartLine[]; order: CheckoutCustomerInput; paymentId: string; idempotencyKey: string; extras?: DonationExtras }): Promise<Order> {
  return api
    .post<Envelope<{ order: Order }>>(
      '/wholesale/orders',
      { order: input.order, fundraiser_id: input.fundraiserId, cart_items: toCartItems(input.lines), payment_id: input.paymentId, ...donationBody(input.extras ?? {}) },
      { headers: { 'Idempotency-Key': input.idempotencyKey } },
    )
    .then((r) => r.data.order);
}
