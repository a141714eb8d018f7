import type { CardInput } from '@kusina/domain/checkout';
import { api } from '../../../lib/api-client.ts';

/** Pays a test-mode payment with a card (the shared payments endpoint). */
export function confirmTestPayment(paymentId: string, card: CardInput): Promise<unknown> {
  return api.post(`/payments/${paymentId}/confirm`, { card });
}
