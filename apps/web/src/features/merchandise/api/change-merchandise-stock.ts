import { useMutation } from '@tanstack/react-query';
import type { StockChangeOutput } from '@kusina/domain/merchandise';
import { api } from '../../../lib/api-client.ts';
import { merchandiseAdminKey, useInvalidateCatalog } from './admin-merchandise-key.ts';

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
