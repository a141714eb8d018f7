/** The order confirmation's and history's spec words (storefront.md §2, §9). */
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
