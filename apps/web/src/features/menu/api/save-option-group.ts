import type { OptionGroupOutput } from '@kusina/domain/menu';
import type { OptionGroupCreateInput, OptionGroupUpdateInput } from '@kusina/domain/menu-inputs';
import { api } from '../../../lib/api-client.ts';
import { useCatalogMutation } from './use-catalog-mutation.ts';

export const useSaveOptionGroup = () =>
  useCatalogMutation(({ itemId, id, input }: { itemId: number; id: number | null; input: OptionGroupCreateInput | OptionGroupUpdateInput }) =>
    id === null ? api.post<OptionGroupOutput>(`/menu_items/${itemId}/option_groups`, input) : api.patch<OptionGroupOutput>(`/option_groups/${id}`, input),
  );
