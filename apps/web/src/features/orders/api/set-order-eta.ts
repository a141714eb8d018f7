import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetailOutput, OrderEtaInput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';
import { applyOrderDetail } from './order-cache.ts';

export type SetOrderEtaInput = OrderEtaInput & { orderId: number };

/** PATCH /admin/orders/:id/eta { estimated_pickup_time } or { minutes_from_now }. */
export function setOrderEta({ orderId, ...body }: SetOrderEtaInput): Promise<OrderDetailOutput> {
  return api.patch<OrderDetailOutput>(`/admin/orders/${orderId}/eta`, body);
}

export function getSetOrderEtaMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'orders', 'eta'], mutationFn: setOrderEta });
}

export function useSetOrderEta() {
  const queryClient = useQueryClient();
  return useMutation({ ...getSetOrderEtaMutationOptions(), onSuccess: (order) => applyOrderDetail(queryClient, order) });
}
