import { z } from 'zod';
import { TURN_TIME_MAX_BANDS, TURN_TIME_MAX_GUESTS, TURN_TIME_MAX_MINUTES, TURN_TIME_MIN_MINUTES, TurnTimeMessages } from './turn-time-rules.ts';

export const PaymentGatewaySettings = z.object({
  payment_processor: z.enum(['stripe', 'paypal']).default('paypal'),
  publishable_key: z.string().optional(),
  client_id: z.string().optional(),
  test_mode: z.boolean().default(true),
});

/** A country calling code as the SMS setting takes it: a + and 1 to 4 digits, no leading zero. */
export const SMS_COUNTRY_CODE = /^\+[1-9]\d{0,3}$/;

/** The field error for an entry of the SMS country codes that is not a calling code. */
export function smsCountryCodeError(entry: string): string {
  return `"${entry}" is not a country code: use a + and 1 to 4 digits, like +1 or +63`;
}

/** admin_settings as the storefront and back office read it (storefront.md §3, backoffice §3). */
/** Turn-time bands: ascending party sizes, the last one open ("5 or more"), 15–360 minutes in 5-minute steps. */
const TurnTimeBands = z
  .array(
    z.object({
      up_to: z.int32(TurnTimeMessages.guestsWhole).min(1, TurnTimeMessages.guestsMin).max(TURN_TIME_MAX_GUESTS, TurnTimeMessages.guestsMax).nullable(),
      minutes: z
        .int32(TurnTimeMessages.minutesWhole)
        .min(TURN_TIME_MIN_MINUTES, TurnTimeMessages.minutesMin)
        .max(TURN_TIME_MAX_MINUTES, TurnTimeMessages.minutesMax)
        .refine((minutes) => minutes % 5 === 0, TurnTimeMessages.minutesStep),
    }),
  )
  .min(1, TurnTimeMessages.atLeastOne)
  .max(TURN_TIME_MAX_BANDS, TurnTimeMessages.atMost)
  .refine((bands) => bands.filter((band) => band.up_to === null).length === 1 && bands.at(-1)?.up_to === null, TurnTimeMessages.lastOpen)
  .refine((bands) => bands.every((band, i) => i === 0 || band.up_to === null || (bands[i - 1]!.up_to ?? Infinity) < band.up_to), TurnTimeMessages.guestsOrder);

export const AdminSettings = z
  .object({
    custom_pickup_instructions: z.string().optional(),
    payment_gateway: PaymentGatewaySettings.optional(),
    hero_image_url: z.string().optional(),
    fallback_image_url: z.string().optional(),
    reservation_settings: z.object({ max_party_size: z.int32().positive().optional() }).passthrough().optional(),
    reservations: z.object({ enable_reservations_button: z.boolean().optional() }).passthrough().optional(),
    /**
     * Country calling codes the restaurant sends texts to (issue #33: no toll fraud through its SMS
     * provider); unset: DEFAULT_SMS_COUNTRY_CODES.
     */
    sms_country_codes: z
      .array(z.string().regex(SMS_COUNTRY_CODE, { error: (issue) => smsCountryCodeError(String(issue.input)) }))
      .max(50, 'At most 50 country codes')
      .optional(),
    /** Expected stay per party size (issue #35, turn-time-rules.ts); unset: DEFAULT_TURN_TIMES. */
    turn_times: TurnTimeBands.optional(),
  })
  .passthrough();
export type AdminSettings = z.infer<typeof AdminSettings>;

/**
 * Where a Guam restaurant's guests text from, by default (decision 0085): +1 (the US, Guam, the
 * CNMI), the Philippines, Japan, Korea, Palau, Micronesia and the Marshall Islands.
 */
export const DEFAULT_SMS_COUNTRY_CODES = ['+1', '+63', '+81', '+82', '+680', '+691', '+692'] as const;

/** The codes a restaurant texts to: its setting, or the default. */
export function smsCountryCodes(settings: AdminSettings | null | undefined): readonly string[] {
  return settings?.sms_country_codes ?? DEFAULT_SMS_COUNTRY_CODES;
}

/** The field error for a number whose country the restaurant does not text. */
export function smsCountryMessage(codes: readonly string[]): string {
  return `We can only send texts to numbers starting with ${codes.join(', ')}. Please use another number.`;
}

export const THEMES = ['gold', 'blue'] as const;
export type Theme = (typeof THEMES)[number];
/** The browser's theme-color for each theme (the brand colour of the header band's logo). */
export const THEME_COLORS: Record<Theme, string> = { gold: '#b7791f', blue: '#1d4ed8' };

export const RestaurantOutput = z.object({
  id: z.int32(),
  name: z.string(),
  address: z.string().nullable(),
  phone_number: z.string().nullable(),
  contact_email: z.string().nullable(),
  time_zone: z.string(),
  theme: z.enum(THEMES),
  facebook_url: z.string().nullable(),
  instagram_url: z.string().nullable(),
  twitter_url: z.string().nullable(),
  custom_pickup_location: z.string().nullable(),
  vip_only_checkout: z.boolean(),
  vip_enabled: z.boolean(),
  default_reservation_length: z.int32(),
  time_slot_interval: z.int32(),
  /** The active floor layout (POST /layouts/{id}/activate) and its seat capacity (backoffice §3). */
  current_layout_id: z.int32().nullable(),
  current_seat_count: z.int32(),
  /** Present only when the request asked include_settings. */
  admin_settings: AdminSettings.optional(),
  /**
   * With include_settings: whether this server lets a restaurant in test mode take payments with
   * the test processor (ALLOW_TEST_PAYMENTS, decision 0086). False: a test-mode checkout cannot pay.
   */
  test_payments_allowed: z.boolean().optional(),
  /**
   * GET /restaurants/{id}: the header's hours text from the operating hours and special events
   * (issue #23): '11AM-9PM' when every day is the same, else today's ('Today 10AM-9PM', 'Closed today').
   */
  hours_text: z.string().optional(),
});
export type RestaurantOutput = z.infer<typeof RestaurantOutput>;

export const SiteSettingsOutput = z.object({
  hero_image_url: z.string().nullable(),
  spinner_image_url: z.string().nullable(),
});
export type SiteSettingsOutput = z.infer<typeof SiteSettingsOutput>;

/** PATCH /admin/site_settings (admins): the storefront's hero and loading images; blank clears one. */
const siteImage = z
  .preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .max(500)
      .refine((v) => v.startsWith('/') || v.startsWith('https://'), 'Use a /path or an https:// URL')
      .nullable(),
  )
  .optional();
export const SiteSettingsUpdateInput = z.object({ hero_image_url: siteImage, spinner_image_url: siteImage }).strict();
export type SiteSettingsUpdateInput = z.infer<typeof SiteSettingsUpdateInput>;

/** Fallbacks the header, footer and confirmation show when the record lacks a value (storefront.md §9). */
export const RestaurantDefaults = {
  hoursText: '11AM-9PM',
  hoursLong: 'Open Daily 11AM-9PM',
  headerAddress: 'Tamuning',
  address: '1000 Marine Corps Dr, Tamuning, GU 96913',
  phone: '+16716464461',
  email: 'hello@kusina.example',
  pickupAddress: 'Barrigada, Guam',
} as const;

/**
 * The footer's and confirmation's hours line from the server's `hours_text` (the header's words):
 * the same hours every day read "Open Daily 11AM-9PM"; otherwise today's ("Today 11AM-3PM",
 * "Closed today"). Without it, the storefront's default.
 */
export function hoursLine(hoursText: string | undefined): string {
  if (!hoursText) return RestaurantDefaults.hoursLong;
  return /^(Today|Closed)/.test(hoursText) ? hoursText : `Open Daily ${hoursText}`;
}

/** The header shows the first comma-separated segment of the address, defaulting to Tamuning. */
export function headerAddress(address: string | null | undefined): string {
  const first = address?.split(',')[0]?.trim();
  return first || RestaurantDefaults.headerAddress;
}

/** The restaurant channel pushes restaurant_update; the header refetches at most every 2 s. */
export const RESTAURANT_REFETCH_THROTTLE_MS = 2000;

/**
 * The restaurant channel also pushes menu_update (payload { restaurant_id }) when a dish's stock,
 * availability or options change, at most once a second: open menus refetch (throttled like
 * restaurant_update) and, while the live connection is down, poll every MENU_POLL_MS instead.
 */
export const MENU_UPDATE_EVENT = 'menu_update';
export const MENU_UPDATE_INTERVAL_MS = 1000;
export const MENU_POLL_MS = 30_000;
