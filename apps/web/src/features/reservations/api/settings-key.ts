/*
 * Admin Settings, Blocked Periods and Capacities (backoffice §7). Staff discount options are the
 * discount configurations of order management: the same endpoints and the same cache key as the
 * admin dashboard's panel, one table behind both.
 */

export const settingsKey = ['reservations', 'settings'] as const;
