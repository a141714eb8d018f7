import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coercedInt4 } from '@kusina/domain/integers';
import { ErrorOutput } from '@kusina/domain/errors';
import {
  PromoApplyInput,
  PromoApplyOutput,
  PromoCodeCreateInput,
  PromoCodeListOutput,
  PromoCodeOutput,
  PromoCodeUpdateInput,
  VipCodeCreateInput,
  VipCodeListOutput,
  VipCodeOutput,
  VipCodeUsesOutput,
  VipValidateInput,
  VipValidateOutput,
} from '@kusina/domain/promotions';
import { scopeRestaurant } from '../../lib/access.ts';
import { requireAdmin, requireAuth } from '../../plugins/auth.ts';
import { getRestaurant, storefrontRestaurantId } from '../restaurants/service.ts';
import { countCodeAttempt } from './guesses.ts';
import * as promotions from './service.ts';

const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 422: ErrorOutput, 429: ErrorOutput };
const bearer = [{ bearer: [] }];
const CodeParams = z.object({ code: z.string().trim().min(1).max(40) });
const IdParams = z.object({ id: coercedInt4().positive() });
const AdminQuery = z.object({ restaurant_id: coercedInt4().positive().optional() });

export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted once the body is read: the limit is per client and per code (guesses.ts).
  const countGuess = async (request: { ip: string; body: unknown }) => countCodeAttempt(app.deps, request.ip, [(request.body as { code?: string }).code]);
  app.post(
    '/promo_codes/apply',
    {
      preHandler: countGuess,
      schema: {
        tags: ['promotions'],
        summary: 'What a promo code takes off a total (for display; counts no use)',
        body: PromoApplyInput,
        response: { 200: PromoApplyOutput, ...errors },
      },
    },
    async (request) => {
      const restaurantId = storefrontRestaurantId(app.config, request, request.body.restaurant_id);
      return promotions.applyPromo(app.deps, restaurantId, request.body.code, request.body.total);
    },
  );

  app.post(
    '/restaurants/:id/vip_access/validate_code',
    {
      preHandler: countGuess,
      schema: {
        tags: ['promotions'],
        summary: "Checks a VIP code for a VIP-only restaurant's checkout (401 when invalid)",
        params: z.object({ id: coercedInt4().positive() }),
        body: VipValidateInput,
        response: { 200: VipValidateOutput, ...errors },
      },
    },
    async (request) => {
      await getRestaurant(app.deps, request.params.id);
      return promotions.validateVip(app.deps, request.params.id, request.body.code);
    },
  );

  app.get(
    '/promo_codes',
    {
      preHandler: requireAdmin(app),
      schema: {
        tags: ['promotions'],
        summary: "The restaurant's promo codes (admins)",
        security: bearer,
        querystring: AdminQuery,
        response: { 200: PromoCodeListOutput, ...errors },
      },
    },
    async (request) => {
      const restaurantId = scopeRestaurant(requireAuth(request).user, request.query.restaurant_id, 'admin');
      return promotions.listPromoCodes(app.deps, restaurantId);
    },
  );

  app.post(
    '/promo_codes',
    {
      preHandler: requireAdmin(app),
      schema: {
        tags: ['promotions'],
        summary: 'Creates a promo code (admins)',
        security: bearer,
        body: PromoCodeCreateInput,
        response: { 201: PromoCodeOutput, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const restaurantId = scopeRestaurant(user, request.body.restaurant_id, 'admin');
      return reply.status(201).send(await promotions.createPromoCode(app.deps, user, restaurantId, request.body));
    },
  );

  app.patch(
    '/promo_codes/:code',
    {
      preHandler: requireAdmin(app),
      schema: {
        tags: ['promotions'],
        summary: 'Changes a promo code (admins)',
        security: bearer,
        params: CodeParams,
        querystring: AdminQuery,
        body: PromoCodeUpdateInput,
        response: { 200: PromoCodeOutput, ...errors },
      },
    },
    async (request) => {
      const user = requireAuth(request).user;
      const restaurantId = scopeRestaurant(user, request.query.restaurant_id, 'admin');
      return promotions.updatePromoCode(app.deps, user, restaurantId, request.params.code, request.body);
    },
  );

  app.delete(
    '/promo_codes/:code',
    {
      preHandler: requireAdmin(app),
      schema: {
        tags: ['promotions'],
        summary: 'Deletes a promo code (admins); placed orders keep the code as text',
        security: bearer,
        params: CodeParams,
        querystring: AdminQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const restaurantId = scopeRestaurant(user, request.query.restaurant_id, 'admin');
      await promotions.deletePromoCode(app.deps, user, restaurantId, request.params.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/promo_codes/:code/expire',
    {
      preHandler: requireAdmin(app),
      schema: {
        tags: ['promotions'],
        summary: "Ends a promo code now by the server's clock; it stays listed with its uses (admins)",
        security: bearer,
        params: CodeParams,
        querystring: AdminQuery,
        response: { 200: PromoCodeOutput, ...errors },
      },
    },
    async (request) => {
      const user = requireAuth(request).user;
      const restaurantId = scopeRestaurant(user, request.query.restaurant_id, 'admin');
      return promotions.expirePromoCode(app.deps, user, restaurantId, request.params.code);
    },
  );

  // ---- VIP access codes (issue #37, decision 0114) ----

  app.get(
    '/vip_codes',
    {
      preHandler: requireAdmin(app),
      schema: { tags: ['promotions'], summary: "The restaurant's VIP access codes with their uses (admins)", security: bearer, querystring: AdminQuery, response: { 200: VipCodeListOutput, ...errors } },
    },
    async (request) => promotions.listVipCodes(app.deps, scopeRestaurant(requireAuth(request).user, request.query.restaurant_id, 'admin')),
  );

  app.post(
    '/vip_codes',
    {
      preHandler: requireAdmin(app),
      schema: {
        tags: ['promotions'],
        summary: 'Issues one VIP code of your choosing or up to 100 random ones; maxUses 1 makes them single-use (admins)',
        security: bearer,
        body: VipCodeCreateInput,
        response: { 201: VipCodeListOutput, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const restaurantId = scopeRestaurant(user, request.body.restaurant_id, 'admin');
      return reply.status(201).send(await promotions.issueVipCodes(app.deps, user, restaurantId, request.body));
    },
  );

  app.post(
    '/vip_codes/:id/revoke',
    {
      preHandler: requireAdmin(app),
      schema: { tags: ['promotions'], summary: 'Revokes a VIP code: checkout refuses it from now on (admins)', security: bearer, params: IdParams, querystring: AdminQuery, response: { 200: VipCodeOutput, ...errors } },
    },
    async (request) => {
      const user = requireAuth(request).user;
      return promotions.revokeVipCode(app.deps, user, scopeRestaurant(user, request.query.restaurant_id, 'admin'), request.params.id);
    },
  );

  app.get(
    '/vip_codes/:id/uses',
    {
      preHandler: requireAdmin(app),
      schema: { tags: ['promotions'], summary: 'The orders placed with a VIP code, newest first (admins)', security: bearer, params: IdParams, querystring: AdminQuery, response: { 200: VipCodeUsesOutput, ...errors } },
    },
    async (request) => promotions.vipCodeUses(app.deps, scopeRestaurant(requireAuth(request).user, request.query.restaurant_id, 'admin'), request.params.id),
  );
};
