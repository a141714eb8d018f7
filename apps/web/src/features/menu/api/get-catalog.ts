import { useQuery } from '@tanstack/react-query';
import { getMenuQueryOptions } from '../../../lib/menu.ts';

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
