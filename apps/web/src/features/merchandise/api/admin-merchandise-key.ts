import { useQueryClient } from '@tanstack/react-query';

/*
 * The shop's catalog for its admins (storefront.md §7 merchandise calls): every item, hidden ones
 * included, with variants and stock; writes invalidate the admin list and the storefront's own
 * queries, so the shop in another tab of the same browser shows the change at once.
 */
export const merchandiseAdminKey = ['admin', 'merchandise'] as const;

export function useInvalidateCatalog() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: merchandiseAdminKey }), queryClient.invalidateQueries({ queryKey: ['merchandise'] })]);
}
