import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutStatementOutput } from '@kusina/domain/wholesale-payout';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, wholesaleAdminKey } from './admin-request.ts';

/** GET /wholesale/admin/fundraisers/:id/payout_statement (admins and the fundraiser's organisers, decision 0125). */
export function getPayoutStatementQueryOptions(fundraiserId: number) {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'payout', fundraiserId],
    queryFn: () => api.get<Envelope<PayoutStatementOutput>>(`${base}/fundraisers/${fundraiserId}/payout_statement`).then((r) => r.data),
    meta: { userScoped: true },
  });
}

export const usePayoutStatement = (fundraiserId: number) => useQuery(getPayoutStatementQueryOptions(fundraiserId));
