import { useMutation } from '@tanstack/react-query';
import type { WaitlistGuestJoinBody, WaitlistGuestJoinOutput } from '@kusina/domain/waitlist';
import { api } from '../../../lib/api-client.ts';

/** POST /public/waitlist_entries: a guest joins the line; the answer carries their follow token once. */
export function joinWaitlist(body: WaitlistGuestJoinBody): Promise<WaitlistGuestJoinOutput> {
  return api.post<WaitlistGuestJoinOutput>('/public/waitlist_entries', { waitlist_entry: body });
}

export function useJoinWaitlist() {
  return useMutation({ mutationKey: ['waitlist', 'join'], mutationFn: joinWaitlist });
}
