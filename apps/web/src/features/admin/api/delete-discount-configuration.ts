import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { getDiscountConfigurationsQueryOptions } from './get-discount-configurations.ts';

/** DELETE /discount_configurations/:id (admins). */
export function deleteDiscountConfiguration(id: number): Promise<void> {
  return api.delete<void>(`/discount_configurations/${id}`);
}

export function getDeleteDiscountConfigurationMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'discount-configurations', 'delete'], mutationFn: deleteDiscountConfiguration });
}

export function useDeleteDiscountConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getDeleteDiscountConfigurationMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getDiscountConfigurationsQueryOptions().queryKey }),
  });
}
