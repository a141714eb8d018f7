import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput, UserOutput } from '@kusina/domain/accounts';
import { api } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { getProfileQueryOptions } from './get-profile.ts';

/** PATCH /profile { user: {...} } → the updated user. */
export function updateProfile(input: ProfileUpdateInput): Promise<UserOutput> {
  return api.patch<UserOutput>('/profile', input);
}

export function getUpdateProfileMutationOptions() {
  return mutationOptions({ mutationKey: ['profile', 'update'], mutationFn: updateProfile, meta: { globalLoading: true } });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const setUser = useAuthStore((state) => state.setUser);
  return useMutation({
    ...getUpdateProfileMutationOptions(),
    onSuccess: (user) => {
      setUser(user);
      queryClient.setQueryData(getProfileQueryOptions().queryKey, user);
    },
  });
}
