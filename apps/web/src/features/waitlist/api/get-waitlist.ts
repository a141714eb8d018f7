import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { api } from '../../../lib/api-client.ts';
import { useRealtimeStore } from '../../../stores/realtime-store.ts';

/*
 * GET/POST /waitlist_entries, PATCH /waitlist_entries/:id (backoffice §7; decision 0058). One list
 * per Guam day; a change is written into the cached list at once (the row's next actions are on
 * screen before focus moves to them), then every list refetches through its key, as live events do.
 */

export const waitlistListsKey = ['waitlist', 'list'] as const;

export function getWaitlist(date: string): Promise<WaitlistEntryOutput[]> {
  return api.get<WaitlistEntryOutput[]>('/waitlist_entries', { query: { date } });
}

export function getWaitlistQueryOptions(date: string, poll = false) {
  return queryOptions({
    queryKey: [...waitlistListsKey, date],
    queryFn: () => getWaitlist(date),
    meta: { userScoped: true },
    // Without the socket (the realtime store's fallback), the list polls.
    refetchInterval: poll ? 15_000 : false,
  });
}

export function useWaitlist(date: string) {
  const fallback = useRealtimeStore((state) => state.fallback);
  return useQuery(getWaitlistQueryOptions(date, fallback));
}
