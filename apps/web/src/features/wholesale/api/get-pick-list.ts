import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, wholesaleAdminKey } from './admin-request.ts';

export interface PickList {
  fundraiser: { id: number; name: string; pickup_display_name: string | null; pickup_hours: string | null };
  by_participant: { participant: string; orders: { orderNumber: string; customerName: string; status: string; items: { name: string; variant: string | null; quantity: number }[] }[] }[];
  by_item: { name: string; variant: string | null; quantity: number }[];
}

export function getPickListQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'pick-list', id],
    queryFn: () => api.get<Envelope<PickList>>(`${base}/fundraisers/${id}/pick_list`).then((r) => r.data),
    meta: { userScoped: true },
  });
}

export const usePickList = (id: number, enabled: boolean) => useQuery({ ...getPickListQueryOptions(id), enabled });
