import { api } from '../../../lib/api-client.ts';
import { useCatalogMutation } from './use-catalog-mutation.ts';

export const useDeleteOption = () => useCatalogMutation((id: number) => api.delete<void>(`/options/${id}`));
