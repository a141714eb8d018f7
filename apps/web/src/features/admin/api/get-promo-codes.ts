import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoCodeOutput } from '@kusina/domain/promotions';
import { api } from '../../../lib/api-client.ts';

/** GET /promo_codes (admins): every code with its uses, remaining uses and status by the server's clock. */
export function getPromoCodes(): Promise<PromoCodeOutput[]> {
  return api.get<PromoCodeOutput[]>('/promo_codes');
}

export const promoCodesKey = ['admin', 'promo-codes'] as const;

export function getPromoCodesQueryOptions() {
  return queryOptions({ queryKey: promoCodesKey, queryFn: getPromoCodes, meta: { userScoped: true } });
}

export function usePromoCodes() {
  return useQuery(getPromoCodesQueryOptions());
}
