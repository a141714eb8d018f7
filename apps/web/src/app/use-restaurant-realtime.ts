import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RESTAURANT_REFETCH_THROTTLE_MS } from '@kusina/domain/restaurants';
import { openRealtime } from '../lib/realtime.ts';
import { getRestaurantQueryOptions } from '../lib/restaurant.ts';
import { throttle } from '../lib/throttle.ts';
import { useAuthStore } from '../stores/auth-store.ts';

/**
 * Subscribes to the restaurant channel; each restaurant_update refetches the restaurant record,
 * at most once every 2 s (storefront.md §4). Reconnects when the session changes.
 */
export function useRestaurantRealtime(restaurantId: number): void {
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.jwt);

  useEffect(() => {
    const refetch = throttle(() => {
      void queryClient.invalidateQueries({ queryKey: getRestaurantQueryOptions(restaurantId).queryKey });
    }, RESTAURANT_REFETCH_THROTTLE_MS);
    const close = openRealtime({
      token,
      subscriptions: [{ channel: 'restaurant', restaurant_id: restaurantId }],
      events: { restaurant_update: () => refetch() },
    });
    return () => {
      refetch.cancel();
      close();
    };
  }, [queryClient, restaurantId, token]);
}
