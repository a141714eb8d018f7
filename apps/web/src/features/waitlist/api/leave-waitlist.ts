import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistGuestView } from '@kusina/domain/waitlist';
import { api } from '../../../lib/api-client.ts';
import { guestEntryKey } from './get-guest-entry.ts';

/** POST /public/waitlist/:token/leave: the guest leaves the line. */
export function leaveWaitlist(token: string): Promise<WaitlistGuestView> {
  return api.post<WaitlistGuestView>(`/public/waitlist/${token}/leave`, {});
}

export function useLeaveWaitlist(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['waitlist', 'leave'],
    mutationFn: () => leaveWaitlist(token),
    onSuccess: (entry) => queryClient.setQueryData(guestEntryKey(token), entry),
  });
}
