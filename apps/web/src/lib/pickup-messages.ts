/**
 * Pickup words the domain package does not already hold (storefront.md §2, §9), shown by the menu's
 * cards and by the cart and checkout. Checkout, promo and VIP messages come from @kusina/domain
 * checkout.ts and promotions.ts.
 */
export const PickupText = {
  hours: '11AM-9PM daily',
  requiresNotice: 'Requires 24 hours notice',
} as const;
