import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CATCH_UP_EVENT } from '@kusina/domain/realtime';
import { OrderEvents, type OrderUpdatedEvent } from '@kusina/domain/order-management';
import { openRealtime } from '../../../lib/realtime.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useRealtimeStore } from '../../../stores/realtime-store.ts';
import type { OrderHistoryOutput, OrderView } from '../../../lib/checkout-contracts.ts';
import { getOrderQueryOptions } from './get-order.ts';
import { getOrdersQueryOptions } from './get-orders.ts';

/** While the live connection is down the order is fetched again this often (ms). */
export const LIVE_ORDER_POLL_MS = 10_000;

/** The key prefix every page of the order history shares. */
const historyKey = getOrdersQueryOptions({ sort: 'newest', status: '', page: 1 }).queryKey.slice(0, 2);

function asUpdate(payload: unknown): OrderUpdatedEvent | null {
  const event = payload as Partial<OrderUpdatedEvent> | null;
  return event && typeof event.id === 'number' && typeof event.status === 'string' && typeof event.estimated_pickup_time === 'string' ? (event as OrderUpdatedEvent) : null;
}

/** An order_updated lands on the confirmation in the cache: status, ETA, payment status and the timeline. */
export function applyOrderUpdate(order: OrderView | undefined, event: OrderUpdatedEvent): OrderView | undefined {
  if (!order || String(order.id) !== String(event.id)) return order;
  return {
    ...order,
    status: event.status,
    estimated_pickup_time: event.estimated_pickup_time,
    payment: order.payment && event.payment_status ? { ...order.payment, status: event.payment_status } : order.payment,
    status_history: Array.isArray(event.status_history) ? event.status_history : order.status_history,
    eta_updated_at: event.eta_updated_at === undefined ? order.eta_updated_at : event.eta_updated_at,
  };
}

/** ... and on every page of the history that lists the order. */
function applyToHistory(queryClient: QueryClient, event: OrderUpdatedEvent): void {
  queryClient.setQueriesData<OrderHistoryOutput>({ queryKey: historyKey }, (page) =>
    page
      ? { ...page, orders: page.orders.map((entry) => (entry.id === event.id ? { ...entry, status: event.status, estimatedPickupTime: event.estimated_pickup_time } : entry)) }
      : page,
  );
}

/**
 * The confirmation page, live (issue #5): joins the order's room (with the confirmation link's
 * ?token=, or as the signed-in owner, whose session cookie travels in the handshake) and writes each
 * 'order_updated' into the cached order, so the status, the ETA and the timeline change without a
 * reload. After a reconnect the order is fetched again; while the socket is down it is polled.
 */
export function useLiveOrder(orderId: string | undefined, token: string | null): void {
  const queryClient = useQueryClient();
  // The signed-in user: the socket reconnects (with the new cookie) when it changes.
  const sessionUser = useAuthStore((state) => state.user?.id ?? null);
  const fallback = useRealtimeStore((state) => state.fallback);
  const id = Number(orderId);
  const valid = Number.isInteger(id) && id > 0;

  useEffect(() => {
    if (!valid) return undefined;
    const queryKey = getOrderQueryOptions(String(id), token).queryKey;
    let connectedBefore = false;
    return openRealtime({
      subscriptions: [{ channel: 'order', order_id: id, ...(token ? { token } : {}) }],
      events: {
        connect: () => {
          if (connectedBefore) void queryClient.invalidateQueries({ queryKey });
          connectedBefore = true;
        },
        [CATCH_UP_EVENT]: () => void queryClient.invalidateQueries({ queryKey }),
        [OrderEvents.updated]: (payload) => {
          const event = asUpdate(payload);
          if (!event || event.id !== id) return;
          queryClient.setQueryData<OrderView>(queryKey, (order) => applyOrderUpdate(order, event));
          applyToHistory(queryClient, event);
        },
      },
    });
  }, [queryClient, id, valid, token, sessionUser]);

  useEffect(() => {
    if (!valid || !fallback) return undefined;
    const queryKey = getOrderQueryOptions(String(id), token).queryKey;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey }), LIVE_ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [queryClient, id, valid, token, fallback]);
}

/**
 * The order history, live: a signed-in socket is in its owner's room, which receives
 * 'order_updated' for each of their orders, so the listed badges change without a reload (the
 * history is refetched after a reconnect, and polled while the socket is down).
 */
export function useLiveOrderHistory(): void {
  const queryClient = useQueryClient();
  // The signed-in user: the socket reconnects (with the new cookie) when it changes.
  const sessionUser = useAuthStore((state) => state.user?.id ?? null);
  const fallback = useRealtimeStore((state) => state.fallback);

  useEffect(() => {
    if (sessionUser === null) return undefined;
    let connectedBefore = false;
    return openRealtime({
      subscriptions: [],
      events: {
        connect: () => {
          if (connectedBefore) void queryClient.invalidateQueries({ queryKey: historyKey });
          connectedBefore = true;
        },
        [CATCH_UP_EVENT]: () => void queryClient.invalidateQueries({ queryKey: historyKey }),
        [OrderEvents.updated]: (payload) => {
          const event = asUpdate(payload);
          if (event) applyToHistory(queryClient, event);
        },
      },
    });
  }, [queryClient, sessionUser]);

  useEffect(() => {
    if (sessionUser === null || !fallback) return undefined;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: historyKey }), LIVE_ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [queryClient, sessionUser, fallback]);
}
