import type { QueryClient } from '@tanstack/react-query';
import type { OrderBoardEntry, OrderDetailOutput, OrderListOutput, OrderUpdatedEvent, UnacknowledgedCountOutput } from '@kusina/domain/order-management';
import { ACTIVE_ORDER_STATUSES } from '@kusina/domain/order-management';
import { guamDayOf } from '../utils/guam-time.ts';
import { getAdminOrderQueryOptions } from './get-admin-order.ts';
import { adminOrderListsKey, type BoardFilters } from './get-admin-orders.ts';
import { getUnacknowledgedCountQueryOptions } from './get-unacknowledged-count.ts';

/*
 * How server answers and live events land in the cache: the board's pages, the open order and the
 * unacknowledged count. Each write is followed by an invalidation of the lists, so the server's
 * filters and counts always win a moment later.
 */

type ListKey = readonly [...typeof adminOrderListsKey, BoardFilters];

function patchLists(queryClient: QueryClient, id: number, patch: (entry: OrderBoardEntry) => OrderBoardEntry): void {
  queryClient.setQueriesData<OrderListOutput>({ queryKey: adminOrderListsKey }, (list) =>
    list ? { ...list, orders: list.orders.map((entry) => (entry.id === id ? patch(entry) : entry)) } : list,
  );
}

function refreshLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminOrderListsKey });
}

/** Whether a new order belongs at the top of a page shown with these filters. */
export function belongsOnTop(entry: OrderBoardEntry, filters: BoardFilters): boolean {
  if (filters.page !== 1 || filters.sort !== 'newest' || filters.q.trim()) return false;
  if (filters.status === 'active' && !(ACTIVE_ORDER_STATUSES as readonly string[]).includes(entry.status)) return false;
  if (filters.status !== 'active' && filters.status !== 'all' && filters.status !== entry.status) return false;
  if (filters.source && filters.source !== entry.source) return false;
  if (filters.location && filters.location !== entry.location_name) return false;
  if (filters.date && guamDayOf(filters.dateBy === 'pickup' ? entry.estimated_pickup_time : entry.created_at) !== filters.date) return false;
  return true;
}

/** 'order_created': on top of every page it belongs to, and one more to acknowledge. */
export function applyOrderCreated(queryClient: QueryClient, entry: OrderBoardEntry): void {
  for (const [key, list] of queryClient.getQueriesData<OrderListOutput>({ queryKey: adminOrderListsKey })) {
    const filters = (key as unknown as ListKey)[3];
    if (!list || !filters || list.orders.some((order) => order.id === entry.id) || !belongsOnTop(entry, filters)) continue;
    queryClient.setQueryData<OrderListOutput>(key, {
      ...list,
      orders: [entry, ...list.orders].slice(0, list.per_page),
      total_count: list.total_count + 1,
      status_counts: { ...list.status_counts, [entry.status]: (list.status_counts[entry.status] ?? 0) + 1 },
    });
  }
  const countKey = getUnacknowledgedCountQueryOptions().queryKey;
  queryClient.setQueryData<UnacknowledgedCountOutput>(countKey, (count) =>
    count && entry.acknowledged_at === null && (count.latest_order_id ?? 0) < entry.id ? { ...count, count: count.count + 1, latest_order_id: entry.id } : count,
  );
  refreshLists(queryClient);
}

/** 'order_updated' (status, ETA or refund changed, here or on another screen). */
export function applyOrderUpdated(queryClient: QueryClient, event: OrderUpdatedEvent): void {
  patchLists(queryClient, event.id, (entry) => ({
    ...entry,
    status: event.status,
    estimated_pickup_time: event.estimated_pickup_time,
    refunded_total: event.refunded_total,
    refunded_cents: event.refunded_cents,
    refund_status: event.refund_status,
    payment_status: event.payment_status,
    updated_at: event.updated_at,
  }));
  const detailKey = getAdminOrderQueryOptions(event.id).queryKey;
  const detail = queryClient.getQueryData<OrderDetailOutput>(detailKey);
  // The history, refunds and allowed next steps come with the detail: fetch it again unless this screen made the change.
  if (detail && detail.updated_at !== event.updated_at) void queryClient.invalidateQueries({ queryKey: detailKey });
  refreshLists(queryClient);
}

/** This screen's own change: the detail the server answered, and the board follows. */
export function applyOrderDetail(queryClient: QueryClient, order: OrderDetailOutput): void {
  queryClient.setQueryData(getAdminOrderQueryOptions(order.id).queryKey, order);
  patchLists(queryClient, order.id, (entry) => ({
    ...entry,
    status: order.status,
    estimated_pickup_time: order.estimated_pickup_time,
    refunded_total: order.refunded_total,
    refunded_cents: order.refunded_cents,
    refund_status: order.refund_status,
    payment_status: order.payment?.status ?? entry.payment_status,
    acknowledged_at: order.acknowledged_at,
    updated_at: order.updated_at,
  }));
  refreshLists(queryClient);
}

/** Acknowledged here or on another screen ('orders_acknowledged'): the badge and the cards follow. */
export function applyAcknowledged(queryClient: QueryClient, ids: number[], acknowledgedAt: string, unacknowledgedCount: number): void {
  for (const id of ids) {
    patchLists(queryClient, id, (entry) => ({ ...entry, acknowledged_at: entry.acknowledged_at ?? acknowledgedAt }));
    const detailKey = getAdminOrderQueryOptions(id).queryKey;
    if (queryClient.getQueryData(detailKey)) void queryClient.invalidateQueries({ queryKey: detailKey });
  }
  queryClient.setQueriesData<OrderListOutput>({ queryKey: adminOrderListsKey }, (list) => (list ? { ...list, unacknowledged_count: unacknowledgedCount } : list));
  queryClient.setQueryData<UnacknowledgedCountOutput>(getUnacknowledgedCountQueryOptions().queryKey, (count) =>
    count ? { ...count, count: unacknowledgedCount, latest_order_id: unacknowledgedCount === 0 ? null : count.latest_order_id } : count,
  );
}
