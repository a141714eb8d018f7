import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitFunnelOutput } from '@kusina/domain/analytics';
import { api } from '../../../lib/api-client.ts';

/** Guam days, inclusive ('YYYY-MM-DD'). */
export interface ReportRange {
  from: string;
  to: string;
}

/** GET /admin/analytics/visits?from=&to= (admins of the restaurant): visits, reached checkout, ordered. */
export function getVisitFunnelQueryOptions(range: ReportRange) {
  return queryOptions({
    queryKey: ['admin', 'analytics', 'visits', range],
    queryFn: () => api.get<VisitFunnelOutput>('/admin/analytics/visits', { query: { from: range.from, to: range.to } }),
    meta: { userScoped: true },
    placeholderData: keepPreviousData,
  });
}

export function useVisitFunnel(range: ReportRange | null) {
  return useQuery({ ...getVisitFunnelQueryOptions(range ?? { from: '', to: '' }), enabled: range !== null });
}
