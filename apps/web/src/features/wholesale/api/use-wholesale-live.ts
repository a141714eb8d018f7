import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CATCH_UP_EVENT } from '@kusina/domain/realtime';
import { nowOutOfStockMessage } from '@kusina/domain/wholesale';
import { openRealtime } from '../../../lib/realtime.ts';
import { shopToast } from '../toast.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import type { Order } from './contracts.ts';
import { getOrderQueryOptions } from './get-order.ts';

interface StockEvent {
  id: number;
  name: string;
  inStock: boolean;
}

/**
 * A fundraiser's live events (§7): stock and goal progress refresh what is on screen, and an item
 * in the cart that runs out warns '{name} is now out of stock. Please review your cart.'
 */
export function useFundraiserLive(fundraiserId: number | null | undefined, onStock?: (event: StockEvent) => void): void {
  const queryClient = useQueryClient();
  // The signed-in user: the socket reconnects (with the new cookie) when it changes.
  const sessionUser = useAuthStore((s) => s.user?.id ?? null);
  const onStockRef = useRef(onStock);
  useEffect(() => {
    onStockRef.current = onStock;
  });
  useEffect(() => {
    if (!fundraiserId) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['wholesale'] });
    return openRealtime({
      subscriptions: [{ channel: 'fundraiser', fundraiser_id: fundraiserId }],
      events: {
        wholesale_item_stock_updated: (payload) => {
          const event = payload as StockEvent;
          refresh();
          onStockRef.current?.(event);
          const inCart = useWholesaleCartStore.getState().items.some((l) => l.itemId === event.id);
          if (!event.inStock && inCart) shopToast('error', nowOutOfStockMessage(event.name), { id: `oos-${event.id}` });
        },
        wholesale_participant_goal_updated: refresh,
        wholesale_fundraiser_updated: refresh,
        [CATCH_UP_EVENT]: refresh,
      },
    });
  }, [fundraiserId, queryClient, sessionUser]);
}

/**
 * The list's fundraisers (their rooms, as the page's): a new order, a cancellation or an edit
 * refreshes the list, so each card's team progress follows.
 */
export function useFundraisersLive(fundraiserIds: readonly number[]): void {
  const queryClient = useQueryClient();
  const key = [...fundraiserIds].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!key) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['wholesale'] });
    return openRealtime({
      subscriptions: key.split(',').map((id) => ({ channel: 'fundraiser', fundraiser_id: Number(id) })),
      events: {
        wholesale_participant_goal_updated: refresh,
        wholesale_fundraiser_updated: refresh,
        [CATCH_UP_EVENT]: refresh,
      },
    });
  }, [key, queryClient]);
}

/** An order's live status (wholesale_order_updated) for the confirmation and detail pages. */
export function useOrderLive(orderId: number, accessToken: string | null): void {
  const queryClient = useQueryClient();
  // The signed-in user: the socket reconnects (with the new cookie) when it changes.
  const sessionUser = useAuthStore((s) => s.user?.id ?? null);
  useEffect(() => {
    if (!orderId) return;
    return openRealtime({
      subscriptions: [{ channel: 'wholesale_order', order_id: orderId, ...(accessToken ? { token: accessToken } : {}) }],
      events: {
        wholesale_order_updated: (payload) => {
          const order = (payload as { order?: Order }).order;
          if (order?.id === orderId) queryClient.setQueryData(getOrderQueryOptions(orderId, accessToken).queryKey, order);
        },
        [CATCH_UP_EVENT]: () => void queryClient.invalidateQueries({ queryKey: getOrderQueryOptions(orderId, accessToken).queryKey }),
      },
    });
  }, [orderId, accessToken, queryClient, sessionUser]);
}
