import { api } from '../../../lib/api-client.ts';
import { useCatalogMutation } from './use-catalog-mutation.ts';

export const useDeleteMenuItem = () => useCatalogMutation((id: number) => api.delete<void>(`/menu_items/${id}`));
