import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Envelope, FundraiserDetail } from './contracts.ts';

export function getFundraiser(slug: string): Promise<FundraiserDetail> {
  return api.get<Envelope<{ fundraiser: FundraiserDetail }>>(`/wholesale/fundraisers/${encodeURIComponent(slug)}`).then((r) => r.data.fundraiser);
}

export function getFundraiserQueryOptions(slug: string) {
  return queryOptions({ queryKey: ['wholesale', 'fundraiser', slug], queryFn: () => getFundraiser(slug), retry: false });
}

export function useFundraiser(slug: string) {
  return useQuery({ ...getFundraiserQueryOptions(slug), enabled: slug !== '' });
}
