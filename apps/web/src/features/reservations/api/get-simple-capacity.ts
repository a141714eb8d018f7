import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimpleCapacityOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';

export function useSimpleCapacity(restaurantId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['reservations', 'simple-capacity', restaurantId],
      queryFn: () => api.get<SimpleCapacityOutput>('/availability/simple_capacity', { query: { restaurant_id: restaurantId } }),
    }),
  );
}
