import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuOutput } from '@kusina/domain/menu';
import { MENU_POLL_MS } from '@kusina/domain/restaurants';
import { useRealtimeStore } from '../stores/realtime-store.ts';
import { api } from './api-client.ts';
import { getRestaurantId } from './restaurant-id.ts';

/*
 * The restaurant's menu (GET /menu): read by the storefront and by the admin's menu tab, refetched
 * on menu_update (app/use-restaurant-realtime.ts) and after the admin's catalog writes.
 */

/** Every menu query (the full menu and the home page's featured part) starts with this key. */
export const menuKey = ['menu'] as const;

function getMenu(restaurantId: number): Promise<MenuOutput> {
  return api.get<MenuOutput>('/menu', { query: { restaurant_id: restaurantId } });
}

/** The whole menu once; categories, search and filters are applied in the browser. */
export function getMenuQueryOptions(restaurantId: number = getRestaurantId()) {
  return queryOptions({
    queryKey: [...menuKey, restaurantId],
    queryFn: () => getMenu(restaurantId),
    staleTime: 60_000,
  });
}

/** The open menu follows menu_update live (app/use-restaurant-realtime.ts); while the live connection is down it polls. */
export function useMenu(restaurantId: number = getRestaurantId()) {
  const fallback = useRealtimeStore((state) => state.fallback);
  return useQuery({ ...getMenuQueryOptions(restaurantId), refetchInterval: fallback ? MENU_POLL_MS : false });
}
