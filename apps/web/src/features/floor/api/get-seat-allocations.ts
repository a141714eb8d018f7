import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
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
