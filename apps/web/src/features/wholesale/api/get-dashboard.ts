import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardOutput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, wholesaleAdminKey } from './admin-request.ts';

export function getDashboardQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'dashboard', id],
    queryFn: () => api.get<Envelope<DashboardOutput>>(`${base}/fundraisers/${id}/dashboard`).then((r) => r.data),
    meta: { userScoped: true },
  });
}

export const useWholesaleDashboard = (id: number) => useQuery(getDashboardQueryOptions(id));
