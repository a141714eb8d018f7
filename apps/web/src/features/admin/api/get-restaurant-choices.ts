import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RestaurantChoicesOutput } from '@kusina/domain/acting-restaurant';
import { api } from '../../../lib/api-client.ts';

/** GET /admin/restaurants (the super admin only): every restaurant and the one the session acts for. */
export function getRestaurantChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'restaurant-choices'],
    queryFn: () => api.get<RestaurantChoicesOutput>('/admin/restaurants'),
    meta: { userScoped: true },
  });
}

export function useRestaurantChoices(enabled: boolean) {
  return useQuery({ ...getRestaurantChoicesQueryOptions(), enabled });
}
