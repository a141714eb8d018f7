import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchandiseCollectionOutput } from '@kusina/domain/merchandise';
import { api } from '../../../lib/api-client.ts';
import { merchandiseAdminKey } from './admin-merchandise-key.ts';

export function getAdminMerchandiseCollectionsQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: [...merchandiseAdminKey, 'collections', restaurantId],
    queryFn: () => api.get<MerchandiseCollectionOutput[]>('/merchandise_collections', { query: { restaurant_id: restaurantId, show_all: true } }),
    meta: { userScoped: true },
  });
}

export function useAdminMerchandiseCollections(restaurantId: number) {
  return useQuery(getAdminMerchandiseCollectionsQueryOptions(restaurantId));
}
