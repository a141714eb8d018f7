import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountConfigurationOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /discount_configurations/active: the staff discount options a staff order may use
 * (backoffice-reservations.md §3), in display order.
 */
export async function getActiveStaffDiscounts(restaurantId: number): Promise<DiscountConfigurationOutput[]> {
  const discounts = await api.get<DiscountConfigurationOutput[]>('/discount_configurations/active', { query: { restaurant_id: restaurantId } });
  return [...discounts].sort((a, b) => a.display_order - b.display_order || a.name.localeCompare(b.name));
}

export function getActiveStaffDiscountsQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: ['checkout', 'staff-discounts', restaurantId],
    queryFn: () => getActiveStaffDiscounts(restaurantId),
    staleTime: 60_000,
    meta: { userScoped: true },
  });
}

/** Loads only while `enabled` (the staff order switch is on). */
export function useActiveStaffDiscounts(restaurantId: number, enabled: boolean) {
  return useQuery({ ...getActiveStaffDiscountsQueryOptions(restaurantId), enabled });
}
