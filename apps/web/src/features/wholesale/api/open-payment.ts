import type { PaymentCreateOutput } from '@kusina/domain/checkout';
import { api } from '../../../lib/api-client.ts';
import type { WholesaleCartLine } from '../../../stores/wholesale-cart-store.ts';
import type { Envelope } from './contracts.ts';
import { toCartItems } from './validate-cart.ts';

/**
 * Opens a payment for the server's total of the cart with the restaurant's processor (409 with
 * issues when the cart changed): Stripe answers a client secret, PayPal an order id.
 */
export function openPayment(fundraiserId: number, lines: readonly WholesaleCartLine[], extras: DonationExtras = {}): Promise<PaymentCreateOutput> {
  return api.post<Envelope<PaymentCreateOutput>>('/wholesale/payments', { fundraiser_id: fundraiserId, cart_items: toCartItems(lines), ...donationBody(extras) }).then((r) => r.data);
}

/** A donation and the round-up ask (decision 0120): the server computes the round-up and the total. */
export interface DonationExtras {
  donationCents?: number | undefined;
  roundUp?: boolean | undefined;
}

export function donationBody(extras: DonationExtras): { donation_cents?: number; round_up?: boolean } {
  return { ...(extras.donationCents ? { donation_cents: extras.donationCents } : {}), ...(extras.roundUp ? { round_up: true } : {}) };
}
