import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestProfileBody, GuestProfileOutput } from '@kusina/domain/guests';
import { api } from '../../../lib/api-client.ts';

/** PUT /guests/profile: staff write a guest's notes and tags. */
export function saveGuestProfile(body: GuestProfileBody): Promise<GuestProfileOutput> {
  return api.put<GuestProfileOutput>('/guests/profile', body);
}

export function useSaveGuestProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['guests', 'save'],
    mutationFn: saveGuestProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guests'] }),
  });
}
