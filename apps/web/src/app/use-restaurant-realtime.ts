import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MENU_UPDATE_EVENT, RESTAURANT_REFETCH_THROTTLE_MS } from '@kusina/domain/restaurants';
import { getMenuQueryOptions } from '../lib/menu.ts';
import { afterPageLoad } from '../lib/after-load.ts';
import { afterFirstPage } from '../lib/server-rendered.ts';
import { getRestaurantQueryOptions, getSiteSettingsQueryOptions } from '../lib/restaurant.ts';
import { throttle } from '../lib/throttle.ts';
import { useAuthStore } from '../stores/auth-store.ts';

/**
 * Subscribes to the restaurant channel; each restaurant_update refetches the restaurant record and
 * its site settings (the hero) at most once every 2 s (storefront.md §4), and each menu_update (a
 * dish sold out, back, or its options changed) refetches the open menus, the full one and the home
 * page's featured part, as often. Reconnects when the session changes.
 *
 * The connection opens once the page has loaded (its client code and handshake stay out of the
 * first paint, decision 0070); every time the subscription is confirmed (first connect and each
 * reconnect) the same refetches run, so a change made before then or during a disconnection still
 * reaches the page; on a server-rendered first page, once the app has adopted it (0081).
 */
export function useRestaurantRealtime(restaurantId: number): void {
  const queryClient = useQueryClient();
  // The signed-in user: the socket reconnects (with the new cookie) when it changes.
  const sessionUser = useAuthStore((state) => state.user?.id ?? null);

  useEffect(() => {
    const refetch = throttle(() => {
      void queryClient.invalidateQueries({ queryKey: getRestaurantQueryOptions(restaurantId).queryKey });
      void queryClient.invalidateQueries({ queryKey: getSiteSettingsQueryOptions(restaurantId).queryKey });
    }, RESTAURANT_REFETCH_THROTTLE_MS);
    const refetchMenu = throttle(() => {
      void queryClient.invalidateQueries({ queryKey: getMenuQueryOptions(restaurantId).queryKey });
    }, RESTAURANT_REFETCH_THROTTLE_MS);
    let close: (() => void) | null = null;
    let closed = false;
    // The connection's code, too, is fetched after the load (it is no part of the first screen).
    const cancelWait = afterPageLoad(() => {
      void import('../lib/realtime.ts').then(({ openRealtime }) => {
        if (closed) return;
        close = openRealtime({
          subscriptions: [{ channel: 'restaurant', restaurant_id: restaurantId }],
          events: { restaurant_update: () => refetch(), [MENU_UPDATE_EVENT]: () => refetchMenu() },
          // Not while a server-rendered page is still being adopted (afterFirstPage, 0081).
          onSubscribed: () =>
            afterFirstPage(() => {
              if (closed) return;
              refetch();
              refetchMenu();
            }),
        });
      }, () => undefined);
    });
    return () => {
      closed = true;
      cancelWait();
      refetch.cancel();
      refetchMenu.cancel();
      close?.();
    };
  }, [queryClient, restaurantId, sessionUser]);
}
