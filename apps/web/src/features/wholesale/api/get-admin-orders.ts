import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderOutput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, wholesaleAdminKey } from './admin-request.ts';

export interface AdminOrderFilters {
  fundraiser_id?: number;
  participant_id?: string;
  status?: string;
}

export function getAdminOrdersQueryOptions(filters: AdminOrderFilters) {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'orders', filters],
    queryFn: () => api.get<Envelope<{ orders: OrderOutput[] }>>(`${base}/orders`, { query: { ...filters } }).then((r) => r.data.orders),
    meta: { userScoped: true },
  });
}

export const useAdminWholesaleOrders = (filters: AdminOrderFilters) => useQuery(getAdminOrdersQueryOptions(filters));
