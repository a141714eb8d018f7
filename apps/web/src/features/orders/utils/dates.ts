import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { RESTAURANT_TIME_ZONE } from '@kusina/domain/menu-calendar';

function toGuam(iso: string | null | undefined): TZDate | null {
  if (!iso) return null;
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? null : new TZDate(time, RESTAURANT_TIME_ZONE);
}

/** "March 5, 2026 at 6:30 PM" in Pacific/Guam, whatever the browser's zone. */
export function formatGuamDateTime(iso: string | null | undefined): string {
  const date = toGuam(iso);
  return date ? format(date, "MMMM d, yyyy 'at' h:mm a") : '';
}

/** "Pickup at Thu, Mar 5, 11:15 AM" in Pacific/Guam: a pickup time the customer chose (issue #23). */
export function pickupAtText(iso: string): string {
  const date = toGuam(iso);
  return date ? `Pickup at ${format(date, 'EEE, MMM d, h:mm a')}` : '';
}

/** "Mar 5, 2026" in Pacific/Guam. */
export function formatGuamDate(iso: string | null | undefined): string {
  const date = toGuam(iso);
  return date ? format(date, 'MMM d, yyyy') : '';
}

/** "6:30 PM" in Pacific/Guam. */
export function formatGuamTime(iso: string | null | undefined): string {
  const date = toGuam(iso);
  return date ? format(date, 'h:mm a') : '';
}
