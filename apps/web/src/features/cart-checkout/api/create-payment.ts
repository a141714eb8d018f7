import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { CheckoutLineInput, PaymentCreateOutput } from '../../../lib/checkout-contracts.ts';

export interface CreatePaymentInput {
  restaurant_id?: number;
  items: CheckoutLineInput[];
  promo_code?: string;
  vip_code?: string;
  /** Staff orders only: the payment's amount is the total after this staff discount. */
  staff_discount_id?: number;
}

/** The server computes the amount from the cart; the browser never says how much to charge. */
export function createPayment(input: CreatePaymentInput): Promise<PaymentCreateOutput> {
  return api.post<PaymentCreateOutput>('/payments', input);
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
