import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorOutput } from '@kusina/domain/errors';
import { GuestLookupQuery, GuestProfileInput, GuestProfileOutput, GuestSearchQuery } from '@kusina/domain/guests';
import { requireAuth, requireStaff } from '../../plugins/auth.ts';
import * as service from './service.ts';

const tags = ['guests'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 422: ErrorOutput };

/** Guests remembered (issue #35 item 6; decision 0109): staff and admins of the restaurant only. */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireStaff(app);
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user;

  app.get(
    '/guests',
    { onRequest: staff, schema: { tags, security, summary: 'Guests whose name, phone or e-mail matches, across all dates, with their profiles', querystring: GuestSearchQuery, response: { 200: z.array(GuestProfileOutput), ...errors } } },
    async (request) => service.searchGuests(app.deps, user(request), request.query),
  );
  app.get(
    '/guests/profile',
    { onRequest: staff, schema: { tags, security, summary: "A guest's profile by phone or e-mail: visits, no-shows, cancellations, notes, tags, history", querystring: GuestLookupQuery, response: { 200: GuestProfileOutput, ...errors } } },
    async (request) => service.guestProfile(app.deps, user(request), request.query),
  );
  app.put(
    '/guests/profile',
    { onRequest: staff, schema: { tags, security, summary: "Writes a guest's notes and tags", body: GuestProfileInput, response: { 200: GuestProfileOutput, ...errors } } },
    async (request) => service.saveGuestProfile(app.deps, user(request), request.body),
  );
};
