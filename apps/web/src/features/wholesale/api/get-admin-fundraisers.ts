import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundraiserOutput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, wholesaleAdminKey } from './admin-request.ts';

export function getAdminFundraisersQueryOptions() {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'fundraisers'],
    queryFn: () => api.get<Envelope<{ fundraisers: FundraiserOutput[] }>>(`${base}/fundraisers`).then((r) => r.data.fundraisers),
    meta: { userScoped: true },
  });
}

export const useAdminFundraisers = () => useQuery(getAdminFundraisersQueryOptions());
