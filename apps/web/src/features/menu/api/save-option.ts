import type { OptionOutput } from '@kusina/domain/menu';
import type { OptionCreateInput, OptionUpdateInput } from '@kusina/domain/menu-inputs';
import { api } from '../../../lib/api-client.ts';
import { useCatalogMutation } from './use-catalog-mutation.ts';

export const useSaveOption = () =>
  useCatalogMutation(({ groupId, id, input }: { groupId: number; id: number | null; input: OptionCreateInput | OptionUpdateInput }) =>
    id === null ? api.post<OptionOutput>(`/option_groups/${groupId}/options`, input) : api.patch<OptionOutput>(`/options/${id}`, input),
  );
