import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VipCodeUseOutput } from '@kusina/domain/promotions';
import { api } from '../../../lib/api-client.ts';

/** GET /vip_codes/:id/uses (admins): the orders placed with the code, newest first. */
export function getVipCodeUses(id: number): Promise<VipCodeUseOutput[]> {
  return api.get<VipCodeUseOutput[]>(`/vip_codes/${id}/uses`);
}

export function getVipCodeUsesQueryOptions(id: number) {
  return queryOptions({ queryKey: ['admin', 'vip-codes', id, 'uses'], queryFn: () => getVipCodeUses(id), meta: { userScoped: true } });
}

export function useVipCodeUses(id: number, enabled: boolean) {
  return useQuery({ ...getVipCodeUsesQueryOptions(id), enabled });
}
