import { z } from 'zod';
import { isAcceptedPhone, normalizePhone } from './phone.ts';
import { phoneRuleMessage } from './phone-rules.ts';

/*
 * Guests remembered (issue #35 item 6; decision 0109): one profile per phone or e-mail per
 * restaurant — visits, no-shows and cancellations counted from its reservations and waitlist
 * entries across all dates, and the notes and tags staff keep.
 */

const idQuery = z.coerce.number().int().min(1).max(2147483647);
const phone = z
  .string()
  .trim()
  .refine((v) => isAcceptedPhone(v), phoneRuleMessage())
  .transform((v) => normalizePhone(v));
const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address'));

export const GuestLookupQuery = z
  .object({ phone: phone.optional(), email: email.optional(), restaurant_id: idQuery.optional() })
  .refine((q) => q.phone !== undefined || q.email !== undefined, { message: 'Give a phone or an e-mail', path: ['phone'] });
export type GuestLookupQuery = z.infer<typeof GuestLookupQuery>;

export const GUEST_TAG_MAX = 10;
export const GuestProfileInput = z
  .object({
    restaurant_id: z.number().int().min(1).max(2147483647).optional(),
    phone: phone.nullish(),
    email: email.nullish(),
    notes: z
      .string()
      .trim()
      .max(1000, 'Notes are too long')
      .nullish()
      .transform((v) => (v ? v : null)),
    tags: z
      .array(z.string().trim().min(1, 'A tag cannot be empty').max(30, 'A tag is at most 30 characters'))
      .max(GUEST_TAG_MAX, `At most ${GUEST_TAG_MAX} tags`)
      .transform((tags) => [...new Set(tags)]),
  })
  .strict()
  .refine((q) => Boolean(q.phone) || Boolean(q.email), { message: 'Give a phone or an e-mail', path: ['phone'] });
export type GuestProfileInput = z.infer<typeof GuestProfileInput>;
export type GuestProfileBody = z.input<typeof GuestProfileInput>;

export const GuestVisit = z.object({
  kind: z.enum(['reservation', 'waitlist']),
  id: z.number().int(),
  at: z.string(),
  party_size: z.number().int(),
  status: z.string(),
});
export type GuestVisit = z.infer<typeof GuestVisit>;

export const GuestProfileOutput = z.object({
  restaurant_id: z.number().int(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The name the guest last gave. */
  name: z.string().nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  /** Reservations finished or seated, and waitlist parties seated. */
  visits: z.number().int(),
  no_shows: z.number().int(),
  /** Reservations cancelled (by the guest or staff). */
  cancellations: z.number().int(),
  last_visit_at: z.string().nullable(),
  /** The latest reservations and waitlist entries, newest first (at most 10). */
  history: z.array(GuestVisit),
});
export type GuestProfileOutput = z.infer<typeof GuestProfileOutput>;

export const GuestSearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100, 'Search is too long'),
  restaurant_id: idQuery.optional(),
});
export type GuestSearchQuery = z.infer<typeof GuestSearchQuery>;
