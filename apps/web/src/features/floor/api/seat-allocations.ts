import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OccupantType, SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { api } from '../../../lib/api-client.ts';
import { useRealtimeStore } from '../../../stores/realtime-store.ts';

/*
 * GET /seat_allocations?date and the floor's writes (backoffice §7; decision 0067): multi_create
 * (seat now), reserve (hold for a reservation), and arrive / finish / no_show / cancel of a party.
 * The server sets the times (§9); the browser only says which day.
 */

export const seatAllocationsKey = ['seat-allocations', 'list'] as const;

export function getSeatAllocationsQueryOptions(date: string, poll = false) {
  return queryOptions({
    queryKey: [...seatAllocationsKey, date],
    queryFn: () => api.get<SeatAllocationOutput[]>('/seat_allocations', { query: { date } }),
    meta: { userScoped: true },
    refetchInterval: poll ? 15_000 : false,
  });
}

export function useSeatAllocations(date: string) {
  const fallback = useRealtimeStore((state) => state.fallback);
  return useQuery(getSeatAllocationsQueryOptions(date, fallback));
}

export interface SeatPartyBody {
  occupant_type: OccupantType;
  occupant_id: number;
  seat_ids: number[];
  date: string;
}
export const seatParty = (body: SeatPartyBody) => api.post<SeatAllocationOutput[]>('/seat_allocations/multi_create', body);
export const reserveSeats = (body: SeatPartyBody) => api.post<SeatAllocationOutput[]>('/seat_allocations/reserve', body);

export type OccupantAction = 'arrive' | 'finish' | 'no_show' | 'cancel';
export const changeOccupant = (action: OccupantAction, occupant: { occupant_type: OccupantType; occupant_id: number }) =>
  api.post<SeatAllocationOutput[]>(`/seat_allocations/${action}`, occupant);

/** Assigning a seat preference (§4): hold an option's seats, by label, for a booked reservation. */
export interface ReservePreferenceBody {
  occupant_type: 'reservation';
  occupant_id: number;
  seat_labels: string[];
  date: string;
}
export const reservePreference = (body: ReservePreferenceBody) => api.post<SeatAllocationOutput[]>('/seat_allocations/reserve', body);
