import { useQuery } from '@tanstack/react-query';
import { getSiteSettingsQueryOptions } from '../../../lib/restaurant.ts';

export function useSiteSettingsOf(restaurantId: number) {
  return useQuery(getSiteSettingsQueryOptions(restaurantId));
}
