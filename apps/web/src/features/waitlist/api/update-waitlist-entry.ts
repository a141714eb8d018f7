import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryOutput, WaitlistEntryUpdateBody } from '@kusina/domain/waitlist';
import { api } from '../../../lib/api-client.ts';
import { waitlistListsKey } from './get-waitlist.ts';

export type UpdateWaitlistEntryInput = WaitlistEntryUpdateBody & { id: number };

export function updateWaitlistEntry({ id, ...body }: UpdateWaitlistEntryInput): Promise<WaitlistEntryOutput> {
  return api.patch<WaitlistEntryOutput>(`/waitlist_entries/${id}`, { waitlist_entry: body });
}

export function useUpdateWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: ['waitlist', 'update'], mutationFn: updateWaitlistEntry }),
    onSuccess: (entry) => {
      queryClient.setQueriesData<WaitlistEntryOutput[]>({ queryKey: waitlistListsKey }, (list) => list?.map((e) => (e.id === entry.id ? entry : e)));
      void queryClient.invalidateQueries({ queryKey: waitlistListsKey });
    },
  });
}
