/*
 * Checkout's pickup times as the restaurant's clock shows them (issue #23), with the browser's own
 * Intl in the quote's zone: "Thu, Mar 5, 11:15 AM".
 */
export function formatPickupTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}
