import { addDays, clockTime, MINUTE_MS, openWindow, SCHEDULE_TIME_ZONE as RESTAURANT_TIME_ZONE, zonedInstant, zonedParts, type DayEvent, type WeekdayHours } from './restaurant-schedule.ts';

/*
 * The availability engine (issue #21): which reservation slots a party may book on a date at a
 * location. Pure and zone-explicit (Pacific/Guam by default), so the server computes it the same
 * on any host and the tests run it on a TZ=UTC machine.
 *
 * Rules (decision 0030):
 * - slots start every slotIntervalMinutes from opening; the last is the one that lets a
 *   reservation of the restaurant's default length end by closing (21:00 close, 60 min → 20:00);
 * - a closed weekday or a closed event has none; a Private Only event has none for the public;
 * - an active blocked period removes every slot whose stay [start, start + duration) it overlaps,
 *   at its location or, with no location, at all of them;
 * - a slot is offered while the most guests present at once during the party's stay, plus the
 *   party, fit the location's capacity (and an event's Max Guests, counted across locations);
 * - on the current day only slots after now.
 */

export const DEFAULT_TOTAL_CAPACITY = 26;
export const DEFAULT_TABLE_CAPACITY = 4;
export const DEFAULT_MAX_PARTY_SIZE = 20;

/** A reservation that holds seats (booked, reserved or seated). */
export interface HeldSeats {
  locationId: number;
  /** Epoch ms. */
  startsAt: number;
  endsAt: number;
  partySize: number;
}

/** An active blocked period; locationId null blocks every location. */
export interface Blocked {
  locationId: number | null;
  startsAt: number;
  endsAt: number;
}

export interface AvailabilityInput {
  /** The calendar date in the restaurant's zone, 'YYYY-MM-DD'. */
  date: string;
  timeZone?: string;
  partySize: number;
  /** How long the party stays: the window whose seats must be free. */
  durationMinutes: number;
  /** The restaurant's default reservation length: the last slot lets it end by closing. */
  slotLengthMinutes: number;
  slotIntervalMinutes: number;
  week: readonly WeekdayHours[];
  event: DayEvent | null;
  locationId: number;
  /** The location's total capacity (guests at once). */
  capacity: number;
  /** Seat-holding reservations of the restaurant around the date (all locations: events count them all). */
  held: readonly HeldSeats[];
  blocked: readonly Blocked[];
  now: Date;
  audience: 'public' | 'staff';
}

export interface SlotAvailability {
  /** 'HH:MM' in the restaurant's zone. */
  time: string;
  /** The calendar date the slot starts on (the next one for slots after midnight). */
  date: string;
  startsAt: number;
  /** Seats free for the whole stay at this location (and under the event's cap). */
  freeSeats: number;
  blocked: boolean;
  /** Bookable by this party. */
  available: boolean;
}

type ClosedReason = 'closed' | 'private' | 'past';

export interface DayAvailability {
  /** Why no slot exists at all; null when the day has slots (even if all are full). */
  closedReason: ClosedReason | null;
  /** Every slot of the day's hours (past slots of today left out), bookable or not. */
  candidates: SlotAvailability[];
  /** The 'HH:MM' of the slots this party can book: the spec's slots. */
  slots: string[];
  /** The most seats free at any not-blocked slot: the spec's max_available_seats. */
  maxAvailableSeats: number;
}

/** The most guests present at once during [from, to) among `held` (peak, not sum: parties that leave free their seats). */
export function peakGuests(held: readonly HeldSeats[], from: number, to: number, locationId: number | null): number {
  const overlapping = held.filter((h) => (locationId === null || h.locationId === locationId) && h.startsAt < to && h.endsAt > from);
  if (overlapping.length === 0) return 0;
  // The count only rises when a stay starts: check the window's start and every start inside it.
  const instants = [from, ...overlapping.map((h) => h.startsAt).filter((t) => t > from)];
  let peak = 0;
  for (const at of instants) {
    let present = 0;
    for (const h of overlapping) if (h.startsAt <= at && h.endsAt > at) present += h.partySize;
    if (present > peak) peak = present;
  }
  return peak;
}

function isBlocked(blocked: readonly Blocked[], locationId: number, from: number, to: number): boolean {
  return blocked.some((b) => (b.locationId === null || b.locationId === locationId) && b.startsAt < to && b.endsAt > from);
}

/** The slots of one calendar date for one party at one location. */
export function dayAvailability(input: AvailabilityInput): DayAvailability {
  const zone = input.timeZone ?? RESTAURANT_TIME_ZONE;
  const window = openWindow(input.date, input.week, input.event, zone);
  if (!window) return { closedReason: 'closed', candidates: [], slots: [], maxAvailableSeats: 0 };
  if (input.audience === 'public' && input.event?.exclusiveBooking) return { closedReason: 'private', candidates: [], slots: [], maxAvailableSeats: 0 };

  const interval = Math.max(1, input.slotIntervalMinutes) * MINUTE_MS;
  const slotLength = Math.max(1, input.slotLengthMinutes) * MINUTE_MS;
  const stay = Math.max(1, input.durationMinutes) * MINUTE_MS;
  const now = input.now.getTime();
  const cap = input.event?.maxCapacity ? input.event.maxCapacity : null;

  // Slot labels by arithmetic from the date's midnight and the next one (zone conversions cost more
  // than the rest of the engine); exact for Guam, whose offset never changes.
  const midnight = zonedInstant(input.date, 0, zone);
  const nextDate = addDays(input.date, 1);
  const nextMidnight = zonedInstant(nextDate, 0, zone);
  const candidates: SlotAvailability[] = [];
  let any = false;
  for (let at = window.opensAt; at + slotLength <= window.closesAt; at += interval) {
    any = true;
    if (at <= now) continue;
    const end = at + stay;
    let free = input.capacity - peakGuests(input.held, at, end, input.locationId);
    if (cap !== null) free = Math.min(free, cap - peakGuests(input.held, at, end, null));
    free = Math.max(0, free);
    const blocked = isBlocked(input.blocked, input.locationId, at, end);
    const after = at >= nextMidnight;
    candidates.push({
      time: clockTime(Math.round((at - (after ? nextMidnight : midnight)) / MINUTE_MS)),
      date: after ? nextDate : input.date,
      startsAt: at,
      freeSeats: free,
      blocked,
      available: !blocked && free >= input.partySize && input.partySize >= 1,
    });
  }
  if (any && candidates.length === 0) return { closedReason: 'past', candidates, slots: [], maxAvailableSeats: 0 };
  const open = candidates.filter((c) => !c.blocked);
  return {
    closedReason: any ? null : 'closed',
    candidates,
    slots: candidates.filter((c) => c.available).map((c) => c.time),
    maxAvailableSeats: open.reduce((max, c) => Math.max(max, c.freeSeats), 0),
  };
}

/**
 * The slot starting at `startsAt` if the engine offers it to this party, looked for among the
 * slots of the instant's calendar date and of the day before (a slot after midnight belongs to the
 * previous day's hours). `dayInput` builds the input of a date.
 */
export function findSlot(startsAt: number, timeZone: string, dayInput: (date: string) => AvailabilityInput): SlotAvailability | null {
  const { date } = zonedParts(startsAt, timeZone);
  for (const day of [date, addDays(date, -1)]) {
    const found = dayAvailability(dayInput(day)).candidates.find((c) => c.startsAt === startsAt);
    if (found) return found;
  }
  return null;
}

/** admin_max_party_size, effective_max_party_size (backoffice §3 Availability response). */
export function partySizeLimits(adminMaxPartySize: number | null | undefined, actualCapacity: number): { admin: number; effective: number } {
  const admin = adminMaxPartySize && adminMaxPartySize > 0 ? adminMaxPartySize : DEFAULT_MAX_PARTY_SIZE;
  return { admin, effective: Math.max(0, Math.min(admin, actualCapacity)) };
}
