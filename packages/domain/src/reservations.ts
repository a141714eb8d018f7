import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { AdminSettings } from './restaurants.ts';
import { isAcceptedPhone, normalizePhone } from './phone.ts';
import { phoneRuleMessage } from './phone-rules.ts';
import { parseCalendarDate, parseClockTime, parseRestaurantDateTime } from './restaurant-schedule.ts';

/*
 * The reservations contract (issue #21, backoffice-reservations.md §3, §5, §7, §8): statuses,
 * constants, messages and the zod shapes the API validates and the SPA types its forms with.
 */

export * from './reservation-rules.ts';
import { ReservationMessages, RESERVATION_STATUSES, BLOCKED_PERIOD_STATUSES, DEFAULT_PHONE_PREFIX, DEFAULT_LENGTH_MAX, DEFAULT_LENGTH_MIN, DEFAULT_LENGTH_STEP } from './reservation-rules.ts';

const id = z.number().int().min(1).max(2147483647);
const idQuery = z.coerce.number().int().min(1).max(2147483647);
const calendarDate = z.string().refine((v) => parseCalendarDate(v) !== null, 'Use a date like 2030-06-03');
const clock = z.string().refine((v) => parseClockTime(v) !== null, 'Use a time like 18:30');
const dateTime = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine((v) => !Number.isNaN(parseRestaurantDateTime(v)), 'Use a date and time like 2030-06-03T18:30:00');

const optionalPhone = z
  .string()
  .trim()
  .nullish()
  // The bare default prefix means "no phone" (§5).
  .transform((v) => (!v || v === DEFAULT_PHONE_PREFIX ? null : v))
  .refine((v) => v === null || isAcceptedPhone(v), phoneRuleMessage())
  .transform((v) => (v === null ? null : normalizePhone(v)));
const optionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.union([z.null(), emailSchema]));
const seatPreferences = z.array(z.array(z.string().trim().min(1).max(20)).max(100)).max(3, 'Up to 3 seat preference options');
const partySize = z.number({ error: 'Party size is required' }).int('Party size must be a whole number').min(1, 'Party size must be at least 1').max(1000, 'Party size is too large');
const duration = z.number().int().min(15, 'Duration must be at least 15 minutes').max(1440, 'Duration must be at most 1440 minutes');

/** Rails-style `{ reservation: {...} }` (§7) or the fields themselves. */
function unwrap(key: string) {
  return (value: unknown) => (value && typeof value === 'object' && key in value ? (value as Record<string, unknown>)[key] : value);
}

const LocationSummary = z.object({ id, name: z.string() });

export const ReservationOutput = z.object({
  id,
  reservation_number: z.string(),
  restaurant_id: id,
  location_id: id,
  location: LocationSummary,
  start_time: z.string(),
  end_time: z.string(),
  duration_minutes: z.number().int(),
  party_size: z.number().int(),
  contact_name: z.string(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  seat_preferences: z.array(z.array(z.string())),
  seat_labels: z.array(z.string()),
  special_requests: z.string().nullable(),
  source: z.enum(['public', 'staff']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReservationOutput = z.infer<typeof ReservationOutput>;

export const ReservationListQuery = z.object({
  date: calendarDate.optional(),
  location_id: idQuery.optional(),
  restaurant_id: idQuery.optional(),
  /** Name, phone or e-mail contains it (the list's search box). */
  search: z.string().trim().max(100).optional(),
});
export type ReservationListQuery = z.infer<typeof ReservationListQuery>;

/**
 * POST /reservations. A guest (no staff role for the restaurant) may set only restaurant_id,
 * location_id, start_time, party_size, the contact fields and special_requests; status,
 * duration_minutes and seat_preferences are refused for them (the server decides).
 */
export const ReservationCreateFields = z.object({
  restaurant_id: id.optional(),
  location_id: id.optional(),
  start_time: dateTime(ReservationMessages.invalidDateTime),
  party_size: partySize,
  contact_name: z.string({ error: ReservationMessages.guestNameRequired }).trim().min(1, ReservationMessages.guestNameRequired).max(100, 'Name is too long'),
  contact_phone: optionalPhone,
  contact_email: optionalEmail,
  status: z.enum(RESERVATION_STATUSES).optional(),
  seat_preferences: seatPreferences.optional(),
  duration_minutes: duration.optional(),
  special_requests: z.string().trim().max(1000, 'Special requests are too long').nullish(),
});
export const ReservationCreateInput = z.preprocess(unwrap('reservation'), ReservationCreateFields);
export type ReservationCreateInput = z.infer<typeof ReservationCreateFields>;

export const ReservationUpdateFields = z
  .object({
    contact_name: z.string().trim().min(1, ReservationMessages.guestNameRequired).max(100).optional(),
    party_size: partySize.optional(),
    contact_phone: optionalPhone.optional(),
    contact_email: optionalEmail.optional(),
    status: z.enum(RESERVATION_STATUSES).optional(),
    seat_preferences: seatPreferences.optional(),
    duration_minutes: duration.optional(),
    start_time: dateTime(ReservationMessages.invalidDateTime).optional(),
    special_requests: z.string().trim().max(1000).nullish(),
  })
  .strict();
export const ReservationUpdateInput = z.preprocess(unwrap('reservation'), ReservationUpdateFields);
export type ReservationUpdateInput = z.infer<typeof ReservationUpdateFields>;

export const AvailabilityQuery = z.object({
  date: calendarDate,
  party_size: z.coerce.number().int().min(1, 'Party size must be at least 1').max(1000),
  location_id: idQuery.optional(),
  restaurant_id: idQuery.optional(),
  /** Staff: the stay to check (minutes); the public always gets the restaurant's default. */
  duration_minutes: z.coerce.number().int().min(15).max(1440).optional(),
  /** Staff: the reservation being edited, whose own seats do not count against its new slots. */
  exclude_reservation_id: idQuery.optional(),
  /** With a time, max_available_seats is the seats free at that time. */
  time: clock.optional(),
  get_capacity: z.string().optional(),
});
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

const AvailabilitySlot = z.object({ time: z.string(), start_time: z.string(), available_seats: z.number().int() });

export const AvailabilityOutput = z.object({
  date: z.string(),
  location_id: id,
  slots: z.array(z.string()),
  /** Each offered slot with its instant (slots after midnight fall on the next date) and seats free. */
  slot_details: z.array(AvailabilitySlot),
  closed_reason: z.enum(['closed', 'private', 'past']).nullable(),
  actual_capacity: z.number().int(),
  admin_max_party_size: z.number().int(),
  effective_max_party_size: z.number().int(),
  max_available_seats: z.number().int(),
  default_reservation_length: z.number().int(),
});
export type AvailabilityOutput = z.infer<typeof AvailabilityOutput>;

export const SimpleCapacityOutput = z.object({
  actual_capacity: z.number().int(),
  admin_max_party_size: z.number().int(),
  effective_max_party_size: z.number().int(),
});
export type SimpleCapacityOutput = z.infer<typeof SimpleCapacityOutput>;

export const OperatingHoursOutput = z.object({
  id,
  restaurant_id: id,
  day_of_week: z.number().int(),
  open_time: z.string(),
  close_time: z.string(),
  closed: z.boolean(),
});
export type OperatingHoursOutput = z.infer<typeof OperatingHoursOutput>;

export const OperatingHoursUpdateInput = z.object({ open_time: clock.optional(), close_time: clock.optional(), closed: z.boolean().optional() }).strict();
export type OperatingHoursUpdateInput = z.infer<typeof OperatingHoursUpdateInput>;

export const SpecialEventOutput = z.object({
  id,
  restaurant_id: id,
  event_date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  closed: z.boolean(),
  exclusive_booking: z.boolean(),
  max_capacity: z.number().int().nullable(),
  description: z.string().nullable(),
});
export type SpecialEventOutput = z.infer<typeof SpecialEventOutput>;

const eventFields = {
  event_date: calendarDate,
  start_time: clock.nullish(),
  end_time: clock.nullish(),
  closed: z.boolean().default(false),
  exclusive_booking: z.boolean().default(false),
  max_capacity: z.number().int().min(0, 'Max guests must be 0 or more').max(100000).nullish(),
  description: z.string().trim().max(500).nullish(),
};
export const SpecialEventCreateInput = z.preprocess(unwrap('special_event'), z.object({ restaurant_id: id.optional(), ...eventFields }));
export type SpecialEventCreateInput = z.infer<typeof SpecialEventCreateInput>;
export const SpecialEventUpdateInput = z.preprocess(
  unwrap('special_event'),
  z.object({
    event_date: eventFields.event_date.optional(),
    start_time: eventFields.start_time,
    end_time: eventFields.end_time,
    closed: z.boolean().optional(),
    exclusive_booking: z.boolean().optional(),
    max_capacity: eventFields.max_capacity,
    description: eventFields.description,
  }),
);
export type SpecialEventUpdateInput = z.infer<typeof SpecialEventUpdateInput>;

export const RestaurantScheduleOutput = z.object({
  restaurant_id: id,
  time_zone: z.string(),
  operating_hours: z.array(OperatingHoursOutput.pick({ day_of_week: true, open_time: true, close_time: true, closed: true })),
  special_events: z.array(SpecialEventOutput.pick({ event_date: true, closed: true, exclusive_booking: true, start_time: true, end_time: true })),
});
export type RestaurantScheduleOutput = z.infer<typeof RestaurantScheduleOutput>;

export const LocationOutput = z.object({
  id,
  restaurant_id: id,
  name: z.string(),
  address: z.string().nullable(),
  phone_number: z.string().nullable(),
  is_default: z.boolean(),
  is_active: z.boolean(),
  active: z.boolean(),
});
export type LocationOutput = z.infer<typeof LocationOutput>;

export const LocationListQuery = z.object({
  restaurant_id: idQuery.optional(),
  is_active: z.enum(['true', 'false']).optional(),
  active: z.enum(['true', 'false']).optional(),
});

export const BlockedPeriodOutput = z.object({
  id,
  restaurant_id: id,
  location_id: id.nullable(),
  location: LocationSummary.nullable(),
  start_time: z.string(),
  end_time: z.string(),
  reason: z.string(),
  status: z.enum(BLOCKED_PERIOD_STATUSES),
});
export type BlockedPeriodOutput = z.infer<typeof BlockedPeriodOutput>;

export const BlockedPeriodListQuery = z.object({
  restaurant_id: idQuery.optional(),
  location_id: idQuery.optional(),
  active: z.enum(['true', 'false']).optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
});
export type BlockedPeriodListQuery = z.infer<typeof BlockedPeriodListQuery>;

const blockedFields = z.object({
  restaurant_id: id.optional(),
  location_id: id.nullish(),
  start_time: dateTime(ReservationMessages.startRequired),
  end_time: dateTime(ReservationMessages.endRequired),
  reason: z.string({ error: ReservationMessages.reasonRequired }).trim().min(1, ReservationMessages.reasonRequired).max(200, 'Reason is too long'),
  status: z.enum(BLOCKED_PERIOD_STATUSES).default('active'),
});
const endAfterStart = <T extends { start_time: string; end_time: string }>(v: T) => parseRestaurantDateTime(v.end_time) > parseRestaurantDateTime(v.start_time);
export const BlockedPeriodInput = z.preprocess(
  unwrap('blocked_period'),
  blockedFields.refine(endAfterStart, { message: ReservationMessages.endAfterStart, path: ['end_time'] }),
);
export type BlockedPeriodInput = z.infer<typeof blockedFields>;

export const LocationCapacityOutput = z.object({
  id,
  restaurant_id: id,
  location_id: id,
  location: LocationSummary,
  total_capacity: z.number().int(),
  default_table_capacity: z.number().int(),
  is_active: z.boolean(),
});
export type LocationCapacityOutput = z.infer<typeof LocationCapacityOutput>;

const positive = (message: string) => z.number({ error: message }).int(message).min(1, message).max(100000, 'Too large');
export const LocationCapacityCreateInput = z.preprocess(
  unwrap('location_capacity'),
  z.object({
    restaurant_id: id.optional(),
    location_id: id,
    total_capacity: positive(ReservationMessages.totalCapacity).default(26),
    default_table_capacity: positive(ReservationMessages.tableCapacity).default(4),
  }),
);
export type LocationCapacityCreateInput = z.infer<typeof LocationCapacityCreateInput>;
export const LocationCapacityUpdateInput = z.preprocess(
  unwrap('location_capacity'),
  z.object({ total_capacity: positive(ReservationMessages.totalCapacity).optional(), default_table_capacity: positive(ReservationMessages.tableCapacity).optional() }),
);
export type LocationCapacityUpdateInput = z.infer<typeof LocationCapacityUpdateInput>;

export const AvailableCapacityQuery = z.object({ date: calendarDate, time: clock, restaurant_id: idQuery.optional(), party_size: z.coerce.number().int().min(1).max(1000).optional() });
export const AvailableCapacityOutput = z.object({
  location_id: id,
  date: z.string(),
  time: z.string(),
  total_capacity: z.number().int(),
  booked_seats: z.number().int(),
  available_capacity: z.number().int(),
});
export type AvailableCapacityOutput = z.infer<typeof AvailableCapacityOutput>;

/** A blank optional text is no value (null): clearing a field removes it. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max, `Use at most ${max} characters`).nullable()).optional();
const socialUrl = z.preprocess(blankToNull, z.string().trim().max(300).pipe(z.url({ protocol: /^https$/, error: 'Use an https:// address' })).nullable()).optional();

/**
 * PATCH /restaurants/{id} (§7): the reservation settings admins edit, and the restaurant's profile
 * the storefront shows (header, footer, confirmation, pickup): name, address, phone, contact email,
 * social links and a custom pickup location (decision 0066).
 */
export const RestaurantUpdateInput = z.preprocess(
  unwrap('restaurant'),
  z
    .object({
      default_reservation_length: z
        .number({ error: ReservationMessages.defaultLengthMin })
        .int(ReservationMessages.defaultLengthStep)
        .min(DEFAULT_LENGTH_MIN, ReservationMessages.defaultLengthMin)
        .max(DEFAULT_LENGTH_MAX, ReservationMessages.defaultLengthMax)
        .multipleOf(DEFAULT_LENGTH_STEP, ReservationMessages.defaultLengthStep)
        .optional(),
      time_slot_interval: z.number().int().min(5).max(240).optional(),
      admin_settings: AdminSettings.optional(),
      name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Use at most 120 characters').optional(),
      address: optionalText(300),
      phone_number: z
        .preprocess(
          blankToNull,
          z
            .string()
            .trim()
            .refine(isAcceptedPhone, { message: phoneRuleMessage() })
            .transform(normalizePhone)
            .nullable(),
        )
        .optional(),
      contact_email: z.preprocess(blankToNull, emailSchema.nullable()).optional(),
      facebook_url: socialUrl,
      instagram_url: socialUrl,
      twitter_url: socialUrl,
      custom_pickup_location: optionalText(300),
    })
    .strict(),
);
export type RestaurantUpdateInput = z.infer<typeof RestaurantUpdateInput>;

/** What a guest's link shows (no internal fields): GET /public/reservations/{token}. */
export const GuestReservationOutput = z.object({
  reservation_number: z.string(),
  restaurant_name: z.string(),
  location: z.object({ name: z.string(), address: z.string().nullable() }),
  start_time: z.string(),
  party_size: z.number().int(),
  contact_name: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  special_requests: z.string().nullable(),
  can_cancel: z.boolean(),
  /** When this link stops working (GUEST_LINK_DAYS_AFTER days after the reservation). */
  link_expires_at: z.string(),
});
export type GuestReservationOutput = z.infer<typeof GuestReservationOutput>;

