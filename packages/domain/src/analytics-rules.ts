/*
 * First-party analytics (issue #37 item 5; backoffice-reservations.md §1, §6, §9; decision 0117):
 * the constants the browser's client and the server share. Zod-free.
 */

/** The client sends its queued events every 3000 ms (§9). */
export const ANALYTICS_FLUSH_MS = 3000;
/** A visit (session) ends after 1800 s without activity (§9). */
export const ANALYTICS_IDLE_SESSION_SECONDS = 1800;
/** At most this many events in one batch. */
export const ANALYTICS_BATCH_MAX = 50;
export const ANALYTICS_EVENT_TYPES = ['page_view', 'page_leave', 'click'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Back-office paths: clicks there are recorded without their text (it names guests and staff). */
export function isBackOfficePath(path: string): boolean {
  return /^\/(admin|reservations\/dashboard|wholesale\/admin)(\/|$)/.test(path);
}

/** A visit reached checkout when it viewed one of these paths… */
export const CHECKOUT_PATHS = ['/checkout', '/wholesale/checkout'] as const;
/** …and ordered when it viewed an order's confirmation. */
export const CONFIRMATION_PATH_PATTERNS = ['/order-confirmation%', '/wholesale/orders/%/confirmation'] as const;
