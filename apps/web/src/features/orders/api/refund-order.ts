import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundInputBody, RefundOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';
import { applyOrderDetail } from './order-cache.ts';

export type RefundOrderInput = RefundInputBody & { orderId: number };

/** POST /admin/orders/:id/refunds (admins): the server computes the amount and refunds through the order's processor. */
export function refundOrder({ orderId, ...body }: RefundOrderInput): Promise<RefundOutput> {
  return api.post<RefundOutput>(`/admin/orders/${orderId}/refunds`, body);
}

export function getRefundOrderMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'orders', 'refund'], mutationFn: refundOrder, meta: { globalLoading: true } });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({ ...getRefundOrderMutationOptions(), onSuccess: (result) => applyOrderDetail(queryClient, result.order) });
}
