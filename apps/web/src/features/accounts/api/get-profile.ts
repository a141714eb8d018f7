import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserOutput } from '@kusina/domain/accounts';
import { api, type RequestOptions } from '../../../lib/api-client.ts';

/** GET /profile → the signed-in user (401 when the session cookie names no live session). */
export function getProfile(options?: RequestOptions): Promise<UserOutput> {
  return api.get<UserOutput>('/profile', options);
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: ['profile'], queryFn: () => getProfile(), meta: { userScoped: true }, staleTime: 0 });
}

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProfileQueryOptions(), enabled });
}
