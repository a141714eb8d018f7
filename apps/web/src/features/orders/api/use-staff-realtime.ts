import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OrderEvents, type OrderBoardEntry, type OrdersAcknowledgedEvent, type OrderUpdatedEvent } from '@kusina/domain/order-management';
import { CATCH_UP_EVENT } from '@kusina/domain/realtime';
import { openRealtime } from '../../../lib/realtime.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { adminOrderListsKey } from './get-admin-orders.ts';
import { getUnacknowledgedCountQueryOptions } from './get-unacknowledged-count.ts';
import { applyAcknowledged, applyOrderCreated, applyOrderUpdated } from './order-cache.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function asBoardEntry(payload: unknown): OrderBoardEntry | null {
  const order = isObject(payload) ? payload.order : null;
  return isObject(order) && typeof order.id === 'number' && typeof order.order_number === 'string' && typeof order.status === 'string'
    ? (order as unknown as OrderBoardEntry)
    : null;
}

function asUpdate(payload: unknown): OrderUpdatedEvent | null {
  return isObject(payload) && typeof payload.id === 'number' && typeof payload.status === 'string' ? (payload as unknown as OrderUpdatedEvent) : null;
}

function asAcknowledged(payload: unknown): OrdersAcknowledgedEvent | null {
  return isObject(payload) && Array.isArray(payload.ids) && typeof payload.unacknowledged_count === 'number' ? (payload as unknown as OrdersAcknowledgedEvent) : null;
}

/**
 * The board's live channel: joins the restaurant's staff room (Socket.IO, the session cookie in the handshake)
 * and writes 'order_created', 'order_updated' and 'orders_acknowledged' into the query cache. After
 * a reconnect the board is fetched again, since events sent while the socket was down are lost; so
 * it is when the server says its node missed events from the others (catch_up, decision 0088).
 * While the socket is down the realtime store's fallback flag is set and the board polls instead.
 */
export function useStaffRealtime(restaurantId: number | null, onNewOrder: (order: OrderBoardEntry) => void): { connected: boolean } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  // The signed-in user: the socket reconnects (with the new cookie) when it changes.
  const sessionUser = useAuthStore((state) => state.user?.id ?? null);
  const onNewOrderRef = useRef(onNewOrder);
  useEffect(() => {
    onNewOrderRef.current = onNewOrder;
  }, [onNewOrder]);

  useEffect(() => {
    if (!restaurantId || !sessionUser) return undefined;
    let connectedBefore = false;
    const refetchBoard = () => {
      void queryClient.invalidateQueries({ queryKey: adminOrderListsKey });
      void queryClient.invalidateQueries({ queryKey: getUnacknowledgedCountQueryOptions().queryKey });
    };
    const close = openRealtime({
      subscriptions: [{ channel: 'staff', restaurant_id: restaurantId }],
      events: {
        connect: () => {
          setConnected(true);
          if (connectedBefore) refetchBoard();
          connectedBefore = true;
        },
        // The node missed other nodes' events while its LISTEN connection was down (0088).
        [CATCH_UP_EVENT]: () => refetchBoard(),
        disconnect: () => setConnected(false),
        [OrderEvents.created]: (payload) => {
          const entry = asBoardEntry(payload);
          if (!entry) return;
          applyOrderCreated(queryClient, entry);
          onNewOrderRef.current(entry);
        },
        [OrderEvents.updated]: (payload) => {
          const event = asUpdate(payload);
          if (event) applyOrderUpdated(queryClient, event);
        },
        [OrderEvents.acknowledged]: (payload) => {
          const event = asAcknowledged(payload);
          if (event) applyAcknowledged(queryClient, event.ids, event.acknowledged_at, event.unacknowledged_count);
        },
      },
    });
    return () => {
      close();
      setConnected(false);
    };
  }, [queryClient, restaurantId, sessionUser]);

  return { connected };
}
