import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountConfigurationOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';

/** GET /discount_configurations (admins): every configuration, active or not. */
export function getDiscountConfigurations(): Promise<DiscountConfigurationOutput[]> {
  return api.get<DiscountConfigurationOutput[]>('/discount_configurations');
}

export function getDiscountConfigurationsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'discount-configurations'],
    queryFn: getDiscountConfigurations,
    meta: { userScoped: true },
  });
}

export function useDiscountConfigurations() {
  return useQuery(getDiscountConfigurationsQueryOptions());
}
