import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserOutput } from '@kusina/domain/accounts';
import { api } from '../../../lib/api-client.ts';

/** GET /profile → the signed-in user. */
export function getProfile(): Promise<UserOutput> {
  return api.get<UserOutput>('/profile');
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: ['profile'], queryFn: getProfile, meta: { userScoped: true }, staleTime: 0 });
}

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProfileQueryOptions(), enabled });
}
