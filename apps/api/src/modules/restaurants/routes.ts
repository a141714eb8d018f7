import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coercedInt4 } from '@kusina/domain/integers';
import { RestaurantOutput, SiteSettingsOutput } from '@kusina/domain/restaurants';
import { getRestaurant, getSiteSettings, storefrontRestaurantId, toRestaurantOutput } from './service.ts';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === '');

export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/restaurants/:id',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'A restaurant, with admin_settings when include_settings is set',
        params: z.object({ id: coercedInt4().positive() }),
        querystring: z.object({ include_settings: flag }),
        response: { 200: RestaurantOutput },
      },
    },
    async (request) => toRestaurantOutput(await getRestaurant(app.db, request.params.id), request.query.include_settings),
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
    async (request) => getSiteSettings(app.db, storefrontRestaurantId(app.config, request, request.query.restaurant_id)),
  );
};
