import { isStaffRole } from '@kusina/domain/roles';
import { ApiError } from './api-client.ts';
import type { SessionUser } from '../stores/auth-store.ts';

/*
 * The small part of a staff order (issue #5) the checkout page itself needs: who may see the section,
 * the choice it holds, the labels the summary and the confirmation show, and the server's field
 * errors. The section's UI and its two requests live in components/staff-order-section.tsx, a lazy
 * chunk customers never download.
 */

/** The discount a staff order uses: a configuration's id, 'none', or undefined until the list has loaded. */
export type StaffDiscountChoice = number | 'none' | undefined;

export interface StaffOrderValue {
  /** The switch "This order is for a staff member". */
  enabled: boolean;
  /** staff_member_name: the staff member the order is for ('' until chosen). */
  memberName: string;
  discount: StaffDiscountChoice;
}

export const EMPTY_STAFF_ORDER: StaffOrderValue = { enabled: false, memberName: '', discount: undefined };

/** The fields of a staff order the server names in a 422 (details.fields). */
export interface StaffOrderErrors {
  staff_member_name?: string;
  staff_discount_id?: string;
  promo_code?: string;
}

/** Element ids the page focuses when the server or the form refuses a field. */
export const STAFF_MEMBER_FIELD_ID = 'staff-member-name';
export const STAFF_DISCOUNT_GROUP_ID = 'staff-discount-group';

/** Staff, admins of this restaurant and super admins place staff orders (the server checks again). */
export function canPlaceStaffOrder(user: SessionUser | null, restaurantId: number): boolean {
  if (!user || !isStaffRole(user.role)) return false;
  return user.role === 'super_admin' || user.restaurant_id === restaurantId;
}

/** The staff_discount_id to send, or undefined when the order has none. */
export function staffDiscountId(value: StaffOrderValue): number | undefined {
  return value.enabled && typeof value.discount === 'number' ? value.discount : undefined;
}

/** 50 → '50%', 12.5 → '12.5%'. */
export function formatPercentage(percentage: number): string {
  return `${Number(percentage.toFixed(2))}%`;
}

/** 'On Duty 50%': the discount line's words at checkout and on the confirmation. */
export function staffDiscountLabel(name: string, percentage: number | null | undefined): string {
  return percentage === null || percentage === undefined ? name : `${name} ${formatPercentage(percentage)}`;
}

/** The staff order's fields a refused request named (details.fields), if any. */
export function staffOrderErrorsFrom(error: unknown): StaffOrderErrors {
  if (!(error instanceof ApiError)) return {};
  const { staff_member_name, staff_discount_id, promo_code } = error.fields;
  return {
    ...(staff_member_name ? { staff_member_name } : {}),
    ...(staff_discount_id ? { staff_discount_id } : {}),
    ...(promo_code ? { promo_code } : {}),
  };
}

export function hasStaffOrderErrors(errors: StaffOrderErrors): boolean {
  return Boolean(errors.staff_member_name || errors.staff_discount_id || errors.promo_code);
}
