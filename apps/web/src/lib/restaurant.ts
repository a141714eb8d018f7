import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RestaurantOutput, SiteSettingsOutput } from '@kusina/domain/restaurants';
import { api } from './api-client.ts';
import { getRestaurantId } from './restaurant-id.ts';
import { useRealtimeStore } from '../stores/realtime-store.ts';

/** While the realtime connection is down, the restaurant record is polled this often. */
const RESTAURANT_POLL_MS = 60_000;

function getRestaurant(id: number): Promise<RestaurantOutput> {
  return api.get<RestaurantOutput>(`/restaurants/${id}`, { query: { include_settings: true } });
}

export function getRestaurantQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['restaurants', id, { include_settings: true }],
    queryFn: () => getRestaurant(id),
    staleTime: 5 * 60_000,
  });
}

/** The storefront's restaurant (header, footer, theme, checkout); polls when realtime is down. */
export function useRestaurant() {
  const fallback = useRealtimeStore((state) => state.fallback);
  return useQuery({
    ...getRestaurantQueryOptions(getRestaurantId()),
    refetchInterval: fallback ? RESTAURANT_POLL_MS : false,
  });
}

function getSiteSettings(restaurantId: number): Promise<SiteSettingsOutput> {
  return api.get<SiteSettingsOutput>('/admin/site_settings', { query: { restaurant_id: restaurantId } });
}

export function getSiteSettingsQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: ['site-settings', restaurantId],
    queryFn: () => getSiteSettings(restaurantId),
    staleTime: 10 * 60_000,
  });
}

export function useSiteSettings() {
  return useQuery(getSiteSettingsQueryOptions(getRestaurantId()));
}
