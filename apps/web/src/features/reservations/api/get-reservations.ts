import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';
import { useRealtimeStore } from '../../../stores/realtime-store.ts';

/*
 * GET/POST /reservations, PATCH/DELETE /reservations/:id (backoffice §7). The list of a Guam day is
 * one query per (date, location); mutations and live events refresh every list through its key.
 */

export const reservationListsKey = ['reservations', 'list'] as const;

export interface ReservationListParams {
  date: string;
  locationId?: number | null;
}

export function getReservations({ date, locationId }: ReservationListParams): Promise<ReservationOutput[]> {
  return api.get<ReservationOutput[]>('/reservations', { query: { date, location_id: locationId ?? undefined } });
}

export function getReservationsQueryOptions(params: ReservationListParams, poll = false) {
  return queryOptions({
    queryKey: [...reservationListsKey, params.date, params.locationId ?? null],
    queryFn: () => getReservations(params),
    meta: { userScoped: true },
    // Without the socket (the realtime store's fallback), the list polls.
    refetchInterval: poll ? 15_000 : false,
  });
}

export function useReservations(params: ReservationListParams) {
  const fallback = useRealtimeStore((state) => state.fallback);
  return useQuery(getReservationsQueryOptions(params, fallback));
}
