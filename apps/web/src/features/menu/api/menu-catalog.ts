import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuCategoryOutput, MenuItemOutput, OptionGroupOutput, OptionOutput } from '@kusina/domain/menu';
import type {
  MenuCategoryCreateInput,
  MenuCategoryUpdateInput,
  MenuItemCreateInput,
  MenuItemStockInput,
  MenuItemUpdateInput,
  OptionCreateInput,
  OptionGroupCreateInput,
  OptionGroupUpdateInput,
  OptionStockInput,
  OptionUpdateInput,
} from '@kusina/domain/menu-inputs';
import { api } from '../../../lib/api-client.ts';
import { getMenuQueryOptions, menuKey } from '../../../lib/menu.ts';

/*
 * The catalog admin (menu tab). It reads the same GET /menu the storefront does: that answer holds
 * every item of the active menu, sold out and out of season included (with is_available false), so
 * there is no admin-only read (docs/decisions/0063). Every write refetches the restaurant's menu
 * queries (the tab's list and an open storefront in the same browser); other browsers follow
 * menu_update.
 */

/** The menu of the signed-in admin's restaurant (the same query and cache as the storefront's /menu). */
export function useCatalog(restaurantId: number) {
  return useQuery(getMenuQueryOptions(restaurantId));
}

function useCatalogMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKey }) });
}

export const useSaveCategory = () =>
  useCatalogMutation(({ id, input }: { id: number | null; input: MenuCategoryCreateInput | MenuCategoryUpdateInput }) =>
    id === null ? api.post<MenuCategoryOutput>('/menu_categories', input) : api.patch<MenuCategoryOutput>(`/menu_categories/${id}`, input),
  );
export const useDeleteCategory = () => useCatalogMutation((id: number) => api.delete<void>(`/menu_categories/${id}`));

export const useSaveMenuItem = () =>
  useCatalogMutation(({ id, input }: { id: number | null; input: MenuItemCreateInput | MenuItemUpdateInput }) =>
    id === null ? api.post<MenuItemOutput>('/menu_items', input) : api.patch<MenuItemOutput>(`/menu_items/${id}`, input),
  );
export const useDeleteMenuItem = () => useCatalogMutation((id: number) => api.delete<void>(`/menu_items/${id}`));
/** PATCH /menu_items/:id/stock: the sold-out switch and the counts (staff may do this too). */
export const useUpdateItemStock = () =>
  useCatalogMutation(({ id, input }: { id: number; input: MenuItemStockInput }) => api.patch<MenuItemOutput>(`/menu_items/${id}/stock`, input));

export const useSaveOptionGroup = () =>
  useCatalogMutation(({ itemId, id, input }: { itemId: number; id: number | null; input: OptionGroupCreateInput | OptionGroupUpdateInput }) =>
    id === null ? api.post<OptionGroupOutput>(`/menu_items/${itemId}/option_groups`, input) : api.patch<OptionGroupOutput>(`/option_groups/${id}`, input),
  );
export const useDeleteOptionGroup = () => useCatalogMutation((id: number) => api.delete<void>(`/option_groups/${id}`));

export const useSaveOption = () =>
  useCatalogMutation(({ groupId, id, input }: { groupId: number; id: number | null; input: OptionCreateInput | OptionUpdateInput }) =>
    id === null ? api.post<OptionOutput>(`/option_groups/${groupId}/options`, input) : api.patch<OptionOutput>(`/options/${id}`, input),
  );
/** PATCH /options/:id/stock: an option's count and its sold-out switch (staff may do this too, 0064/0072). */
export const useUpdateOptionStock = () =>
  useCatalogMutation(({ id, input }: { id: number; input: OptionStockInput }) => api.patch<OptionOutput>(`/options/${id}/stock`, input));
export const useDeleteOption = () => useCatalogMutation((id: number) => api.delete<void>(`/options/${id}`));
