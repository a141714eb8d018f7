import { z } from 'zod';
import { parseCalendarDate } from './restaurant-schedule.ts';
import { OCCUPANT_TYPES, SEAT_ALLOCATION_STATUSES, SeatAllocationMessages } from './seat-allocation-rules.ts';

/*
 * The seat allocation contract (backoffice-reservations.md §3, §7 /seat_allocations; decision 0067).
 * Times a client sends are read for their Guam day only: the server computes start and end (§9).
 */

export * from './seat-allocation-rules.ts';

const id = z.number().int().min(1).max(2147483647);
const idQuery = z.coerce.number().int().min(1).max(2147483647);
const calendarDate = z.string().refine((v) => parseCalendarDate(v) !== null, 'Use a date like 2030-06-03');
const instant = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'Use an ISO date and time like 2030-06-03T18:00:00+10:00');

/** Rails-style `{ seat_allocation: {...} }` or the fields themselves. */
const unwrap = (value: unknown) => (value && typeof value === 'object' && 'seat_allocation' in value ? (value as { seat_allocation: unknown }).seat_allocation : value);

export const SeatAllocationOutput = z.object({
  id,
  restaurant_id: id,
  seat_id: id,
  seat_label: z.string(),
  occupant_type: z.enum(OCCUPANT_TYPES),
  occupant_id: id,
  occupant_status: z.string(),
  occupant_name: z.string(),
  occupant_party_size: z.number().int(),
  status: z.enum(SEAT_ALLOCATION_STATUSES),
  start_time: z.string(),
  end_time: z.string(),
  released_at: z.string().nullable(),
});
export type SeatAllocationOutput = z.infer<typeof SeatAllocationOutput>;

export const SeatAllocationListQuery = z.object({
  /** A Guam day (default today). */
  date: calendarDate.optional(),
  restaurant_id: idQuery.optional(),
});
export type SeatAllocationListQuery = z.infer<typeof SeatAllocationListQuery>;

const occupant = { occupant_type: z.enum(OCCUPANT_TYPES, { error: 'Choose a reservation or a waitlist party' }), occupant_id: id };
const seatIds = z.array(id).min(1, 'Pick at least one seat').max(100, 'Too many seats');
/** The day the seats are for: `date`, or the Guam day of `start_time`; the server sets the times (§9). */
const when = { date: calendarDate.optional(), start_time: instant.optional(), end_time: instant.optional() };

export const SeatAllocationCreateFields = z
  .object({ ...occupant, seat_ids: seatIds, ...when })
  .strict()
  .refine((v) => new Set(v.seat_ids).size === v.seat_ids.length, { path: ['seat_ids'], message: SeatAllocationMessages.duplicateSeats });
export const SeatAllocationCreateInput = z.preprocess(unwrap, SeatAllocationCreateFields);
export type SeatAllocationCreateInput = z.infer<typeof SeatAllocationCreateFields>;

/** POST /seat_allocations/reserve: seat_ids, or seat_labels of the active layout (§7). */
export const SeatAllocationReserveFields = z
  .object({ ...occupant, seat_ids: seatIds.optional(), seat_labels: z.array(z.string().trim().min(1).max(20)).min(1, 'Pick at least one seat').max(100).optional(), ...when })
  .strict()
  .refine((v) => v.seat_ids !== undefined || v.seat_labels !== undefined, { path: ['seat_ids'], message: 'Pick at least one seat' })
  .refine((v) => v.seat_ids === undefined || new Set(v.seat_ids).size === v.seat_ids.length, { path: ['seat_ids'], message: SeatAllocationMessages.duplicateSeats })
  .refine((v) => v.seat_labels === undefined || new Set(v.seat_labels).size === v.seat_labels.length, { path: ['seat_labels'], message: SeatAllocationMessages.duplicateSeats });
export const SeatAllocationReserveInput = z.preprocess(unwrap, SeatAllocationReserveFields);
export type SeatAllocationReserveInput = z.infer<typeof SeatAllocationReserveFields>;

/** POST /seat_allocations/finish, /no_show, /arrive, /cancel. */
export const SeatAllocationOccupantFields = z.object(occupant).strict();
export const SeatAllocationOccupantInput = z.preprocess(unwrap, SeatAllocationOccupantFields);
export type SeatAllocationOccupantInput = z.infer<typeof SeatAllocationOccupantFields>;
