import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetailOutput, OrderStatusChangeInput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';
import { applyOrderDetail } from './order-cache.ts';

export interface ChangeOrderStatusInput extends OrderStatusChangeInput {
  orderId: number;
}

/** PATCH /admin/orders/:id/status: the server accepts only legal transitions and records who and when. */
export function changeOrderStatus({ orderId, ...body }: ChangeOrderStatusInput): Promise<OrderDetailOutput> {
  return api.patch<OrderDetailOutput>(`/admin/orders/${orderId}/status`, body);
}

export function getChangeOrderStatusMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'orders', 'status'], mutationFn: changeOrderStatus });
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({ ...getChangeOrderStatusMutationOptions(), onSuccess: (order) => applyOrderDetail(queryClient, order) });
}
