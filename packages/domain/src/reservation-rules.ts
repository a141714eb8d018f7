/*
 * The reservations rules without zod (issue #21): statuses, constants and the spec's messages. The
 * SPA's reservation screens import these, and only types from reservations.ts, so they carry no
 * schema code of their own.
 */

export const RESERVATION_STATUSES = ['booked', 'reserved', 'rejected', 'seated', 'finished', 'canceled', 'no_show'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** The statuses whose party holds seats: what availability counts. */
export const SEAT_HOLDING_STATUSES: readonly ReservationStatus[] = ['booked', 'reserved', 'seated'];
export const BLOCKED_PERIOD_STATUSES = ['active', 'inactive'] as const;

/** Duration options of the staff dialog (§5, §9); with exactly one slot it is forced to 720. */
export const DURATION_OPTIONS = [30, 60, 90, 120, 180, 240, 360, 480, 720] as const;
export const SINGLE_SLOT_DURATION = 720;
export const DEFAULT_PHONE_PREFIX = '+1671';
/** §5, §9: the restaurant's default reservation length (Admin Settings). */
export const DEFAULT_LENGTH_MIN = 15;
export const DEFAULT_LENGTH_MAX = 720;
export const DEFAULT_LENGTH_STEP = 15;

/** The default reservation length's message for what an admin typed, or null when it is fine. */
export function defaultLengthProblem(value: string | number): string | null {
  const minutes = typeof value === 'number' ? value : String(value).trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(minutes) || minutes < DEFAULT_LENGTH_MIN) return ReservationMessages.defaultLengthMin;
  if (minutes > DEFAULT_LENGTH_MAX) return ReservationMessages.defaultLengthMax;
  if (!Number.isInteger(minutes) || minutes % DEFAULT_LENGTH_STEP !== 0) return ReservationMessages.defaultLengthStep;
  return null;
}

/** Party size buttons of the public modal (1-8), then a dropdown up to the maximum. */
export const PARTY_SIZE_BUTTONS = 8;

/**
 * A guest's link (/reservations/manage/:token) works until this many days after the reservation's
 * time, then answers 410 (issue #33; decision 0090): a link forwarded or found in an old inbox
 * stops showing a name and a party for ever.
 */
export const GUEST_LINK_DAYS_AFTER = 30;

export const ReservationMessages = {
  guestNameRequired: 'Guest name is required.',
  invalidDateTime: 'Please pick a valid date/time.',
  requiredFields: 'Please fill in all required fields',
  selectLocation: 'Please select a location',
  partyTooLarge: (max: number) => `Party size cannot exceed ${max} people`,
  noCapacity: 'No capacity available for this time slot',
  slotNotOffered: 'That time is not available. Please choose another time.',
  notFound: 'Reservation not found.',
  linkExpired: `This reservation link has expired: links work until ${GUEST_LINK_DAYS_AFTER} days after the reservation. Please call the restaurant if you need anything.`,
  locationNotFound: 'Location not found.',
  eventNotFound: 'Special event not found.',
  hoursNotFound: 'Operating hours not found.',
  blockedNotFound: 'Blocked period not found.',
  capacityNotFound: 'Location capacity not found.',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  endAfterStart: 'End time must be after start time',
  reasonRequired: 'Reason is required',
  totalCapacity: 'Total capacity must be greater than 0',
  tableCapacity: 'Default table capacity must be greater than 0',
  guestOnly: 'Only staff can set this.',
  alreadyClosed: 'This reservation can no longer be canceled.',
  canceledByGuest: 'Your reservation has been canceled.',
  eventDateTaken: 'There is already a special event on that date.',
  /** §5 Admin Settings: default reservation length min 15, step 15 (the server's words too). */
  defaultLengthMin: 'Default reservation length must be at least 15 minutes',
  defaultLengthStep: 'Use steps of 15 minutes',
  defaultLengthMax: 'Default reservation length must be at most 720 minutes',
} as const;

/** Socket.IO events to the restaurant's staff room: { reservation } when created or updated, { id, restaurant_id } when deleted. */
export const ReservationEvents = { created: 'reservation_created', updated: 'reservation_updated', deleted: 'reservation_deleted' } as const;
