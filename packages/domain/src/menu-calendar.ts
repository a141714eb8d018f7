import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { stockStatus, type ItemStock } from './menu.ts';

/**
 * Whether a menu item is offered today (storefront.md §3 available_days, available_until; §4):
 * "today" is the restaurant's calendar day, whatever the server's or the browser's zone.
 */

/** The restaurants' zone (UTC+10, no DST): "today" for available_days and available_until. */
export const RESTAURANT_TIME_ZONE = 'Pacific/Guam';

export interface ItemAvailability extends ItemStock {
  /** The staff switch ("86"). */
  available: boolean;
  /** 0 = Sunday … 6 = Saturday. */
  availableDays: readonly number[];
  /** Last day offered, 'YYYY-MM-DD' in the restaurant's zone; null = no end. */
  availableUntil: string | null;
}

export interface RestaurantDay {
  /** 'YYYY-MM-DD' in the restaurant's zone. */
  date: string;
  /** 0 = Sunday … 6 = Saturday, in the restaurant's zone. */
  weekday: number;
  /** The instants this day starts (inclusive) and ends (exclusive), epoch ms: what a cache keyed by the day may live for. */
  startsAt: number;
  endsAt: number;
}

/** The last day computed per zone: every cart line asks for "today", and the zone arithmetic is not free. */
const lastDays = new Map<string, Readonly<RestaurantDay>>();

/** The restaurant's calendar day at `now` (Pacific/Guam by default), whatever the server's TZ. */
export function restaurantDay(now: Date = new Date(), timeZone: string = RESTAURANT_TIME_ZONE): Readonly<RestaurantDay> {
  const at = now.getTime();
  const last = lastDays.get(timeZone);
  // The day's own bounds decide, so a cached day is never used a millisecond outside it (DST included).
  if (last && at >= last.startsAt && at < last.endsAt) return last;
  const local = new TZDate(at, timeZone);
  const start = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), timeZone);
  const end = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, timeZone);
  const day = Object.freeze({ date: format(local, 'yyyy-MM-dd'), weekday: local.getDay(), startsAt: start.getTime(), endsAt: end.getTime() });
  lastDays.set(timeZone, day);
  return day;
}

export type ItemUnavailableReason = 'switched_off' | 'sold_out' | 'not_offered_today' | 'season_ended';

/**
 * Why an item cannot be sold right now, or null when it can: the staff switch is off, it is tracked
 * and sold out, today (in the restaurant's zone) is not one of its available_days, or today is past
 * its available_until. Checkout calls this on the locked rows inside the order transaction.
 * Required options are a separate check: hasRequiredUnavailableOptions.
 */
export function itemUnavailableReason(item: ItemAvailability, now: Date = new Date(), timeZone: string = RESTAURANT_TIME_ZONE): ItemUnavailableReason | null {
  if (!item.available) return 'switched_off';
  if (stockStatus(item) === 'out_of_stock') return 'sold_out';
  const today = restaurantDay(now, timeZone);
  if (!item.availableDays.includes(today.weekday)) return 'not_offered_today';
  if (item.availableUntil !== null && today.date > item.availableUntil) return 'season_ended';
  return null;
}

/** The spec's is_available: switch on, not sold out, offered today, not past available_until. */
export function isItemAvailable(item: ItemAvailability, now: Date = new Date(), timeZone: string = RESTAURANT_TIME_ZONE): boolean {
  return itemUnavailableReason(item, now, timeZone) === null;
}
