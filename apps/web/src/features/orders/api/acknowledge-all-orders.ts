import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcknowledgeAllInput, AcknowledgeOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';
import { applyAcknowledged } from './order-cache.ts';

/**
 * POST /admin/orders/acknowledge_all { up_to_id }: acknowledges every new order up to the newest
 * this screen has shown, so one arriving meanwhile still rings.
 */
export function acknowledgeAllOrders(input: AcknowledgeAllInput): Promise<AcknowledgeOutput> {
  return api.post<AcknowledgeOutput>('/admin/orders/acknowledge_all', input);
}

export function getAcknowledgeAllOrdersMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'orders', 'acknowledge-all'], mutationFn: acknowledgeAllOrders });
}

export function useAcknowledgeAllOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getAcknowledgeAllOrdersMutationOptions(),
    onSuccess: (result) => applyAcknowledged(queryClient, result.acknowledged_ids, result.acknowledged_at, result.unacknowledged_count),
  });
}
