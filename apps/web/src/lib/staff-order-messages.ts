/**
 * Staff orders at checkout and on the confirmation (issue #5). Kept out of messages.ts, which the home
 * route downloads, so these words travel only with the checkout. The server's refusals come from
 * @kusina/domain checkout.ts.
 */
export const StaffOrderText = {
  description: 'Place this order on behalf of a staff member, with a staff discount.',
  switchLabel: 'This order is for a staff member',
  chooseMember: 'Choose a staff member',
  loadingMembers: 'Loading staff members',
  membersFailed: 'Could not load the staff members.',
  noMembers: 'No active staff members yet. An admin can add them in Admin Tools.',
  loadingDiscounts: 'Loading staff discounts',
  discountsFailed: 'Could not load the staff discounts. You can still place the order with no discount.',
  noDiscount: 'No discount',
  noDiscounts: 'No staff discounts are set up.',
  loadingSection: 'Loading staff order options',
  staffDiscountLine: (label: string) => `Staff discount (${label})`,
} as const;
