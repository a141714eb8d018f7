import type { RestaurantOutput } from '@kusina/domain/restaurants';
import { api } from '../../../lib/api-client.ts';

export const updateRestaurant = (id: number, body: Record<string, unknown>) => api.patch<RestaurantOutput>(`/restaurants/${id}`, body);
