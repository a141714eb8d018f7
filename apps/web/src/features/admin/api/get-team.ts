import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamOutput } from '@kusina/domain/team';
import { api } from '../../../lib/api-client.ts';

/** GET /team (admins): the restaurant's staff and admins with their last sign-in, and open invites. */
export function getTeam(): Promise<TeamOutput> {
  return api.get<TeamOutput>('/team');
}

export const teamKey = ['admin', 'team'] as const;

export function getTeamQueryOptions() {
  return queryOptions({ queryKey: teamKey, queryFn: getTeam, meta: { userScoped: true } });
}

export function useTeam() {
  return useQuery(getTeamQueryOptions());
}
