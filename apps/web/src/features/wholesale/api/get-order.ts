import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Envelope, Order } from './contracts.ts';

export function getOrder(id: number, token: string | null): Promise<Order> {
  return api.get<Envelope<{ order: Order }>>(`/wholesale/orders/${id}`, { query: { token } }).then((r) => r.data.order);
}

export function getOrderQueryOptions(id: number, token: string | null) {
  return queryOptions({ queryKey: ['wholesale', 'orders', 'detail', id, { token }], queryFn: () => getOrder(id, token), retry: false });
}

export function useOrder(id: number, token: string | null) {
  return useQuery({ ...getOrderQueryOptions(id, token), enabled: Number.isInteger(id) && id > 0 });
}
