import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';

export function getLocationsQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: ['reservations', 'locations', restaurantId],
    queryFn: () => api.get<LocationOutput[]>('/locations', { query: { restaurant_id: restaurantId, is_active: 'true' } }),
  });
}

export function useLocations(restaurantId: number) {
  return useQuery(getLocationsQueryOptions(restaurantId));
}
