import { useMutation, useQueryClient } from '@tanstack/react-query';

/* Fundraiser management (issue #22): /api/v1/wholesale/admin, answers in { success, message, data }. */

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export const base = '/wholesale/admin';

export const wholesaleAdminKey = ['admin', 'wholesale'] as const;

/** Every management change refreshes the area's queries (one key prefix). */
export function useWholesaleMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: wholesaleAdminKey }) });
}
