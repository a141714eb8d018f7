import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { merchandiseAdminKey, useInvalidateCatalog } from './admin-merchandise-key.ts';

export function useDeleteMerchandiseItem() {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationKey: [...merchandiseAdminKey, 'delete'],
    mutationFn: (id: number) => api.delete<null>(`/merchandise_items/${id}`),
    onSettled: invalidate,
  });
}
