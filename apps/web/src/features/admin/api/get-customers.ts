import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerListOutput } from '@kusina/domain/customers';
import { api } from '../../../lib/api-client.ts';

/** GET /admin/customers?q=&page= (the restaurant's admins): customers, the most recently seen first. */
export function getCustomersQueryOptions(q: string, page: number) {
  return queryOptions({
    queryKey: ['admin', 'customers', q, page],
    queryFn: () => api.get<CustomerListOutput>('/admin/customers', { query: { q: q || undefined, page: String(page) } }),
    meta: { userScoped: true },
    placeholderData: keepPreviousData,
  });
}

export const useCustomers = (q: string, page: number) => useQuery(getCustomersQueryOptions(q, page));
