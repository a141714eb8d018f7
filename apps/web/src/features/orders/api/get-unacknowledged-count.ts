import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnacknowledgedCountOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';

/** GET /admin/orders/unacknowledged_count: how many new orders nobody has acknowledged, and the newest one. */
export function getUnacknowledgedCount(): Promise<UnacknowledgedCountOutput> {
  return api.get<UnacknowledgedCountOutput>('/admin/orders/unacknowledged_count');
}

export function getUnacknowledgedCountQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'orders', 'unacknowledged'],
    queryFn: getUnacknowledgedCount,
    meta: { userScoped: true },
    staleTime: 10_000,
  });
}

export function useUnacknowledgedCount({ pollMs }: { pollMs: number | false }) {
  return useQuery({ ...getUnacknowledgedCountQueryOptions(), refetchInterval: pollMs });
}
