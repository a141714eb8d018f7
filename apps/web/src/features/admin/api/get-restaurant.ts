import { useQuery } from '@tanstack/react-query';
import { getRestaurantQueryOptions } from '../../../lib/restaurant.ts';

/*
 * The restaurant's own settings for its admins: the profile and admin settings
 * (PATCH /restaurants/:id) and the storefront images (PATCH /admin/site_settings). Reads share the
 * storefront's queries, so a save shows in the header and footer at once.
 */
export function useRestaurantRecord(restaurantId: number) {
  return useQuery(getRestaurantQueryOptions(restaurantId));
}
