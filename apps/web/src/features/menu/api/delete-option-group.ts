import { api } from '../../../lib/api-client.ts';
import { useCatalogMutation } from './use-catalog-mutation.ts';

export const useDeleteOptionGroup = () => useCatalogMutation((id: number) => api.delete<void>(`/option_groups/${id}`));
