import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryCreateBody, WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { api } from '../../../lib/api-client.ts';
import { waitlistListsKey } from './get-waitlist.ts';

export function createWaitlistEntry(body: WaitlistEntryCreateBody): Promise<WaitlistEntryOutput> {
  return api.post<WaitlistEntryOutput>('/waitlist_entries', { waitlist_entry: body });
}

export function useCreateWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: ['waitlist', 'create'], mutationFn: createWaitlistEntry }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistListsKey }),
  });
}
