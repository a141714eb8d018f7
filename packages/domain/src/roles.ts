import { z } from 'zod';

export const ROLES = ['super_admin', 'admin', 'staff', 'customer', 'organiser'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Admins of a restaurant, and super admins of every restaurant. */
export function isAdminRole(role: Role): boolean {
  return role === 'admin' || role === 'super_admin';
}

/** Everyone who may open /admin: admins and staff (storefront.md §6). */
export function isStaffRole(role: Role): boolean {
  return role === 'staff' || isAdminRole(role);
}

/**
 * A fundraiser's organiser (a coach or team parent, decision 0124): manages only the fundraisers
 * assigned to them, nothing else of the restaurant (not staff, not an admin).
 */
export function isOrganiserRole(role: Role): boolean {
  return role === 'organiser';
}

/** Who may open /admin: staff and admins, and organisers (who see only their fundraisers there). */
export function opensAdmin(role: Role): boolean {
  return isStaffRole(role) || isOrganiserRole(role);
}
