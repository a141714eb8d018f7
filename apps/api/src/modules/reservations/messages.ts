import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { reservations, restaurants } from '../../db/schema/index.ts';
import { smsAllowed } from '@kusina/domain/phone';
import { smsCountryCodes } from '@kusina/domain/restaurants';
import { withinDestinationLimits } from '../notifications/service.ts';
import { enqueueNotifications, type NotificationContext, type NotificationMessage } from '../notifications/service.ts';
import type { LocationRow } from './schedule.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * What a guest is told (issue #21): the request was received, then confirmed or declined when staff
 * approve or reject it, cancelled when staff cancel it, and a reminder the day before an approved one. Each text and e-mail carries
 * the guest's link, where they can see and cancel the reservation. Queued in the transaction that
 * changes the reservation, through the one notifications outbox.
 */

export type GuestMessageKind = 'received' | 'confirmed' | 'declined' | 'canceled' | 'reminder';

type ReservationRow = typeof reservations.$inferSelect;
type RestaurantRow = typeof restaurants.$inferSelect;

function manageLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reservations/manage/${token}`;
}

const templates: Record<GuestMessageKind, { subject: string; lead: (when: string, party: string) => string; template: string }> = {
  received: {
    subject: 'Reservation request received',
    lead: (when, party) => `We received your table request for ${party} on ${when}. Our staff will review it and confirm by text and e-mail.`,
    template: 'reservation_received',
  },
  confirmed: {
    subject: 'Reservation confirmed',
    lead: (when, party) => `Your table for ${party} on ${when} is confirmed. See you soon!`,
    template: 'reservation_confirmed',
  },
  declined: {
    subject: 'Reservation declined',
    lead: (when, party) => `We are sorry: we cannot take your table request for ${party} on ${when}. Please choose another time.`,
    template: 'reservation_declined',
  },
  canceled: {
    subject: 'Reservation cancelled',
    lead: (when, party) => `We are sorry: the restaurant has cancelled your reservation for ${party} on ${when}. Please call us or book another time.`,
    template: 'reservation_canceled',
  },
  reminder: {
    subject: 'Reservation reminder',
    lead: (when, party) => `A reminder of your table for ${party} tomorrow, ${when}.`,
    template: 'reservation_reminder',
  },
};

export function guestMessageList(
  publicUrl: string,
  row: ReservationRow,
  restaurant: Pick<RestaurantRow, 'id' | 'name' | 'timeZone' | 'adminSettings'>,
  location: Pick<LocationRow, 'name'>,
  kind: GuestMessageKind,
): NotificationMessage[] {
  const t = templates[kind];
  const when = format(new TZDate(row.startTime.getTime(), restaurant.timeZone), "EEE, MMM d 'at' h:mm a");
  const party = `${row.partySize} ${row.partySize === 1 ? 'guest' : 'guests'}`;
  const link = manageLink(publicUrl, row.guestToken);
  const subject = `${t.subject} — ${row.reservationNumber ?? ''} — ${restaurant.name}`;
  const lead = t.lead(when, party);
  const messages: NotificationMessage[] = [];
  // A number in a country the restaurant does not text (a staff booking may hold one) gets no text.
  if (row.contactPhone && smsAllowed(row.contactPhone, smsCountryCodes(restaurant.adminSettings))) {
    messages.push({ restaurantId: restaurant.id, channel: 'sms', recipient: row.contactPhone, body: `${restaurant.name}: ${lead} Ref ${row.reservationNumber}. See or cancel: ${link}`, template: t.template });
  }
  if (row.contactEmail) {
    messages.push({
      restaurantId: restaurant.id,
      channel: 'email',
      recipient: row.contactEmail,
      subject,
      body: `Hafa adai ${row.contactName},\n\n${lead}\n\nReservation ${row.reservationNumber} at ${restaurant.name} — ${location.name}.\n\nSee or cancel your reservation: ${link}\n\n${restaurant.name}`,
      template: t.template,
    });
  }
  return messages;
}

/**
 * Queues a guest's messages. When the request that causes them has no sign-in behind it (a public
 * booking), each phone and address is held to its per-destination limit (issue #33): past it the
 * message is not sent — the booking itself stands, and its page shows the link.
 */
export async function guestMessages(
  deps: ServiceDeps,
  ctx: NotificationContext,
  row: ReservationRow,
  restaurant: Pick<RestaurantRow, 'id' | 'name' | 'timeZone' | 'adminSettings'>,
  location: Pick<LocationRow, 'name'>,
  kind: GuestMessageKind,
  options: { anonymous?: boolean } = {},
): Promise<void> {
  const messages = guestMessageList(deps.config.publicUrl, row, restaurant, location, kind);
  await enqueueNotifications(ctx, options.anonymous ? (await withinDestinationLimits(deps, messages, ctx.client)).allowed : messages);
}
