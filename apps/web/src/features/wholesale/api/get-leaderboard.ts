import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardOutput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import type { Envelope } from './contracts.ts';

export function getLeaderboard(slug: string): Promise<LeaderboardOutput> {
  return api.get<Envelope<{ leaderboard: LeaderboardOutput }>>(`/wholesale/fundraisers/${encodeURIComponent(slug)}/leaderboard`).then((r) => r.data.leaderboard);
}

/** Under ['wholesale', …]: the fundraiser's live events (a new order, a cancellation) refresh it. */
export function getLeaderboardQueryOptions(slug: string) {
  return queryOptions({ queryKey: ['wholesale', 'leaderboard', slug], queryFn: () => getLeaderboard(slug), retry: false });
}

export function useLeaderboard(slug: string) {
  return useQuery({ ...getLeaderboardQueryOptions(slug), enabled: slug !== '' });
}
