/*
 * Pickup times as the restaurant's clock shows them (issue #23), with the browser's own Intl (no
 * time-zone library on storefront pages): "Thu, Mar 5, 11:15 AM". The zone comes with the data
 * (the quote's pickup.time_zone); Pacific/Guam otherwise.
 */
const GUAM = 'Pacific/Guam';

export function formatPickupTime(iso: string, timeZone: string = GUAM): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** "Pickup at Thu, Mar 5, 11:15 AM": what the confirmation and the board say for a chosen time. */
export function pickupAtText(iso: string, timeZone: string = GUAM): string {
  return `Pickup at ${formatPickupTime(iso, timeZone)}`;
}

/** "Thu 11:00 AM": when the restaurant closes or opens next. */
export function formatOpeningTime(iso: string, timeZone: string = GUAM): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** The open/closed line: "Open now · closes Wed 9:00 PM" or "Closed now · opens Thu 11:00 AM". */
export function openStateText(state: { open: boolean; closes_at: string | null; next_opens_at: string | null; time_zone: string }): string {
  if (state.open) return state.closes_at ? `Open now · closes ${formatOpeningTime(state.closes_at, state.time_zone)}` : 'Open now';
  return state.next_opens_at ? `Closed now · opens ${formatOpeningTime(state.next_opens_at, state.time_zone)}` : 'Closed now';
}
