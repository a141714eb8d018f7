import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { api } from '../../../lib/api-client.ts';
import { merchandiseAdminKey } from './admin-merchandise-key.ts';

export function getAdminMerchandiseItemsQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: [...merchandiseAdminKey, 'items', restaurantId],
    queryFn: () => api.get<MerchandiseItemOutput[]>('/merchandise_items', { query: { restaurant_id: restaurantId, include_stock: true, admin: true, show_all: true } }),
    meta: { userScoped: true },
  });
}

export function useAdminMerchandiseItems(restaurantId: number) {
  return useQuery(getAdminMerchandiseItemsQueryOptions(restaurantId));
}
