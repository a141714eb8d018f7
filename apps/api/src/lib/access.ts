import { isAdminRole, isStaffRole } from '@kusina/domain/roles';
import { AppError } from './errors.ts';

/**
 * Who may act in which restaurant (docs/decisions/0003): the one place these rules are written.
 * Fastify-free, so services, the auth plugin and the realtime socket all read the same rules.
 */

/** The signed-in user a session resolves to. */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  phoneVerified: boolean;
  role: 'super_admin' | 'admin' | 'staff' | 'customer' | 'organiser';
  restaurantId: number;
}

/** A request's (or socket's) live session and its user. */
export interface Auth {
  user: SessionUser;
  sessionId: string;
}

export type AccessLevel = 'staff' | 'admin';

/** Staff (or, with 'admin', an admin) of this restaurant, or a super admin. */
export function canActFor(user: Pick<SessionUser, 'role' | 'restaurantId'> | null | undefined, restaurantId: number, level: AccessLevel = 'staff'): boolean {
  if (!user || !(level === 'admin' ? isAdminRole(user.role) : isStaffRole(user.role))) return false;
  return user.role === 'super_admin' || user.restaurantId === restaurantId;
}

/**
 * Staff and admins act only within their own restaurant; a super admin acts in every one.
 * Call inside the service, with the restaurant of the row being changed.
 */
export function assertRestaurantAccess(user: SessionUser, restaurantId: number, level: AccessLevel = 'staff'): void {
  if (!canActFor(user, restaurantId, level)) throw AppError.forbidden();
}

/**
 * The restaurant a call acts in: the one asked for, else the user's own; staff and admins only
 * within their own restaurant, super admins anywhere.
 */
export function scopeRestaurant(user: SessionUser, requested: number | undefined, level: AccessLevel = 'staff'): number {
  const restaurantId = requested ?? user.restaurantId;
  assertRestaurantAccess(user, restaurantId, level);
  return restaurantId;
}
