import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImpactOutput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import type { Envelope } from './contracts.ts';

export function getOrderImpact(id: number, token: string | null): Promise<ImpactOutput> {
  return api.get<Envelope<{ impact: ImpactOutput }>>(`/wholesale/orders/${id}/impact`, { query: { token } }).then((r) => r.data.impact);
}

export function getOrderImpactQueryOptions(id: number, token: string | null) {
  return queryOptions({ queryKey: ['wholesale', 'orders', 'impact', id, { token }], queryFn: () => getOrderImpact(id, token), retry: false });
}

export function useOrderImpact(id: number, token: string | null) {
  return useQuery({ ...getOrderImpactQueryOptions(id, token), enabled: Number.isInteger(id) && id > 0 });
}
