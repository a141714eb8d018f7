import { useMutation, useQueryClient } from '@tanstack/react-query';
import { menuKey } from '../../../lib/menu.ts';

export function useCatalogMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKey }) });
}
