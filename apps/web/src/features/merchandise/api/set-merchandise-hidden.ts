import { useMutation } from '@tanstack/react-query';
import type { MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { api } from '../../../lib/api-client.ts';
import { merchandiseAdminKey, useInvalidateCatalog } from './admin-merchandise-key.ts';

export function useSetMerchandiseHidden() {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationKey: [...merchandiseAdminKey, 'hidden'],
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) => api.patch<MerchandiseItemOutput>(`/merchandise_items/${id}`, { merchandise_item: { hidden } }),
    onSettled: invalidate,
  });
}
