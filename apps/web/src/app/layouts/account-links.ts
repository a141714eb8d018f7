import { isAdminRole, isOrganiserRole, isStaffRole } from '@kusina/domain/roles';
import type { SessionUser } from '../../stores/auth-store.ts';

export interface AccountLink {
  label: string;
  to: string;
  /** The admin link preloads the dashboard chunk on hover or touch. */
  admin?: boolean;
}

const ADMIN_TOOLS_LABEL = 'Admin Tools';
const STAFF_TOOLS_LABEL = 'Staff Tools / Order Management';
const MANAGE_RESERVATIONS_LABEL = 'Manage Reservations';
export const MY_FUNDRAISER_LABEL = 'My Fundraiser';

/**
 * The user menu's entries (storefront.md §2 Header, §6): Admin Tools for admins (staff without
 * admin rights see Staff Tools / Order Management), Order History, My Profile. The mobile menu
 * adds Manage Reservations for admins and super admins only. Sign Out is rendered by each menu.
 */
export function accountLinks(user: SessionUser, { mobile = false }: { mobile?: boolean } = {}): AccountLink[] {
  const links: AccountLink[] = [];
  if (isStaffRole(user.role)) links.push({ label: isAdminRole(user.role) ? ADMIN_TOOLS_LABEL : STAFF_TOOLS_LABEL, to: '/admin', admin: true });
  // An organiser's management is their fundraiser (decision 0124).
  if (isOrganiserRole(user.role)) links.push({ label: MY_FUNDRAISER_LABEL, to: '/admin', admin: true });
  if (mobile && isAdminRole(user.role)) links.push({ label: MANAGE_RESERVATIONS_LABEL, to: '/reservations/dashboard' });
  links.push({ label: 'Order History', to: '/orders' }, { label: 'My Profile', to: '/profile' });
  return links;
}
