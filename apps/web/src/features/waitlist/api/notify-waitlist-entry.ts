import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { api } from '../../../lib/api-client.ts';
import { waitlistListsKey } from './get-waitlist.ts';

/** POST /waitlist_entries/:id/notify: the "your table is ready" text, through the outbox. */
export function notifyWaitlistEntry(id: number): Promise<WaitlistEntryOutput> {
  return api.post<WaitlistEntryOutput>(`/waitlist_entries/${id}/notify`, {});
}

export function useNotifyWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: ['waitlist', 'notify'], mutationFn: notifyWaitlistEntry }),
    onSuccess: (entry) => {
      queryClient.setQueriesData<WaitlistEntryOutput[]>({ queryKey: waitlistListsKey }, (list) => list?.map((e) => (e.id === entry.id ? entry : e)));
      void queryClient.invalidateQueries({ queryKey: waitlistListsKey });
    },
  });
}
