import { addDays, MINUTE_MS, zonedInstant, zonedParts, SCHEDULE_TIME_ZONE } from './restaurant-schedule.ts';
import type { SeatAllocationOutput } from './seat-allocations.ts';

/*
 * Seat allocations without zod (backoffice-reservations.md §3 Seat allocation, §4 seat states, §5
 * seating wizard, §8 Floor manager, §9 time rules; decision 0067): who may sit where, for how long,
 * and the spec's words. The SPA's Seating tab imports these, and only types from seat-allocations.ts.
 */

export const OCCUPANT_TYPES = ['reservation', 'waitlist'] as const;
export type OccupantType = (typeof OCCUPANT_TYPES)[number];
/** reserved: held for a reservation that has not arrived; seated: the party sits there. Released rows keep how they ended. */
export const SEAT_ALLOCATION_STATUSES = ['reserved', 'seated', 'finished', 'no_show', 'canceled'] as const;
export type SeatAllocationStatus = (typeof SEAT_ALLOCATION_STATUSES)[number];

/**
 * How long a seat stays held past a party's expected end (decision 0105): the table is cleared and
 * reset before the next party sits. Seat holds are separated by it; a walk-in's stay counts it too.
 */
export const SEAT_BUFFER_MINUTES = 15;
/** §9: on a future day without a reservation time, the party is expected at 18:00. */
const FUTURE_DAY_START_MINUTES = 18 * 60;

/**
 * The span an allocation on `date` (a Guam day) holds its seats for (§9 for the start; decision 0105
 * for the end): a reservation for its own start and end (its length); a walk-in today from now,
 * another day from 18:00, for its turn time (`turnMinutes`, by party size).
 */
export function allocationWindow(
  date: string,
  now: number,
  reservation: { start: number; end: number } | null,
  turnMinutes: number,
  timeZone: string = SCHEDULE_TIME_ZONE,
): { start: number; end: number } {
  if (reservation) return { start: reservation.start, end: reservation.end };
  const start = zonedParts(now, timeZone).date === date ? now : zonedInstant(date, FUTURE_DAY_START_MINUTES, timeZone);
  return { start, end: start + turnMinutes * MINUTE_MS };
}

/**
 * Whether a live allocation keeps its seat from another party wanting it over [from, to) (decision
 * 0105): its span plus the buffer on either side. A seated party past its expected end (overstaying)
 * still sits there now, so it holds its seat up to now (plus the buffer) — but never past the end of
 * the Guam day it sat down on: a party nobody finished holds nothing the next day. The server's
 * query (floor/allocation-release.ts, allocationHoldsSql) says the same in SQL.
 */
export function allocationHolds(
  a: { status: string; start: number; end: number },
  from: number,
  to: number,
  now: number,
  timeZone: string = SCHEDULE_TIME_ZONE,
): boolean {
  const buffer = SEAT_BUFFER_MINUTES * MINUTE_MS;
  let end = a.end;
  if (a.status === 'seated') end = Math.max(end, Math.min(now, dayBounds(zonedParts(a.start, timeZone).date, timeZone).end));
  return a.start < to + buffer && end + buffer > from;
}

/** The instants a Guam day spans: [start, end). */
export function dayBounds(date: string, timeZone: string = SCHEDULE_TIME_ZONE): { start: number; end: number } {
  return { start: zonedInstant(date, 0, timeZone), end: zonedInstant(addDays(date, 1), 0, timeZone) };
}

/** What a seat shows on the map (§4): free green, reserved yellow, seated red, picked blue. */
/** 'late' and 'overstaying' are the Floor Manager's at a chosen time (floor-time-rules.ts). */
export type SeatState = 'free' | 'reserved' | 'late' | 'seated' | 'overstaying' | 'occupied' | 'selected';

/** A seat's state from the day's live allocations (seated wins over reserved). */
export function seatStateOf(allocations: readonly Pick<SeatAllocationOutput, 'status' | 'released_at'>[]): Exclude<SeatState, 'selected'> {
  const live = allocations.filter((a) => a.released_at === null);
  if (live.some((a) => a.status === 'seated')) return 'seated';
  if (live.some((a) => a.status === 'reserved')) return 'reserved';
  return live.length > 0 ? 'occupied' : 'free';
}

export const SeatAllocationMessages = {
  needExactly: (n: number) => `Need exactly ${n} seat(s).`,
  notFree: (label: string) => `Seat ${label} is not free. It's occupied or reserved.`,
  seatsTaken: 'Some seats are already taken. Please choose different seats.',
  seatsReserved: 'Some seats are already reserved. Please choose different seats.',
  seatingFailed: 'An error occurred while seating. Check console.',
  reservingFailed: 'An error occurred while reserving seats. Check console.',
  finishFailed: 'Failed to free seat. Check console.',
  noShowFailed: 'Failed to mark no-show. Check console.',
  arriveFailed: 'Failed to seat occupant. Check console.',
  cancelFailed: 'Failed to cancel occupant. Check console.',
  loadAllocationsFailed: 'Failed to load seat allocations.',
  loadInitialFailed: 'Failed to load initial data.',
  loadLayoutFailed: 'Failed to load selected layout.',
  seated: 'Seats assigned successfully!',
  reserved: 'Seats reserved successfully!',
  finished: 'Seat finished (freed).',
  noShow: 'Marked as no-show.',
  arrived: 'Occupant arrived and seated!',
  canceled: 'Reservation canceled, seat freed.',
  noLayout: 'No Layout Found',
  // The server's reasons (decision 0067).
  seatNotFound: 'Seat not found.',
  occupantNotFound: 'Party not found.',
  reserveOnlyReservations: 'Only reservations can hold seats ahead; seat a waitlist party now.',
  alreadySeated: 'This party already has seats. Finish or cancel them first.',
  cannotSeat: (status: string) => `A ${status.replace('_', '-')} party cannot be given seats.`,
  noSeats: 'This party has no seats to change.',
  notReserved: 'This party has no reserved seats to seat.',
  notSeated: 'This party is not seated.',
  pastDate: 'Seats cannot be given on a past day.',
  duplicateSeats: 'Each seat can be picked once.',
  oneLayout: 'All seats must be in one layout.',
  /** A reservation holding seats moved to a time its seats are taken (decision 0074). */
  /** Seats of another dining room than the party's (decision 0105). */
  otherLocation: "These seats are in another dining room than the party's. Choose seats in its own room.",
  /** Seating a walk-in would put more guests in the room than it holds (decision 0104). */
  roomFull: (free: number) => `The room is full for this party's stay: ${free} seat(s) free until then. Choose another time or a smaller party.`,
  heldSeatsTaken: (labels: readonly string[]) =>
    `${labels.length === 1 ? `Seat ${labels[0]} is` : `Seats ${labels.join(', ')} are`} taken at that time. Choose another time, or free this party's seats on the floor first.`,
} as const;

/** Seat preferences (§5) and assigning one (§4, §8 Seat assignment); decision 0069. */
export const MAX_SEAT_PREFERENCE_OPTIONS = 3;
export const SeatPreferenceMessages = {
  optionFull: (option: number, max: number) => `Option ${option} can only have up to ${max} seat(s).`,
  notFree: (label: string, state: string) => `Seat "${label}" is currently ${state}.`,
  taken: 'Some seats are already taken. Choose another preference.',
  failed: 'Failed to assign seats. Check console.',
  noStartTime: 'This reservation has no start_time, cannot assign seats.',
  emptyOption: 'No seats found in that preference.',
} as const;

/** §5: an option holds at most party-size seats. The first option over it, as its message, or null. */
export function preferencesOverParty(preferences: readonly (readonly string[])[] | undefined, partySize: number): string | null {
  const over = (preferences ?? []).findIndex((option) => option.length > partySize);
  return over >= 0 ? SeatPreferenceMessages.optionFull(over + 1, partySize) : null;
}

/** Socket.IO event to the restaurant's staff room after every allocation write: { restaurant_id, occupant_type, occupant_id }. */
export const SeatAllocationEvents = { changed: 'seat_allocations_changed' } as const;
