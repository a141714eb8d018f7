import { useQuery } from '@tanstack/react-query';
import type { WaitlistGuestView } from '@kusina/domain/waitlist';
import { api } from '../../../lib/api-client.ts';
import { useRealtimeStore } from '../../../stores/realtime-store.ts';

/** GET /public/waitlist/:token: the guest's own place in line (decision 0108). */
export const guestEntryKey = (token: string) => ['waitlist', 'guest', token] as const;

export function getGuestEntry(token: string): Promise<WaitlistGuestView> {
  return api.get<WaitlistGuestView>(`/public/waitlist/${token}`);
}

export function useGuestEntry(token: string) {
  // Without the socket (the realtime store's fallback), the place polls.
  const fallback = useRealtimeStore((state) => state.fallback);
  return useQuery({ queryKey: guestEntryKey(token), queryFn: () => getGuestEntry(token), retry: false, refetchInterval: fallback ? 15_000 : false });
}
