import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetailOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';

/** GET /admin/orders/:id: everything the counter needs about one order. */
export function getAdminOrder(orderId: number): Promise<OrderDetailOutput> {
  return api.get<OrderDetailOutput>(`/admin/orders/${orderId}`);
}

export function getAdminOrderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: ['admin', 'orders', 'detail', orderId],
    queryFn: () => getAdminOrder(orderId),
    meta: { userScoped: true },
    staleTime: 10_000,
  });
}

export function useAdminOrder(orderId: number | null, { pollMs }: { pollMs: number | false } = { pollMs: false }) {
  return useQuery({ ...getAdminOrderQueryOptions(orderId ?? 0), enabled: orderId !== null, refetchInterval: pollMs });
}
