import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { OrderView } from '../../../lib/checkout-contracts.ts';

/** The confirmation: the order's access token (from the confirmation link) or the signed-in owner opens it. */
export function getOrder(orderId: string, token: string | null): Promise<OrderView> {
  return api.get<OrderView>(`/orders/${encodeURIComponent(orderId)}`, { query: { token } });
}

export function getOrderQueryOptions(orderId: string, token: string | null) {
  return queryOptions({
    queryKey: ['orders', 'detail', orderId, { token }],
    queryFn: () => getOrder(orderId, token),
  });
}

export function useOrder(orderId: string | undefined, token: string | null, initialData?: OrderView) {
  return useQuery({
    ...getOrderQueryOptions(orderId ?? '', token),
    enabled: Boolean(orderId),
    initialData,
    // The order placed a moment ago is shown at once and refreshed from the server in the background.
    initialDataUpdatedAt: initialData ? 0 : undefined,
  });
}
