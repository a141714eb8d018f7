import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuOutput } from '@kusina/domain/menu';
import { api } from '../../../lib/api-client.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';

export function getMenu(restaurantId: number): Promise<MenuOutput> {
  return api.get<MenuOutput>('/menu', { query: { restaurant_id: restaurantId } });
}

/** The whole menu once; categories, search and filters are applied in the browser. */
export function getMenuQueryOptions(restaurantId: number = getRestaurantId()) {
  return queryOptions({
    queryKey: ['menu', restaurantId],
    queryFn: () => getMenu(restaurantId),
    staleTime: 60_000,
  });
}

export function useMenu() {
  return useQuery(getMenuQueryOptions());
}
