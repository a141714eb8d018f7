import { asc, eq } from 'drizzle-orm';
import type { RestaurantChoicesOutput } from '@kusina/domain/acting-restaurant';
import type { FastifyRequest } from 'fastify';
import type { RestaurantOutput, SiteSettingsOutput, SiteSettingsUpdateInput } from '@kusina/domain/restaurants';
import type { RestaurantUpdateInput } from '@kusina/domain/reservations';
import { assertRestaurantAccess } from '../../lib/access.ts';
import type { Auth, SessionUser } from '../../lib/access.ts';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { restaurants, sessions, siteSettings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../deps.ts';
import { rooms } from '../../realtime/socket.ts';

type RestaurantRow = typeof restaurants.$inferSelect;

/**
 * A restaurant as the API answers it; `settings` (include_settings) adds its admin_settings and
 * whether this server takes test payments, which the checkout needs to know before asking for a card.
 */
export function toRestaurantOutput(row: RestaurantRow, settings: { testPaymentsAllowed: boolean } | null): RestaurantOutput {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone_number: row.phoneNumber,
    contact_email: row.contactEmail,
    time_zone: row.timeZone,
    theme: row.theme,
    facebook_url: row.facebookUrl,
    instagram_url: row.instagramUrl,
    twitter_url: row.twitterUrl,
    custom_pickup_location: row.customPickupLocation,
    vip_only_checkout: row.vipOnlyCheckout,
    vip_enabled: row.vipEnabled,
    default_reservation_length: row.defaultReservationLength,
    time_slot_interval: row.timeSlotInterval,
    current_layout_id: row.currentLayoutId,
    current_seat_count: row.currentSeatCount,
    ...(settings ? { admin_settings: row.adminSettings, test_payments_allowed: settings.testPaymentsAllowed } : {}),
  };
}

/**
 * 'restaurant_update' to the restaurant's room, after a committed change to the restaurant, its site
 * settings, hours or events: open storefronts and back offices refetch it.
 */
export function announceRestaurantChanged(deps: Pick<ServiceDeps, 'realtime'>, restaurantId: number): void {
  deps.realtime.emit(rooms.restaurant(restaurantId), 'restaurant_update', { id: restaurantId });
}

export async function getRestaurant(deps: Pick<ServiceDeps, 'db'>, id: number): Promise<RestaurantRow> {
  return restaurantInTransaction(deps.db, id);
}

/** The restaurant, or 404, read inside the caller's transaction. */
export async function restaurantInTransaction(tx: DbOrTx, id: number): Promise<RestaurantRow> {
  const [row] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).limit(1);
  if (!row) throw AppError.notFound('Restaurant not found.');
  return row;
}

export async function getSiteSettings(deps: Pick<ServiceDeps, 'db'>, restaurantId: number): Promise<SiteSettingsOutput> {
  await getRestaurant(deps, restaurantId);
  const [row] = await deps.db.select().from(siteSettings).where(eq(siteSettings.restaurantId, restaurantId)).limit(1);
  return { hero_image_url: row?.heroImageUrl ?? null, spinner_image_url: row?.spinnerImageUrl ?? null };
}

/** PATCH /admin/site_settings: the restaurant's admins set (or, with null, clear) its storefront images. */
export async function updateSiteSettings(deps: Pick<ServiceDeps, 'db' | 'realtime'>, user: SessionUser, restaurantId: number, input: SiteSettingsUpdateInput): Promise<SiteSettingsOutput> {
  await getRestaurant(deps, restaurantId);
  assertRestaurantAccess(user, restaurantId, 'admin');
  const values = {
    ...(input.hero_image_url === undefined ? {} : { heroImageUrl: input.hero_image_url }),
    ...(input.spinner_image_url === undefined ? {} : { spinnerImageUrl: input.spinner_image_url }),
  };
  if (Object.keys(values).length > 0) {
    await deps.db
      .insert(siteSettings)
      .values({ restaurantId, ...values })
      .onConflictDoUpdate({ target: siteSettings.restaurantId, set: values });
  }
  // Open storefronts refetch the restaurant and its site settings (the hero).
  announceRestaurantChanged(deps, restaurantId);
  return getSiteSettings(deps, restaurantId);
}

/**
 * Which restaurant a request's storefront serves: an explicit restaurant_id, else the host
 * name's entry in RESTAURANT_HOSTS, else DEFAULT_RESTAURANT_ID.
 */
export function storefrontRestaurantId(config: Config, request: FastifyRequest, explicit?: number): number {
  if (explicit) return explicit;
  return config.restaurantHosts.get(request.hostname.split(':')[0]?.toLowerCase() ?? '') ?? config.DEFAULT_RESTAURANT_ID;
}

/** PATCH /restaurants/{id} (backoffice §7): the reservation settings, admin_settings and the profile, by the restaurant's admins. */
export async function updateRestaurant(deps: Pick<ServiceDeps, 'db' | 'realtime'>, user: SessionUser, id: number, input: RestaurantUpdateInput): Promise<RestaurantRow> {
  const existing = await getRestaurant(deps, id);
  assertRestaurantAccess(user, id, 'admin');
  const values = {
    ...(input.default_reservation_length === undefined ? {} : { defaultReservationLength: input.default_reservation_length }),
    ...(input.time_slot_interval === undefined ? {} : { timeSlotInterval: input.time_slot_interval }),
    ...(input.admin_settings === undefined ? {} : { adminSettings: input.admin_settings }),
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.address === undefined ? {} : { address: input.address }),
    ...(input.phone_number === undefined ? {} : { phoneNumber: input.phone_number }),
    ...(input.contact_email === undefined ? {} : { contactEmail: input.contact_email }),
    ...(input.facebook_url === undefined ? {} : { facebookUrl: input.facebook_url }),
    ...(input.instagram_url === undefined ? {} : { instagramUrl: input.instagram_url }),
    ...(input.twitter_url === undefined ? {} : { twitterUrl: input.twitter_url }),
    ...(input.custom_pickup_location === undefined ? {} : { customPickupLocation: input.custom_pickup_location }),
  };
  // Nothing to change (an empty body): the row as it is.
  const row = Object.keys(values).length === 0 ? existing : (await deps.db.update(restaurants).set(values).where(eq(restaurants.id, id)).returning())[0]!;
  // Every open storefront and back office of the restaurant refetches it (the header, the modal's switch).
  announceRestaurantChanged(deps, id);
  return row;
}

/** GET /admin/restaurants (the super admin only): every restaurant, and the one the session acts for. */
export async function restaurantChoices(deps: Pick<ServiceDeps, 'db'>, user: SessionUser): Promise<RestaurantChoicesOutput> {
  if (user.role !== 'super_admin') throw AppError.forbidden();
  const rows = await deps.db.select({ id: restaurants.id, name: restaurants.name }).from(restaurants).orderBy(asc(restaurants.id));
  return { restaurants: rows, acting_restaurant_id: user.restaurantId };
}

/**
 * PUT /admin/acting_restaurant (the super admin only; decision 0128): the restaurant this session
 * acts for from now on. Kept on the session row, so every request on every node reads it.
 */
export async function actForRestaurant(deps: Pick<ServiceDeps, 'db'>, auth: Auth, restaurantId: number): Promise<RestaurantChoicesOutput> {
  if (auth.user.role !== 'super_admin') throw AppError.forbidden();
  await getRestaurant(deps, restaurantId);
  await deps.db.update(sessions).set({ actingRestaurantId: restaurantId }).where(eq(sessions.id, auth.sessionId));
  return restaurantChoices(deps, { ...auth.user, restaurantId });
}
