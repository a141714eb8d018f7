import { queryOptions, useQuery } from '@tanstack/react-query';
import { MERCHANDISE_POLL_INTERVAL_MS, type MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { api } from '../../../lib/api-client.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';

/** The shop's visible items with their variants and stock (the server always includes stock). */
export function getMerchandiseItems(restaurantId: number): Promise<MerchandiseItemOutput[]> {
  return api.get<MerchandiseItemOutput[]>('/merchandise_items', { query: { restaurant_id: restaurantId, include_stock: true } });
}

/**
 * Every visible item once; collections and filters are applied in the browser, so switching a tab
 * or a filter never waits for the network.
 */
export function getMerchandiseItemsQueryOptions(restaurantId: number = getRestaurantId()) {
  return queryOptions({
    queryKey: ['merchandise', 'items', restaurantId],
    queryFn: () => getMerchandiseItems(restaurantId),
    staleTime: MERCHANDISE_POLL_INTERVAL_MS / 2,
  });
}

/**
 * Inventory polling (storefront.md §4): with `poll`, stock figures are refetched every 10 s while
 * the tab is visible (TanStack Query pauses refetchInterval in a hidden tab and catches up on return).
 */
export function useMerchandiseItems({ poll = false, enabled = true }: { poll?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    ...getMerchandiseItemsQueryOptions(),
    enabled,
    refetchInterval: poll ? MERCHANDISE_POLL_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: poll,
  });
}
