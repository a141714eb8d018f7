import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestaurantChoicesOutput } from '@kusina/domain/acting-restaurant';
import { api } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/**
 * PUT /admin/acting_restaurant (the super admin only): the session acts for this restaurant from now
 * on. The signed-in user's restaurant follows, and every cached answer is dropped and asked again,
 * so each tab (and the live order board) shows the picked restaurant.
 */
export function useActForRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'acting-restaurant'],
    mutationFn: (restaurantId: number) => api.put<RestaurantChoicesOutput>('/admin/acting_restaurant', { restaurant_id: restaurantId }),
    onSuccess: async (choices) => {
      const { user, setUser } = useAuthStore.getState();
      if (user) setUser({ ...user, restaurant_id: choices.acting_restaurant_id });
      await queryClient.resetQueries();
    },
  });
}
