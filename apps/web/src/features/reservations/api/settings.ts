import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountConfigurationOutput } from '@kusina/domain/order-management';
import type {
  BlockedPeriodOutput,
  LocationCapacityOutput,
  OperatingHoursOutput,
  OperatingHoursUpdateInput,
  SpecialEventOutput,
} from '@kusina/domain/reservations';
import type { RestaurantOutput } from '@kusina/domain/restaurants';
import { api } from '../../../lib/api-client.ts';

/*
 * Admin Settings, Blocked Periods and Capacities (backoffice §7). Staff discount options are the
 * discount configurations of order management: the same endpoints and the same cache key as the
 * admin dashboard's panel, one table behind both.
 */

export const settingsKey = ['reservations', 'settings'] as const;

export function getHoursQueryOptions() {
  return queryOptions({ queryKey: [...settingsKey, 'hours'], queryFn: () => api.get<OperatingHoursOutput[]>('/operating_hours'), meta: { userScoped: true } });
}
export function getEventsQueryOptions() {
  return queryOptions({ queryKey: [...settingsKey, 'events'], queryFn: () => api.get<SpecialEventOutput[]>('/special_events'), meta: { userScoped: true } });
}
export function getDiscountsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'discount-configurations'], queryFn: () => api.get<DiscountConfigurationOutput[]>('/discount_configurations'), meta: { userScoped: true } });
}
export function getRestaurantSettingsQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: [...settingsKey, 'restaurant', restaurantId],
    queryFn: () => api.get<RestaurantOutput>(`/restaurants/${restaurantId}`, { query: { include_settings: true } }),
    meta: { userScoped: true },
  });
}

export const useHours = () => useQuery(getHoursQueryOptions());
export const useEvents = () => useQuery(getEventsQueryOptions());
export const useDiscounts = () => useQuery(getDiscountsQueryOptions());
export const useRestaurantSettings = (restaurantId: number) => useQuery(getRestaurantSettingsQueryOptions(restaurantId));

export const updateHours = (id: number, body: OperatingHoursUpdateInput) => api.patch<OperatingHoursOutput>(`/operating_hours/${id}`, body);
export const createEvent = (body: Record<string, unknown>) => api.post<SpecialEventOutput>('/special_events', body);
export const updateEvent = (id: number, body: Record<string, unknown>) => api.patch<SpecialEventOutput>(`/special_events/${id}`, body);
export const deleteEvent = (id: number) => api.delete<void>(`/special_events/${id}`);
export const createDiscount = (body: Record<string, unknown>) => api.post<DiscountConfigurationOutput>('/discount_configurations', body);
export const updateDiscount = (id: number, body: Record<string, unknown>) => api.patch<DiscountConfigurationOutput>(`/discount_configurations/${id}`, body);
export const deleteDiscount = (id: number) => api.delete<void>(`/discount_configurations/${id}`);
export const updateRestaurant = (id: number, body: Record<string, unknown>) => api.patch<RestaurantOutput>(`/restaurants/${id}`, body);

// ── Blocked periods ─────────────────────────────────────────────────────────────────────
export interface BlockedFilter {
  locationId: number | null;
  date: string;
}
export function getBlockedPeriodsQueryOptions(filter: BlockedFilter) {
  return queryOptions({
    queryKey: [...settingsKey, 'blocked', filter],
    queryFn: () =>
      api.get<BlockedPeriodOutput[]>('/blocked_periods', { query: { location_id: filter.locationId ?? undefined, start_date: filter.date || undefined, end_date: filter.date || undefined } }),
    meta: { userScoped: true },
  });
}
export const useBlockedPeriods = (filter: BlockedFilter) => useQuery(getBlockedPeriodsQueryOptions(filter));
export const saveBlockedPeriod = (id: number | null, body: Record<string, unknown>) =>
  id === null ? api.post<BlockedPeriodOutput>('/blocked_periods', body) : api.put<BlockedPeriodOutput>(`/blocked_periods/${id}`, body);
export const deleteBlockedPeriod = (id: number) => api.delete<void>(`/blocked_periods/${id}`);

// ── Location capacities ─────────────────────────────────────────────────────────────────
export function getCapacitiesQueryOptions() {
  return queryOptions({ queryKey: [...settingsKey, 'capacities'], queryFn: () => api.get<LocationCapacityOutput[]>('/location_capacities'), meta: { userScoped: true } });
}
export const useCapacities = () => useQuery(getCapacitiesQueryOptions());
export const saveCapacity = (capacity: LocationCapacityOutput, body: { total_capacity: number; default_table_capacity: number }) =>
  capacity.id === 0
    ? api.post<LocationCapacityOutput>('/location_capacities', { location_id: capacity.location_id, ...body })
    : api.put<LocationCapacityOutput>(`/location_capacities/${capacity.id}`, body);
