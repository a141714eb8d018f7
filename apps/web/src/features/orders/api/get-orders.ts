import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_HISTORY_PAGE_SIZE } from '@kusina/domain/orders';
import { api } from '../../../lib/api-client.ts';
import type { OrderHistoryOutput, OrderSort } from '../../../lib/checkout-contracts.ts';


export interface OrderListParams {
  sort: OrderSort;
  status: string;
  page: number;
}

export function getOrders({ sort, status, page }: OrderListParams): Promise<OrderHistoryOutput> {
  return api.get<OrderHistoryOutput>('/orders', { query: { sort, status: status || undefined, page, per_page: ORDER_HISTORY_PAGE_SIZE } });
}

export function getOrdersQueryOptions(params: OrderListParams) {
  return queryOptions({
    queryKey: ['orders', 'list', params],
    queryFn: () => getOrders(params),
    meta: { userScoped: true },
  });
}

export function useOrders(params: OrderListParams) {
  return useQuery({ ...getOrdersQueryOptions(params), placeholderData: keepPreviousData });
}
