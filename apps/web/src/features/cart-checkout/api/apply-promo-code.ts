import { useMutation } from '@tanstack/react-query';
import type { PromoApplyOutput } from '@kusina/domain/promotions';
import { api } from '../../../lib/api-client.ts';

export interface ApplyPromoCodeInput {
  restaurant_id?: number;
  code: string;
  /** The current total in dollars (the spec's payload); the answer's newTotal is for display. */
  total: number;
}

export function applyPromoCode(input: ApplyPromoCodeInput): Promise<PromoApplyOutput> {
  return api.post<PromoApplyOutput>('/promo_codes/apply', input);
}

/** Checks the code; the re-priced quote (with promo_code) then carries the server's discount. */
export function useApplyPromoCode() {
  return useMutation({ mutationFn: applyPromoCode });
}
