/**
 * The menu's spec words the domain package does not already hold (storefront.md §2, §9).
 */
export const MenuText = {
  /** The customisation dialog could not be downloaded (offline, or a new release replaced its chunk). */
  optionsUnavailable: 'Could not open the options for this item. Please check your connection and try again.',
  addUnavailable: 'Could not add this item to your cart. Please check your connection and try again.',
  /** The heading of dishes outside every listed category. */
  otherDishes: 'More dishes',
} as const;

