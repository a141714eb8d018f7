import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountConfigurationOutput, DiscountConfigurationCreateInput } from '@kusina/domain/order-management';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { getDiscountConfigurationsQueryOptions } from './get-discount-configurations.ts';

export type CreateDiscountConfigurationInput = z.input<typeof DiscountConfigurationCreateInput>;

/** POST /discount_configurations (admins). */
export function createDiscountConfiguration(input: CreateDiscountConfigurationInput): Promise<DiscountConfigurationOutput> {
  return api.post<DiscountConfigurationOutput>('/discount_configurations', input);
}

export function getCreateDiscountConfigurationMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'discount-configurations', 'create'], mutationFn: createDiscountConfiguration });
}

export function useCreateDiscountConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getCreateDiscountConfigurationMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getDiscountConfigurationsQueryOptions().queryKey }),
  });
}
