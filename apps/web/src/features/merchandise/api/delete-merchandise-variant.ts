import { useMutation } from '@tanstack/react-query';
import type { MerchandiseVariantDeleteOutput } from '@kusina/domain/merchandise';
import { api } from '../../../lib/api-client.ts';
import { merchandiseAdminKey, useInvalidateCatalog } from './admin-merchandise-key.ts';

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
