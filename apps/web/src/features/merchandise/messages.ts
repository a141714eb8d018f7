/**
 * The merchandise shop's words (storefront.md §2 Merchandise, §8). Kept apart from messages.ts,
 * which the home route downloads, so the shop's text loads with the shop.
 */

/** §8 Merchandise: 'An error occurred: {message}.' (a message's own final full stop is not doubled). */
export function merchandiseErrorMessage(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong';
  return `An error occurred: ${message.replace(/[.\s]+$/, '')}.`;
}

export const MerchandiseText = {
  intro: 'Tees, hats and keepsakes from the Kusina kitchen crew. Pick up with your order.',
  allItems: 'All Items',
  chooseSize: 'Please select a size.',
  chooseColor: 'Please select a color.',
  pickupNote: 'Pickup only: merchandise is ready with your order at the restaurant. We do not ship.',
  linkCopied: 'Link copied',
} as const;
