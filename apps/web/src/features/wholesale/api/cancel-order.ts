import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Envelope, Order } from './contracts.ts';
import { getOrderQueryOptions } from './get-order.ts';
import { getOrdersQueryOptions } from './get-orders.ts';

export function cancelOrder(id: number, token: string | null): Promise<Order> {
  return api.delete<Envelope<{ order: Order }>>(`/wholesale/orders/${id}/cancel`, { query: { token } }).then((r) => r.data.order);
}

/** On success the order on screen is replaced by the one the server returns (§4). */
export function useCancelOrder(id: number, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(id, token),
    onSuccess: (order) => {
      queryClient.setQueryData(getOrderQueryOptions(id, token).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey.slice(0, 3) });
    },
  });
}
