import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganisersOutput } from '@kusina/domain/wholesale-organisers';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, wholesaleAdminKey } from './admin-request.ts';

/** GET /wholesale/admin/fundraisers/:id/organisers (admins, decision 0124). */
export function getOrganisersQueryOptions(fundraiserId: number) {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'organisers', fundraiserId],
    queryFn: () => api.get<Envelope<OrganisersOutput>>(`${base}/fundraisers/${fundraiserId}/organisers`).then((r) => r.data),
    meta: { userScoped: true },
  });
}

export const useOrganisers = (fundraiserId: number) => useQuery(getOrganisersQueryOptions(fundraiserId));
