import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorOutput } from '@kusina/domain/errors';
import {
  WaitlistEntryOutput,
  WaitlistGuestJoinInput,
  WaitlistGuestJoinOutput,
  WaitlistGuestToken,
  WaitlistGuestView,
  WaitlistJoinInfo,
  WaitlistJoinInfoQuery,
  WaitlistQuoteOutput,
  WaitlistQuoteQuery,
} from '@kusina/domain/waitlist';
import { requireAuth, requireStaff } from '../../plugins/auth.ts';
import { rooms } from '../../realtime/socket.ts';
import { guestRateLimit } from '../../lib/guest-rate-limit.ts';
import { storefrontRestaurantId } from '../restaurants/service.ts';
import * as service from './service.ts';

const tags = ['waitlist'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });
const tokenParams = z.object({ token: WaitlistGuestToken });
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 422: ErrorOutput, 429: ErrorOutput };

/**
 * The waitlist's quotes, the table-ready text, and the guest's own join and follow link (issue #35
 * item 5; decisions 0107, 0108). The list, adding and status moves are in reservations/routes.ts.
 */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireStaff(app);
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user;

  // A guest following their place joins their restaurant's line room by their token; the room only
  // ever hears that the line moved.
  app.realtime.registerChannel('waitlist', async ({ params }) => {
    const token = WaitlistGuestToken.safeParse(params.token);
    if (!token.success) return null;
    try {
      return rooms.waitlist((await service.followWaitlist(app.deps, token.data)).restaurant_id);
    } catch {
      return null;
    }
  });

  app.get(
    '/waitlist_entries/quote',
    { onRequest: staff, schema: { tags, security, summary: 'The wait a party joining now would be quoted, from the floor (turn times, parties ahead, seats freeing up)', querystring: WaitlistQuoteQuery, response: { 200: WaitlistQuoteOutput, ...errors } } },
    async (request) => service.previewQuote(app.deps, user(request), request.query),
  );
  app.post(
    '/waitlist_entries/:id/notify',
    { onRequest: staff, schema: { tags, security, summary: 'Texts a waiting party that its table is ready (through the outbox) and records when', params: idParams, response: { 200: WaitlistEntryOutput, ...errors } } },
    async (request) => service.notifyWaitlistEntry(app.deps, user(request), request.params.id),
  );

  // ── The guest's link (rate limited as the reservation guest link is) ─────────────────────
  app.get(
    '/public/waitlist_join',
    { config: guestRateLimit(app), schema: { tags, summary: 'What the join page shows: the restaurant, its largest party, parties waiting now', querystring: WaitlistJoinInfoQuery, response: { 200: WaitlistJoinInfo, ...errors } } },
    async (request) => service.joinInfo(app.deps, storefrontRestaurantId(app.config, request, request.query.restaurant_id)),
  );
  app.post(
    '/public/waitlist_entries',
    { config: guestRateLimit(app), schema: { tags, summary: 'A guest joins the waitlist; answers their private follow token once', body: WaitlistGuestJoinInput, response: { 201: WaitlistGuestJoinOutput, ...errors } } },
    async (request, reply) => {
      reply.status(201);
      return service.guestJoin(app.deps, storefrontRestaurantId(app.config, request, request.body.restaurant_id), request.body);
    },
  );
  app.get(
    '/public/waitlist/:token',
    { config: guestRateLimit(app), schema: { tags, summary: "A guest's place in line, by their follow token", params: tokenParams, response: { 200: WaitlistGuestView, ...errors } } },
    async (request) => service.followWaitlist(app.deps, request.params.token),
  );
  app.post(
    '/public/waitlist/:token/leave',
    { config: guestRateLimit(app), schema: { tags, summary: 'The guest leaves the waitlist', params: tokenParams, response: { 200: WaitlistGuestView, ...errors } } },
    async (request) => service.leaveWaitlist(app.deps, request.params.token),
  );
};
