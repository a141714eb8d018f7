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
  /** The wait the server quoted when the party joined (decision 0107); null: none could be given. */
  quoted_wait_minutes: z.number().int().nullable(),
  /** When the party was seated, and how long it had waited by then (minutes). */
  seated_at: z.string().nullable(),
  actual_wait_minutes: z.number().int().nullable(),
  /** When a seated party was finished on the floor and left. */
  left_at: z.string().nullable(),
  /** When the guest was last texted that their table is ready. */
  notified_at: z.string().nullable(),
  /** Added by staff at the host stand, or by the guest through the join link (decision 0108). */
  source: z.enum(['staff', 'guest']),
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

/** GET /waitlist_entries/quote?party_size: the wait a party joining now would be quoted (decision 0107). */
export const WaitlistQuoteQuery = z.object({
  party_size: z.coerce.number({ error: 'Party size is required' }).int('Party size must be a whole number').min(1, 'Party size must be at least 1').max(1000, 'Party size is too large'),
  restaurant_id: idQuery.optional(),
});
export type WaitlistQuoteQuery = z.infer<typeof WaitlistQuoteQuery>;

export const WaitlistQuoteOutput = z.object({
  party_size: z.number().int(),
  /** Minutes, in 5-minute steps; null when the room cannot seat the party (no layout, too large). */
  quoted_wait_minutes: z.number().int().nullable(),
  /** Parties waiting ahead of one joining now. */
  parties_ahead: z.number().int(),
});
export type WaitlistQuoteOutput = z.infer<typeof WaitlistQuoteOutput>;

/*
 * A guest's own place in line (decision 0108): they join from the link or QR code at the host stand
 * and follow their place by a private link whose token only they hold.
 */

/** POST /public/waitlist_entries: a guest joins the line; the phone is required (the table-ready text). */
export const WaitlistGuestJoinFields = z
  .object({
    restaurant_id: id.optional(),
    contact_name: contactName,
    contact_phone: z
      .string({ error: 'Phone is required' })
      .trim()
      .min(1, 'Phone is required')
      .refine((v) => v !== DEFAULT_PHONE_PREFIX, 'Phone is required')
      .refine((v) => isAcceptedPhone(v), phoneRuleMessage())
      .transform((v) => normalizePhone(v)),
    party_size: partySize,
  })
  .strict();
export const WaitlistGuestJoinInput = z.preprocess(unwrap, WaitlistGuestJoinFields);
export type WaitlistGuestJoinInput = z.infer<typeof WaitlistGuestJoinFields>;
export type WaitlistGuestJoinBody = z.input<typeof WaitlistGuestJoinFields>;

/** What a guest sees of their own entry: never anyone else's name or phone. */
export const WaitlistGuestView = z.object({
  restaurant_id: id,
  restaurant_name: z.string(),
  contact_name: z.string(),
  party_size: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 = next; null once the party is no longer waiting. */
  place: z.number().int().nullable(),
  parties_ahead: z.number().int(),
  quoted_wait_minutes: z.number().int().nullable(),
  check_in_time: z.string(),
  notified_at: z.string().nullable(),
});
export type WaitlistGuestView = z.infer<typeof WaitlistGuestView>;

export const WaitlistGuestJoinOutput = z.object({
  /** The follow link's secret: shown once, kept only by the guest (the server keeps its hash). */
  token: z.string(),
  entry: WaitlistGuestView,
});
export type WaitlistGuestJoinOutput = z.infer<typeof WaitlistGuestJoinOutput>;

/** GET /public/waitlist_join?restaurant_id: what the join page says before the guest joins. */
export const WaitlistJoinInfoQuery = z.object({ restaurant_id: idQuery.optional() });
export const WaitlistJoinInfo = z.object({
  restaurant_id: id,
  restaurant_name: z.string(),
  max_party_size: z.number().int(),
  parties_waiting: z.number().int(),
});
export type WaitlistJoinInfo = z.infer<typeof WaitlistJoinInfo>;

/** The follow link's token, as issued (32 random bytes, base64url). */
export const WaitlistGuestToken = z.string().regex(/^[\w-]{43}$/, 'Waitlist link not found.');
