import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Envelope, Fundraiser } from './contracts.ts';

export function getFundraisers(search: string): Promise<Fundraiser[]> {
  return api.get<Envelope<{ fundraisers: Fundraiser[] }>>('/wholesale/fundraisers', { query: { search } }).then((r) => r.data.fundraisers);
}

export function getFundraisersQueryOptions(search = '') {
  return queryOptions({ queryKey: ['wholesale', 'fundraisers', { search }], queryFn: () => getFundraisers(search) });
}

export function useFundraisers(search = '') {
  return useQuery(getFundraisersQueryOptions(search));
}
