import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuOutput } from '@kusina/domain/menu';
import { MENU_POLL_MS } from '@kusina/domain/restaurants';
import { useRealtimeStore } from '../../../stores/realtime-store.ts';
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

/** The open menu follows menu_update live (app/use-restaurant-realtime.ts); while the live connection is down it polls. */
export function useMenu() {
  const fallback = useRealtimeStore((state) => state.fallback);
  return useQuery({ ...getMenuQueryOptions(), refetchInterval: fallback ? MENU_POLL_MS : false });
}
