import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RestaurantScheduleOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';

export function useRestaurantSchedule(restaurantId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['reservations', 'schedule', restaurantId],
      queryFn: () => api.get<RestaurantScheduleOutput>(`/public/restaurant_schedule/${restaurantId}`),
    }),
  );
}
