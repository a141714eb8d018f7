import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetailOutput } from '@kusina/domain/customers';
import { api } from '../../../lib/api-client.ts';

/** GET /admin/customers/detail?key= (the restaurant's admins): one customer's records at the restaurant. */
export function getCustomerQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['admin', 'customers', 'detail', key],
    queryFn: () => api.get<CustomerDetailOutput>('/admin/customers/detail', { query: { key } }),
    meta: { userScoped: true },
  });
}

export function useCustomer(key: string | null) {
  return useQuery({ ...getCustomerQueryOptions(key ?? ''), enabled: key !== null });
}
