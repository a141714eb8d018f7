/* Pickup-time constants and words (issue #23), free of imports so storefront pages can show them without the schedule maths. */

/** Slots fall on the quarter hours of the restaurant's clock. */
export const PICKUP_SLOT_MINUTES = 15;
/** The kitchen's standard preparation time (the later end of "20-25 minutes"). */
export const PICKUP_PREP_MINUTES = 25;
/** A slot offered on the checkout page stays acceptable this long after it was offered. */
export const PICKUP_SLOT_GRACE_MINUTES = 15;
/** How many days ahead slots are offered (and a requested time may fall). */
export const PICKUP_DAYS_AHEAD = 7;
/** At most this many slots are offered. */
export const PICKUP_SLOTS_LIMIT = 96;

export const PickupMessages = {
  closedChooseTime: "We're closed right now. Please choose a pickup time.",
  advanceNoticeChooseTime: 'Items in your cart need advance notice. Please choose a pickup time.',
  outsideHours: 'That pickup time is outside our opening hours. Please choose one of the offered times.',
  insideNotice: (hours: number) => `Items in your cart need ${hours} hours notice. Please choose a later pickup time.`,
  tooSoon: 'That pickup time is too soon. Please choose one of the offered times.',
  tooFar: `Pickup times can be booked up to ${PICKUP_DAYS_AHEAD} days ahead.`,
  invalid: 'Enter a valid pickup time.',
  noSlots: 'No pickup times are available in the next 7 days.',
} as const;
