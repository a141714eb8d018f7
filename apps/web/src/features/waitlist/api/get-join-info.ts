import { useQuery } from '@tanstack/react-query';
import type { WaitlistJoinInfo } from '@kusina/domain/waitlist';
import { api } from '../../../lib/api-client.ts';

/** GET /public/waitlist_join: the restaurant's name, its largest party and how many wait now (decision 0108). */
export function getJoinInfo(restaurantId: number): Promise<WaitlistJoinInfo> {
  return api.get<WaitlistJoinInfo>('/public/waitlist_join', { query: { restaurant_id: restaurantId } });
}

export function useJoinInfo(restaurantId: number) {
  return useQuery({ queryKey: ['waitlist', 'join-info', restaurantId], queryFn: () => getJoinInfo(restaurantId), retry: false });
}
