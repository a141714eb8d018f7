import { z } from 'zod';
import { isAcceptedPhone, normalizePhone } from './phone.ts';
import { phoneRuleMessage } from './phone-rules.ts';
import { DEFAULT_PHONE_PREFIX } from './reservation-rules.ts';
import { parseCalendarDate } from './restaurant-schedule.ts';
import { WAITLIST_STATUSES, WaitlistMessages } from './waitlist-rules.ts';

/*
 * The waitlist contract (backoffice-reservations.md §3 Waitlist entry, §4, §7 GET /waitlist_entries;
 * decision 0058): walk-in parties staff add at the host stand and seat, remove or mark no-show.
 */

export * from './waitlist-rules.ts';

const id = z.number().int().min(1).max(2147483647);
const idQuery = z.coerce.number().int().min(1).max(2147483647);

/** Rails-style `{ waitlist_entry: {...} }` (as §7's other bodies) or the fields themselves. */
const unwrap = (value: unknown) => (value && typeof value === 'object' && 'waitlist_entry' in value ? (value as { waitlist_entry: unknown }).waitlist_entry : value);

const contactName = z.string({ error: WaitlistMessages.guestNameRequired }).trim().min(1, WaitlistMessages.guestNameRequired).max(100, 'Name is too long');
/** Optional, as on a staff reservation: the bare +1671 prefix means none; stored as E.164. */
const contactPhone = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (!v || v === DEFAULT_PHONE_PREFIX ? null : v))
  .refine((v) => v === null || isAcceptedPhone(v), phoneRuleMessage())
  .transform((v) => (v === null ? null : normalizePhone(v)));
/** The restaurant's maximum is checked by the server (it knows the restaurant's settings). */
const partySize = z.number({ error: 'Party size is required' }).int('Party size must be a whole number').min(1, 'Party size must be at least 1').max(1000, 'Party size is too large');
const notes = z
  .string()
  .trim()
  .max(500, 'Notes are too long')
  .nullish()
  .transform((v) => (v ? v : null));

export const WaitlistEntryOutput = z.object({
  id,
  restaurant_id: id,
  location_id: id.nullable(),
  contact_name: z.string(),
  contact_phone: z.string().nullable(),
  party_size: z.number().int(),
  check_in_time: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** The seats the party sits at (filled by the floor manager; empty until then). */
  seat_labels: z.array(z.string()),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WaitlistEntryOutput = z.infer<typeof WaitlistEntryOutput>;

export const WaitlistListQuery = z.object({
  /** A Guam day of check_in_time (default: today in Guam). */
  date: z
    .string()
    .refine((v) => parseCalendarDate(v) !== null, 'Use a date like 2030-06-03')
    .optional(),
  restaurant_id: idQuery.optional(),
});
export type WaitlistListQuery = z.infer<typeof WaitlistListQuery>;

/** POST /waitlist_entries: staff add a walk-in; check_in_time is the server's now, status waiting. */
export const WaitlistEntryCreateFields = z
  .object({
    restaurant_id: id.optional(),
    location_id: id.nullish(),
    contact_name: contactName,
    contact_phone: contactPhone,
    party_size: partySize,
    notes,
  })
  .strict();
export const WaitlistEntryCreateInput = z.preprocess(unwrap, WaitlistEntryCreateFields);
export type WaitlistEntryCreateInput = z.infer<typeof WaitlistEntryCreateFields>;
/** What a client sends (before the server's trimming and normalising). */
export type WaitlistEntryCreateBody = z.input<typeof WaitlistEntryCreateFields>;

/** PATCH /waitlist_entries/{id}: a status change (WAITLIST_TRANSITIONS) and/or contact and party edits. */
export const WaitlistEntryUpdateFields = z
  .object({
    status: z.enum(WAITLIST_STATUSES).optional(),
    contact_name: contactName.optional(),
    contact_phone: contactPhone.optional(),
    party_size: partySize.optional(),
    location_id: id.nullish(),
    notes: notes.optional(),
  })
  .strict();
export const WaitlistEntryUpdateInput = z.preprocess(unwrap, WaitlistEntryUpdateFields);
export type WaitlistEntryUpdateInput = z.infer<typeof WaitlistEntryUpdateFields>;
export type WaitlistEntryUpdateBody = z.input<typeof WaitlistEntryUpdateFields>;
