import type { MenuCategoryOutput } from '@kusina/domain/menu';
import type { MenuCategoryCreateInput, MenuCategoryUpdateInput } from '@kusina/domain/menu-inputs';
import { api } from '../../../lib/api-client.ts';
import { useCatalogMutation } from './use-catalog-mutation.ts';

export const useSaveCategory = () =>
  useCatalogMutation(({ id, input }: { id: number | null; input: MenuCategoryCreateInput | MenuCategoryUpdateInput }) =>
    id === null ? api.post<MenuCategoryOutput>('/menu_categories', input) : api.patch<MenuCategoryOutput>(`/menu_categories/${id}`, input),
  );
