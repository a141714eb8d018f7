import type { MenuItemOutput } from '@kusina/domain/menu';
import type { MenuItemCreateInput, MenuItemUpdateInput } from '@kusina/domain/menu-inputs';
import { api } from '../../../lib/api-client.ts';
import { useCatalogMutation } from './use-catalog-mutation.ts';

export const useSaveMenuItem = () =>
  useCatalogMutation(({ id, input }: { id: number | null; input: MenuItemCreateInput | MenuItemUpdateInput }) =>
    id === null ? api.post<MenuItemOutput>('/menu_items', input) : api.patch<MenuItemOutput>(`/menu_items/${id}`, input),
  );
