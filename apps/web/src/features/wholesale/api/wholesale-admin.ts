import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardOutput, FundraiserDetailOutput, FundraiserInput, FundraiserOutput, ItemInput, ItemOutput, OrderOutput, ParticipantInput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';

/* Fundraiser management (issue #22): /api/v1/wholesale/admin, answers in { success, message, data }. */

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

const base = '/wholesale/admin';
export const wholesaleAdminKey = ['admin', 'wholesale'] as const;

export function getAdminFundraisersQueryOptions() {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'fundraisers'],
    queryFn: () => api.get<Envelope<{ fundraisers: FundraiserOutput[] }>>(`${base}/fundraisers`).then((r) => r.data.fundraisers),
    meta: { userScoped: true },
  });
}

export function getAdminFundraiserQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'fundraiser', id],
    queryFn: () => api.get<Envelope<{ fundraiser: FundraiserDetailOutput }>>(`${base}/fundraisers/${id}`).then((r) => r.data.fundraiser),
    meta: { userScoped: true },
  });
}

export function getDashboardQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'dashboard', id],
    queryFn: () => api.get<Envelope<DashboardOutput>>(`${base}/fundraisers/${id}/dashboard`).then((r) => r.data),
    meta: { userScoped: true },
  });
}

export interface AdminOrderFilters {
  fundraiser_id?: number;
  participant_id?: string;
  status?: string;
}

export function getAdminOrdersQueryOptions(filters: AdminOrderFilters) {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'orders', filters],
    queryFn: () => api.get<Envelope<{ orders: OrderOutput[] }>>(`${base}/orders`, { query: { ...filters } }).then((r) => r.data.orders),
    meta: { userScoped: true },
  });
}

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

export const useAdminFundraisers = () => useQuery(getAdminFundraisersQueryOptions());
export const useAdminFundraiser = (id: number) => useQuery(getAdminFundraiserQueryOptions(id));
export const useWholesaleDashboard = (id: number) => useQuery(getDashboardQueryOptions(id));
export const useAdminWholesaleOrders = (filters: AdminOrderFilters) => useQuery(getAdminOrdersQueryOptions(filters));
export const usePickList = (id: number, enabled: boolean) => useQuery({ ...getPickListQueryOptions(id), enabled });

/** Every management change refreshes the area's queries (one key prefix). */
function useWholesaleMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: wholesaleAdminKey }) });
}

export const useSaveFundraiser = () =>
  useWholesaleMutation(({ id, input }: { id: number | null; input: FundraiserInput }) =>
    (id === null ? api.post<Envelope<{ fundraiser: FundraiserDetailOutput }>>(`${base}/fundraisers`, input) : api.put<Envelope<{ fundraiser: FundraiserDetailOutput }>>(`${base}/fundraisers/${id}`, input)).then(
      (r) => r.data.fundraiser,
    ),
  );
export const useDuplicateFundraiser = () =>
  useWholesaleMutation((id: number) => api.post<Envelope<{ fundraiser: FundraiserDetailOutput }>>(`${base}/fundraisers/${id}/duplicate`).then((r) => r.data.fundraiser));
export const useAddParticipant = () =>
  useWholesaleMutation(({ fundraiserId, input }: { fundraiserId: number; input: ParticipantInput }) => api.post(`${base}/fundraisers/${fundraiserId}/participants`, input));
export const useUpdateParticipant = () => useWholesaleMutation(({ id, input }: { id: number; input: ParticipantInput }) => api.put(`${base}/participants/${id}`, input));
export const useSaveItem = () =>
  useWholesaleMutation(({ fundraiserId, id, input }: { fundraiserId: number; id: number | null; input: ItemInput }) =>
    (id === null ? api.post<Envelope<{ item: ItemOutput }>>(`${base}/fundraisers/${fundraiserId}/items`, input) : api.put<Envelope<{ item: ItemOutput }>>(`${base}/items/${id}`, input)).then((r) => r.data.item),
  );
export const useUpdateVariant = () => useWholesaleMutation(({ id, stock }: { id: number; stock: number }) => api.patch(`${base}/variants/${id}`, { stock_quantity: stock }));
export const useOrderStatus = () => useWholesaleMutation(({ id, status }: { id: number; status: string }) => api.patch(`${base}/orders/${id}/status`, { status }));
export const useBulkStatus = () =>
  useWholesaleMutation(({ ids, status }: { ids: number[]; status: string }) =>
    api.post<Envelope<{ results: { id: number; ok: boolean; message: string | null }[] }>>(`${base}/orders/bulk_status`, { order_ids: ids, status }).then((r) => r.data.results),
  );

/** Uploads an image (re-encoded to WebP by the server) and answers its URL. */
export function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  return api.post<Envelope<{ url: string }>>(`${base}/uploads`, form).then((r) => r.data.url);
}

/** The orders as CSV, fetched with the session's cookie (the file is built by the server). */
export async function downloadOrdersCsv(filters: AdminOrderFilters): Promise<void> {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
  const response = await fetch(`/api/v1${base}/orders.csv?${params}`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error('Could not export the orders.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'wholesale-orders.csv';
  link.click();
  URL.revokeObjectURL(url);
}
