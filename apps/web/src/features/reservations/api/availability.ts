import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityOutput, LocationOutput, RestaurantScheduleOutput, SimpleCapacityOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';

/* GET /availability, /availability/simple_capacity, /public/restaurant_schedule/{id}, /locations (backoffice §7). */

export interface AvailabilityParams {
  restaurantId: number;
  date: string;
  partySize: number;
  locationId?: number | null;
  durationMinutes?: number;
  /** Staff editing a reservation: leave its own seats out. */
  excludeReservationId?: number;
}

export function getAvailabilityQueryOptions(params: AvailabilityParams) {
  return queryOptions({
    queryKey: ['reservations', 'availability', params],
    queryFn: () =>
      api.get<AvailabilityOutput>('/availability', {
        query: { restaurant_id: params.restaurantId, date: params.date, party_size: params.partySize, location_id: params.locationId ?? undefined, duration_minutes: params.durationMinutes, exclude_reservation_id: params.excludeReservationId },
      }),
    staleTime: 15_000,
  });
}

export function useAvailability(params: AvailabilityParams | null) {
  return useQuery({ ...getAvailabilityQueryOptions(params ?? { restaurantId: 0, date: '', partySize: 1 }), enabled: params !== null });
}

export function useSimpleCapacity(restaurantId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['reservations', 'simple-capacity', restaurantId],
      queryFn: () => api.get<SimpleCapacityOutput>('/availability/simple_capacity', { query: { restaurant_id: restaurantId } }),
    }),
  );
}

export function useRestaurantSchedule(restaurantId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['reservations', 'schedule', restaurantId],
      queryFn: () => api.get<RestaurantScheduleOutput>(`/public/restaurant_schedule/${restaurantId}`),
    }),
  );
}

export function getLocationsQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: ['reservations', 'locations', restaurantId],
    queryFn: () => api.get<LocationOutput[]>('/locations', { query: { restaurant_id: restaurantId, is_active: 'true' } }),
  });
}

export function useLocations(restaurantId: number) {
  return useQuery(getLocationsQueryOptions(restaurantId));
}
