/*
 * The waitlist's rules without zod (backoffice-reservations.md §3, §4; decision 0058): statuses, the
 * transitions staff may make, the spec's words and the realtime events. The SPA's waitlist tab
 * imports these, and only types from waitlist.ts.
 */

export const WAITLIST_STATUSES = ['waiting', 'seated', 'removed', 'no_show'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/**
 * Where an entry may go from each status (decision 0058): a waiting party is seated, removed or
 * marked a no-show; any of those may be undone back to waiting (a mis-tap at a busy host stand),
 * but one closed status never becomes another directly.
 */
const WAITLIST_TRANSITIONS: Readonly<Record<WaitlistStatus, readonly WaitlistStatus[]>> = {
  waiting: ['seated', 'removed', 'no_show'],
  seated: ['waiting'],
  removed: ['waiting'],
  no_show: ['waiting'],
};

export function canMoveWaitlistEntry(from: WaitlistStatus, to: WaitlistStatus): boolean {
  return from === to || WAITLIST_TRANSITIONS[from].includes(to);
}

export const WaitlistMessages = {
  notFound: 'Waitlist entry not found.',
  guestNameRequired: 'Guest name is required.',
  transition: (from: WaitlistStatus, to: WaitlistStatus) => `A ${waitlistStatusLabel(from).toLowerCase()} party cannot be marked ${waitlistStatusLabel(to).toLowerCase()}.`,
  loadFailed: 'Failed to load the waitlist. Please try again.',
  empty: 'No waitlist entries found',
  /** A follow link that names no entry (mistyped, or made up). */
  linkNotFound: 'Waitlist link not found.',
  /** Notify: the party has no phone, its phone is in a country the restaurant does not text, or it is not waiting. */
  noPhone: 'This party has no phone number to text.',
  notWaiting: 'Only a waiting party can be told its table is ready.',
  notified: (name: string) => `Table-ready text sent to ${name}.`,
  /** Seat from the list goes through the seat map, as on the floor (issue #35), when there is a floor. */
  seatOnMap: 'Choose the party’s seats on the seat map to seat it.',
  /** The guest left the line from their follow page. */
  left: 'You have left the waitlist.',
} as const;

const LABELS: Record<WaitlistStatus, string> = { waiting: 'Waiting', seated: 'Seated', removed: 'Removed', no_show: 'No-show' };
export function waitlistStatusLabel(status: WaitlistStatus): string {
  return LABELS[status];
}

/**
 * Socket.IO events: to the restaurant's staff room (beside the reservation events), carrying
 * { waitlist_entry }; and to the guests following the line (channel `waitlist`, decision 0108),
 * `lineMoved` carrying only { restaurant_id } — each guest then reads their own place.
 */
export const WaitlistEvents = { created: 'waitlist_entry_created', updated: 'waitlist_entry_updated', lineMoved: 'waitlist_line_moved' } as const;
