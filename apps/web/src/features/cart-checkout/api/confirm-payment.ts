import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PaymentConfirmOutput, TestCardInput } from '../../../lib/checkout-contracts.ts';

export interface ConfirmPaymentInput {
  paymentId: string;
  /** Test processor only; live processors confirm in their own script and the server verifies. */
  card?: TestCardInput;
}

export function confirmPayment({ paymentId, card }: ConfirmPaymentInput): Promise<PaymentConfirmOutput> {
  return api.post<PaymentConfirmOutput>(`/payments/${paymentId}/confirm`, card ? { card } : {});
}

export function useConfirmPayment() {
  return useMutation({ mutationFn: confirmPayment });
}
