import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { CreateOrderInput, OrderCreateOutput } from '../../../lib/checkout-contracts.ts';
import { getMenuQueryOptions } from '../../../lib/menu.ts';
import { getOrdersQueryOptions } from '../../orders/api/get-orders.ts';

export interface CreateOrderRequest {
  input: CreateOrderInput;
  /** One key per checkout attempt, reused on retry, so the server places the order at most once. */
  idempotencyKey: string;
}

export function createOrder({ input, idempotencyKey }: CreateOrderRequest): Promise<OrderCreateOutput> {
  return api.post<OrderCreateOutput>('/orders', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

const ordersKeyPrefix = getOrdersQueryOptions({ sort: 'newest', status: '', page: 1 }).queryKey.slice(0, 1);

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      // Stock went down and the history has a new entry.
      void queryClient.invalidateQueries({ queryKey: getMenuQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ordersKeyPrefix });
    },
  });
}
