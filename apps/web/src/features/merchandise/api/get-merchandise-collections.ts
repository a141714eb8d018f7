import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchandiseCollectionOutput } from '@kusina/domain/merchandise';
import { api } from '../../../lib/api-client.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';

/** The active collections; the first active one is marked current (the shop opens on it). */
export function getMerchandiseCollections(restaurantId: number): Promise<MerchandiseCollectionOutput[]> {
  return api.get<MerchandiseCollectionOutput[]>('/merchandise_collections', { query: { restaurant_id: restaurantId } });
}

export function getMerchandiseCollectionsQueryOptions(restaurantId: number = getRestaurantId()) {
  return queryOptions({
    queryKey: ['merchandise', 'collections', restaurantId],
    queryFn: () => getMerchandiseCollections(restaurantId),
    staleTime: 5 * 60_000,
  });
}

export function useMerchandiseCollections() {
  return useQuery(getMerchandiseCollectionsQueryOptions());
}
