import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MerchandiseCollectionOutput, MerchandiseItemOutput, MerchandiseVariantDeleteOutput, StockChangeOutput } from '@kusina/domain/merchandise';
import { api } from '../../../lib/api-client.ts';

/*
 * The shop's catalog for its admins (storefront.md §7 merchandise calls): every item, hidden ones
 * included, with variants and stock; writes invalidate the admin list and the storefront's own
 * queries, so the shop in another tab of the same browser shows the change at once.
 */
export const merchandiseAdminKey = ['admin', 'merchandise'] as const;

export function getAdminMerchandiseItemsQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: [...merchandiseAdminKey, 'items', restaurantId],
    queryFn: () => api.get<MerchandiseItemOutput[]>('/merchandise_items', { query: { restaurant_id: restaurantId, include_stock: true, admin: true, show_all: true } }),
    meta: { userScoped: true },
  });
}

export function getAdminMerchandiseCollectionsQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: [...merchandiseAdminKey, 'collections', restaurantId],
    queryFn: () => api.get<MerchandiseCollectionOutput[]>('/merchandise_collections', { query: { restaurant_id: restaurantId, show_all: true } }),
    meta: { userScoped: true },
  });
}

export function useAdminMerchandiseItems(restaurantId: number) {
  return useQuery(getAdminMerchandiseItemsQueryOptions(restaurantId));
}

export function useAdminMerchandiseCollections(restaurantId: number) {
  return useQuery(getAdminMerchandiseCollectionsQueryOptions(restaurantId));
}

/** A variant as the item form sends it: an id keeps (and edits) an existing one; stock only on new ones. */
export interface VariantFields {
  id?: number;
  size?: string;
  color?: string;
  price_adjustment?: number;
  stock_quantity?: number;
}

/** The item's fields as the form sends them (JSON; the image travels separately, see uploadImage). */
export interface ItemFields {
  restaurant_id?: number;
  name: string;
  description: string;
  base_price: number;
  category_name: string | null;
  merchandise_collection_id: number | null;
  image_url?: string | null;
  enable_stock_tracking: boolean;
  hidden?: boolean;
  variants?: VariantFields[];
}

function useInvalidateCatalog() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: merchandiseAdminKey }), queryClient.invalidateQueries({ queryKey: ['merchandise'] })]);
}

/** POST /merchandise_items/:id/upload_image: the picture replaces the item's main image (re-encoded by the server). */
export function uploadImage(id: number, file: File): Promise<MerchandiseItemOutput> {
  const form = new FormData();
  form.append('image', file);
  return api.post<MerchandiseItemOutput>(`/merchandise_items/${id}/upload_image`, form);
}

/** Create or update an item, then upload its picture when one was chosen. */
export function useSaveMerchandiseItem() {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationKey: [...merchandiseAdminKey, 'save'],
    mutationFn: async ({ id, fields, image }: { id: number | null; fields: ItemFields; image: File | null }) => {
      const saved = id
        ? await api.patch<MerchandiseItemOutput>(`/merchandise_items/${id}`, { merchandise_item: fields })
        : await api.post<MerchandiseItemOutput>('/merchandise_items', { merchandise_item: fields });
      return image ? uploadImage(saved.id, image) : saved;
    },
    onSettled: invalidate,
  });
}

export function useSetMerchandiseHidden() {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationKey: [...merchandiseAdminKey, 'hidden'],
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) => api.patch<MerchandiseItemOutput>(`/merchandise_items/${id}`, { merchandise_item: { hidden } }),
    onSettled: invalidate,
  });
}

export function useDeleteMerchandiseItem() {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationKey: [...merchandiseAdminKey, 'delete'],
    mutationFn: (id: number) => api.delete<null>(`/merchandise_items/${id}`),
    onSettled: invalidate,
  });
}

/**
 * DELETE /merchandise_variants/:id: gone, or archived when orders name it (`archived`: no longer
 * sold, kept for those orders, decision 0072).
 */
export function useDeleteMerchandiseVariant() {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationKey: [...merchandiseAdminKey, 'delete-variant'],
    mutationFn: (id: number) => api.delete<MerchandiseVariantDeleteOutput>(`/merchandise_variants/${id}`),
    onSettled: invalidate,
  });
}

export type StockChange =
  | { kind: 'count'; itemId: number; variantId: number; stock_quantity: number; reason: string }
  | { kind: 'damaged'; itemId: number; variantId: number; quantity: number; reason: string };

/** A variant's stock count set, or units written off as damaged; each with its reason in the audit trail. */
export function useChangeMerchandiseStock() {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationKey: [...merchandiseAdminKey, 'stock'],
    mutationFn: (change: StockChange) =>
      change.kind === 'count'
        ? api.post<StockChangeOutput>(`/merchandise_items/${change.itemId}/variants/${change.variantId}/update_stock`, { stock_quantity: change.stock_quantity, reason: change.reason })
        : api.post<StockChangeOutput>(`/merchandise_items/${change.itemId}/mark_as_damaged`, { variant_id: change.variantId, quantity: change.quantity, reason: change.reason }),
    onSettled: invalidate,
  });
}
