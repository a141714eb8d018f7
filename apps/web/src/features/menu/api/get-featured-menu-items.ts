import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuOutput } from '@kusina/domain/menu';
import { api } from '../../../lib/api-client.ts';
import { menuKey } from '../../../lib/menu.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';

/** The home page's Popular Items: only the featured part of the menu. */
export function getFeaturedMenuItems(restaurantId: number): Promise<MenuOutput> {
  return api.get<MenuOutput>('/menu', { query: { restaurant_id: restaurantId, featured: true } });
}

export function getFeaturedMenuItemsQueryOptions(restaurantId: number = getRestaurantId()) {
  return queryOptions({
    queryKey: [...menuKey, restaurantId, { featured: true }],
    queryFn: () => getFeaturedMenuItems(restaurantId),
    staleTime: 60_000,
  });
}

export function useFeaturedMenuItems() {
  return useQuery(getFeaturedMenuItemsQueryOptions());
}
