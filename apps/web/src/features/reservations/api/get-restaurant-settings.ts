import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RestaurantOutput } from '@kusina/domain/restaurants';
import { api } from '../../../lib/api-client.ts';
import { settingsKey } from './settings-key.ts';

export function getRestaurantSettingsQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: [...settingsKey, 'restaurant', restaurantId],
    queryFn: () => api.get<RestaurantOutput>(`/restaurants/${restaurantId}`, { query: { include_settings: true } }),
    meta: { userScoped: true },
  });
}

export const useRestaurantSettings = (restaurantId: number) => useQuery(getRestaurantSettingsQueryOptions(restaurantId));
