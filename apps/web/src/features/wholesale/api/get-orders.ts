import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Envelope, Order } from './contracts.ts';

export interface OrderFilters {
  status?: string;
  fundraiser?: string;
  from?: string;
  to?: string;
}

export function getOrders(filters: OrderFilters): Promise<Order[]> {
  return api.get<Envelope<{ orders: Order[] }>>('/wholesale/orders', { query: { ...filters } }).then((r) => r.data.orders);
}

export function getOrdersQueryOptions(filters: OrderFilters = {}) {
  return queryOptions({ queryKey: ['wholesale', 'orders', 'list', filters], queryFn: () => getOrders(filters) });
}

export function useOrders(filters: OrderFilters, enabled = true) {
  return useQuery({ ...getOrdersQueryOptions(filters), enabled });
}
