import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderingStatusOutput } from '@kusina/domain/checkout';
import { api } from '../../../lib/api-client.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';

export function getOrderingStatusQueryOptions(restaurantId: number = getRestaurantId()) {
  return queryOptions({
    queryKey: ['ordering-status', restaurantId],
    queryFn: () => api.get<OrderingStatusOutput>(`/restaurants/${restaurantId}/ordering_status`),
    staleTime: 60_000,
  });
}

/** Open or closed for ordering now (issue #23); refreshed every minute while shown. */
export function useOrderingStatus(restaurantId: number = getRestaurantId()) {
  return useQuery({ ...getOrderingStatusQueryOptions(restaurantId), refetchInterval: 60_000 });
}
