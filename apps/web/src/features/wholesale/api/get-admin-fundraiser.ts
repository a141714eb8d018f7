import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundraiserDetailOutput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, wholesaleAdminKey } from './admin-request.ts';

export function getAdminFundraiserQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'fundraiser', id],
    queryFn: () => api.get<Envelope<{ fundraiser: FundraiserDetailOutput }>>(`${base}/fundraisers/${id}`).then((r) => r.data.fundraiser),
    meta: { userScoped: true },
  });
}

export const useAdminFundraiser = (id: number) => useQuery(getAdminFundraiserQueryOptions(id));
