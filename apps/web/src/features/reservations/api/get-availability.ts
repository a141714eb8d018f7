import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityOutput } from '@kusina/domain/reservations';
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
