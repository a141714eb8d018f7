import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcknowledgeOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';
import { applyAcknowledged } from './order-cache.ts';

/** POST /admin/orders/:id/acknowledge: someone at the counter has seen this new order. */
export function acknowledgeOrder(orderId: number): Promise<AcknowledgeOutput> {
  return api.post<AcknowledgeOutput>(`/admin/orders/${orderId}/acknowledge`);
}

export function getAcknowledgeOrderMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'orders', 'acknowledge'], mutationFn: acknowledgeOrder });
}

export function useAcknowledgeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getAcknowledgeOrderMutationOptions(),
    onSuccess: (result) => applyAcknowledged(queryClient, result.acknowledged_ids, result.acknowledged_at, result.unacknowledged_count),
  });
}
