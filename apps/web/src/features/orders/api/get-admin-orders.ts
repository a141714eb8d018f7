import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListOutput, OrderSource } from '@kusina/domain/order-management';
import type { OrderStatus } from '@kusina/domain/orders';
import { api } from '../../../lib/api-client.ts';

/** The board's filters as the screen keeps them (the URL's query), before they become GET parameters. */
export interface BoardFilters {
  /** One status, 'active' (pending → ready, the default) or 'all'. */
  status: OrderStatus | 'active' | 'all';
  /** A Pacific/Guam day YYYY-MM-DD, or '' for any day. */
  date: string;
  dateBy: 'created' | 'pickup';
  location: string;
  source: OrderSource | '';
  q: string;
  sort: 'newest' | 'oldest' | 'pickup';
  page: number;
  perPage: number;
}

export const ACTIVE_STATUS_PARAM = 'pending,confirmed,preparing,ready';

/** GET /admin/orders's query for these filters (empty values left out). */
export function boardQuery(filters: BoardFilters): Record<string, string | number | undefined> {
  return {
    status: filters.status === 'all' ? undefined : filters.status === 'active' ? ACTIVE_STATUS_PARAM : filters.status,
    date: filters.date || undefined,
    date_by: filters.date ? filters.dateBy : undefined,
    location: filters.location || undefined,
    source: filters.source || undefined,
    q: filters.q.trim() || undefined,
    sort: filters.sort,
    page: filters.page,
    per_page: filters.perPage,
  };
}

/** GET /admin/orders: one page of the restaurant's orders, newest first by default. */
export function getAdminOrders(filters: BoardFilters): Promise<OrderListOutput> {
  return api.get<OrderListOutput>('/admin/orders', { query: boardQuery(filters) });
}

export const adminOrdersKey = ['admin', 'orders'] as const;
export const adminOrderListsKey = [...adminOrdersKey, 'list'] as const;

export function getAdminOrdersQueryOptions(filters: BoardFilters) {
  return queryOptions({
    queryKey: [...adminOrderListsKey, filters],
    queryFn: () => getAdminOrders(filters),
    meta: { userScoped: true },
    placeholderData: keepPreviousData,
    // Live updates come over the socket; this is the safety net.
    staleTime: 10_000,
  });
}

export function useAdminOrders(filters: BoardFilters, { pollMs }: { pollMs: number | false }) {
  return useQuery({ ...getAdminOrdersQueryOptions(filters), refetchInterval: pollMs });
}
