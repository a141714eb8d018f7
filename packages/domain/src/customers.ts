import { z } from 'zod';

/*
 * Customers of a restaurant (issue #37 item 3; decision 0128): everyone who ordered, supported a
 * fundraiser or booked a table there, known by the e-mail they gave (lower case; a booking without
 * one by its phone). Admins of the restaurant only; every record filtered to the restaurant.
 */

export const CUSTOMERS_PER_PAGE = 25;

export const CustomerListQuery = z.object({
  /** Part of a name, an e-mail or a phone number (digits compared, whatever the punctuation). */
  q: z.string().trim().max(100, 'Search is too long').optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(CUSTOMERS_PER_PAGE),
  restaurant_id: z.coerce.number().int().min(1).max(2147483647).optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

export const CustomerSummary = z.object({
  /** The customer's key: their e-mail, or the phone of a booking that gave no e-mail. */
  key: z.string(),
  /** The name they gave last. */
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  orders: z.int(),
  fundraiser_orders: z.int(),
  reservations: z.int(),
  /** What their orders and fundraiser orders came to, less refunds. */
  spent_cents: z.int(),
  last_seen_at: z.string(),
  /** Whether any of their records was made signed in to an account. */
  has_account: z.boolean(),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;

export const CustomerListOutput = z.object({
  customers: z.array(CustomerSummary),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
});
export type CustomerListOutput = z.infer<typeof CustomerListOutput>;

export const CustomerDetailQuery = z.object({
  key: z.string().trim().min(1, 'Choose a customer').max(320),
  restaurant_id: z.coerce.number().int().min(1).max(2147483647).optional(),
});
export type CustomerDetailQuery = z.infer<typeof CustomerDetailQuery>;

/** At most this many of each kind of record, newest first (the counts say how many there are). */
export const CUSTOMER_RECORDS_SHOWN = 50;

export const CustomerDetailOutput = CustomerSummary.extend({
  order_list: z.array(
    z.object({ id: z.int(), order_number: z.string(), status: z.string(), total_cents: z.int(), refunded_cents: z.int(), created_at: z.string(), is_staff_order: z.boolean() }),
  ),
  fundraiser_order_list: z.array(
    z.object({ id: z.int(), order_number: z.string(), fundraiser: z.string(), participant: z.string().nullable(), status: z.string(), total_cents: z.int(), refunded_cents: z.int(), created_at: z.string() }),
  ),
  reservation_list: z.array(z.object({ id: z.int(), reservation_number: z.string(), start_time: z.string(), party_size: z.int(), status: z.string(), source: z.string() })),
  /** What staff noted about the guest (the waitlist's guest profile), where there is one. */
  guest_profile: z.object({ notes: z.string().nullable(), tags: z.array(z.string()), visits: z.int(), no_shows: z.int(), cancellations: z.int() }).nullable(),
});
export type CustomerDetailOutput = z.infer<typeof CustomerDetailOutput>;
