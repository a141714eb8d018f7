/**
 * Spec words the domain package does not already hold (storefront.md §2, §9). Checkout, promo and VIP messages come from @kusina/domain checkout.ts and promotions.ts.
 */
export const MenuText = {
  /** The customisation dialog could not be downloaded (offline, or a new release replaced its chunk). */
  optionsUnavailable: 'Could not open the options for this item. Please check your connection and try again.',
  addUnavailable: 'Could not add this item to your cart. Please check your connection and try again.',
  /** The heading of dishes outside every listed category. */
  otherDishes: 'More dishes',
} as const;

export const PickupText = {
  hours: '11AM-9PM daily',
  requiresNotice: 'Requires 24 hours notice',
} as const;

export const ConfirmationText = {
  loading: 'Loading your order details',
  eta: 'ETA will be sent once staff begin preparing',
  defaultSteps: [
    'Park in one of the designated pickup spots.',
    'Show your order number at the counter.',
    'Your order will be ready at the time indicated.',
  ],
} as const;

export const HistoryText = {
  empty: 'No orders yet',
  noMatch: 'No orders match your current filters',
  clearFilters: 'Clear filters',
} as const;
