import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coercedInt4 } from '@kusina/domain/integers';
import { ErrorOutput } from '@kusina/domain/errors';
import { RestaurantOutput, SiteSettingsOutput, SiteSettingsUpdateInput } from '@kusina/domain/restaurants';
import { RestaurantUpdateInput } from '@kusina/domain/reservations';
import { requireAdmin, requireAuth } from '../../plugins/auth.ts';
import { headerHours } from '../orders/service.ts';
import { ActingRestaurantInput, RestaurantChoicesOutput } from '@kusina/domain/acting-restaurant';
import { actForRestaurant, getRestaurant, getSiteSettings, restaurantChoices, storefrontRestaurantId, toRestaurantOutput, updateRestaurant, updateSiteSettings } from './service.ts';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === '');

export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/restaurants/:id',
    {
      // Served from memory for a while if the database goes away (read-only grace, 0088).
      onSend: app.readGrace.remember,
      schema: {
        tags: ['restaurants'],
        summary: 'A restaurant, with admin_settings when include_settings is set',
        params: z.object({ id: coercedInt4().positive() }),
        querystring: z.object({ include_settings: flag }),
        response: { 200: RestaurantOutput },
      },
    },
    async (request) => {
      const row = await getRestaurant(app.deps, request.params.id);
      const settings = request.query.include_settings ? { testPaymentsAllowed: app.config.allowTestPayments } : null;
      return { ...toRestaurantOutput(row, settings), hours_text: await headerHours(app.deps, row) };
    },
  );

  app.patch(
    '/restaurants/:id',
    {
      onRequest: requireAdmin(app),
      schema: {
        tags: ['restaurants'],
        security: [{ bearer: [] }],
        summary: 'Admins: the profile (name, address, phone, email, social links, pickup location), default_reservation_length, time_slot_interval and admin_settings (replaced whole)',
        params: z.object({ id: z.coerce.number().int().min(1).max(2147483647) }),
        body: RestaurantUpdateInput,
        response: { 200: RestaurantOutput, 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput },
      },
    },
    async (request) => {
      const row = await updateRestaurant(app.deps, requireAuth(request).user, request.params.id, request.body);
      return toRestaurantOutput(row, { testPaymentsAllowed: app.config.allowTestPayments });
    },
  );

  app.get(
    '/admin/site_settings',
    {
      schema: {
        tags: ['restaurants'],
        summary: "Site settings (hero and spinner images) of the storefront's restaurant",
        querystring: z.object({ restaurant_id: coercedInt4().positive().optional() }),
        response: { 200: SiteSettingsOutput },
      },
    },
    async (request) => getSiteSettings(app.deps, storefrontRestaurantId(app.config, request, request.query.restaurant_id)),
  );

  app.patch(
    '/admin/site_settings',
    {
      onRequest: requireAdmin(app),
      schema: {
        tags: ['restaurants'],
        security: [{ bearer: [] }],
        summary: "Admins: the storefront's hero and loading images (a /path or an https URL; blank clears one)",
        querystring: z.object({ restaurant_id: coercedInt4().positive().optional() }),
        body: SiteSettingsUpdateInput,
        response: { 200: SiteSettingsOutput, 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput },
      },
    },
    async (request) => {
      const user = requireAuth(request).user;
      const restaurantId = request.query.restaurant_id ?? user.restaurantId ?? storefrontRestaurantId(app.config, request);
      const saved = await updateSiteSettings(app.deps, user, restaurantId, request.body);
      return saved;
    },
  );

  // The super admin's restaurant picker (decision 0128).
  app.get(
    '/admin/restaurants',
    {
      onRequest: requireAdmin(app),
      schema: { tags: ['restaurants'], security: [{ bearer: [] }], summary: 'The super admin only: every restaurant, and the one the session acts for', response: { 200: RestaurantChoicesOutput, 401: ErrorOutput, 403: ErrorOutput } },
    },
    async (request) => restaurantChoices(app.deps, requireAuth(request).user),
  );
  app.put(
    '/admin/acting_restaurant',
    {
      onRequest: requireAdmin(app),
      schema: {
        tags: ['restaurants'],
        security: [{ bearer: [] }],
        summary: "The super admin only: the restaurant this session's admin dashboard acts for",
        body: ActingRestaurantInput,
        response: { 200: RestaurantChoicesOutput, 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput },
      },
    },
    async (request) => actForRestaurant(app.deps, requireAuth(request), request.body.restaurant_id),
  );
};
