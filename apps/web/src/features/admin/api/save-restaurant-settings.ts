import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestaurantUpdateInput } from '@kusina/domain/reservations';
import type { RestaurantOutput, SiteSettingsOutput, SiteSettingsUpdateInput } from '@kusina/domain/restaurants';
import { api } from '../../../lib/api-client.ts';
import { getRestaurantQueryOptions, getSiteSettingsQueryOptions } from '../../../lib/restaurant.ts';

export interface RestaurantSettingsSave {
  restaurant: Exclude<RestaurantUpdateInput, undefined>;
  /** Only when an image changed. */
  site: SiteSettingsUpdateInput | null;
}

export function useSaveRestaurantSettings(restaurantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'restaurant-settings', restaurantId],
    mutationFn: async ({ restaurant, site }: RestaurantSettingsSave) => {
      const saved = await api.patch<RestaurantOutput>(`/restaurants/${restaurantId}`, restaurant);
      const images = site ? await api.patch<SiteSettingsOutput>('/admin/site_settings', site, { query: { restaurant_id: restaurantId } }) : null;
      return { saved, images };
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getRestaurantQueryOptions(restaurantId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getSiteSettingsQueryOptions(restaurantId).queryKey }),
      ]),
  });
}
