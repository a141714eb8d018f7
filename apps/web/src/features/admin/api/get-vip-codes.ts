import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VipCodeOutput } from '@kusina/domain/promotions';
import { api } from '../../../lib/api-client.ts';

/** GET /vip_codes (admins): the restaurant's VIP access codes with their uses, newest first. */
export function getVipCodes(): Promise<VipCodeOutput[]> {
  return api.get<VipCodeOutput[]>('/vip_codes');
}

export const vipCodesKey = ['admin', 'vip-codes'] as const;

export function getVipCodesQueryOptions() {
  return queryOptions({ queryKey: vipCodesKey, queryFn: getVipCodes, meta: { userScoped: true } });
}

export function useVipCodes() {
  return useQuery(getVipCodesQueryOptions());
}
