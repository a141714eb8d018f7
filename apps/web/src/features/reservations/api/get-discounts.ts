import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountConfigurationOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';

export function getDiscountsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'discount-configurations'], queryFn: () => api.get<DiscountConfigurationOutput[]>('/discount_configurations'), meta: { userScoped: true } });
}

export const useDiscounts = () => useQuery(getDiscountsQueryOptions());
