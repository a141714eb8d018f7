import type { OptionOutput } from '@kusina/domain/menu';
import type { OptionStockInput } from '@kusina/domain/menu-inputs';
import { api } from '../../../lib/api-client.ts';
import { useCatalogMutation } from './use-catalog-mutation.ts';

/** PATCH /options/:id/stock: an option's count and its sold-out switch (staff may do this too, 0064/0072). */
export const useUpdateOptionStock = () =>
  useCatalogMutation(({ id, input }: { id: number; input: OptionStockInput }) => api.patch<OptionOutput>(`/options/${id}/stock`, input));
