import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountConfigurationOutput, DiscountConfigurationUpdateInput } from '@kusina/domain/order-management';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { getDiscountConfigurationsQueryOptions } from './get-discount-configurations.ts';

export type UpdateDiscountConfigurationInput = z.input<typeof DiscountConfigurationUpdateInput> & { id: number };

/** PATCH /discount_configurations/:id (admins). */
export function updateDiscountConfiguration({ id, ...body }: UpdateDiscountConfigurationInput): Promise<DiscountConfigurationOutput> {
  return api.patch<DiscountConfigurationOutput>(`/discount_configurations/${id}`, body);
}

export function getUpdateDiscountConfigurationMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'discount-configurations', 'update'], mutationFn: updateDiscountConfiguration });
}

export function useUpdateDiscountConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getUpdateDiscountConfigurationMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getDiscountConfigurationsQueryOptions().queryKey }),
  });
}
