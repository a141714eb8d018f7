import type { MenuItemOutput } from '@kusina/domain/menu';
import type { MenuItemStockInput } from '@kusina/domain/menu-inputs';
import { api } from '../../../lib/api-client.ts';
import { useCatalogMutation } from './use-catalog-mutation.ts';

/** PATCH /menu_items/:id/stock: the sold-out switch and the counts (staff may do this too). */
export const useUpdateItemStock = () =>
  useCatalogMutation(({ id, input }: { id: number; input: MenuItemStockInput }) => api.patch<MenuItemOutput>(`/menu_items/${id}/stock`, input));
