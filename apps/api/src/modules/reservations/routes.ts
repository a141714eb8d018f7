import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorOutput } from '@kusina/domain/errors';
import {
  AvailabilityOutput,
  AvailabilityQuery,
  AvailableCapacityOutput,
  AvailableCapacityQuery,
  BlockedPeriodInput,
  BlockedPeriodListQuery,
  BlockedPeriodOutput,
  GuestReservationOutput,
  LocationCapacityCreateInput,
  LocationCapacityOutput,
  LocationCapacityUpdateInput,
  LocationListQuery,
  LocationOutput,
  OperatingHoursOutput,
  OperatingHoursUpdateInput,
  ReservationCreateInput,
  ReservationListQuery,
  ReservationOutput,
  ReservationUpdateInput,
  RestaurantScheduleOutput,
  SimpleCapacityOutput,
  SpecialEventCreateInput,
  SpecialEventOutput,
  SpecialEventUpdateInput,
} from '@kusina/domain/reservations';
import { WaitlistEntryCreateInput, WaitlistEntryOutput, WaitlistEntryUpdateInput, WaitlistListQuery } from '@kusina/domain/waitlist';
import { guestRateLimit } from '../../lib/guest-rate-limit.ts';
import { requireAdmin, requireAuth, requireStaff } from '../../plugins/auth.ts';
import { storefrontRestaurantId } from '../restaurants/service.ts';
import { availability, availableCapacity, simpleCapacity } from './availability.ts';
import * as schedule from './schedule.ts';
import * as service from './service.ts';
import * as waitlist from './waitlist.ts';
import { addToWaitlist } from '../waitlist/service.ts';

const tags = ['reservations'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });
const tokenParams = z.object({ token: z.string().min(20).max(100).regex(/^[\w-]+$/) });
const scopeQuery = z.object({ restaurant_id: z.coerce.number().int().min(1).max(2147483647).optional() });
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 410: ErrorOutput, 422: ErrorOutput, 429: ErrorOutput };

/**
 * Reservations, availability and the schedule (issue #21; contract in
 * packages/domain/src/reservations.ts). Guests: availability, the schedule, locations, booking and
 * their own link. Staff of the restaurant: the reservation list and changes, and the waitlist
 * (decision 0058). Admins: hours, events, blocked periods and capacities (decision 0032). Roles are
 * checked before validation (onRequest).
 */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireStaff(app);
  const admin = requireAdmin(app);
  // Hours and events decide ordering too (issue #23): open storefronts refetch the restaurant (the
  // header's hours_text) when they change.
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user;

  // ── Reservations ──────────────────────────────────────────────────────────────────────
  app.get(
    '/reservations',
    { onRequest: staff, schema: { tags, security, summary: 'Reservations of a Guam day (default today), by start time; search by name, phone or e-mail', querystring: ReservationListQuery, response: { 200: z.array(ReservationOutput), ...errors } } },
    async (request) => service.listReservations(app.deps, user(request), request.query),
  );
  app.get(
    '/reservations/:id',
    { onRequest: staff, schema: { tags, security, summary: 'One reservation', params: idParams, response: { 200: ReservationOutput, ...errors } } },
    async (request) => service.getReservation(app.deps, user(request), request.params.id),
  );
  app.post(
    '/reservations',
    {
      onRequest: app.identify,
      config: guestRateLimit(app),
      schema: {
        tags,
        summary: 'Books a table: guests get the slots the public is offered (status booked, default length); staff of the restaurant set status, duration and seat preferences. Capacity is checked in the writing transaction.',
        body: ReservationCreateInput,
        response: { 201: ReservationOutput, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const restaurantId = storefrontRestaurantId(app.config, request, body.restaurant_id);
      reply.status(201);
      return service.createReservation(app.deps, request.auth, restaurantId, body);
    },
  );
  app.patch(
    '/reservations/:id',
    { onRequest: staff, schema: { tags, security, summary: 'Changes a reservation (approve: status reserved; reject: rejected; cancel: canceled); more seats or another time re-check capacity', params: idParams, body: ReservationUpdateInput, response: { 200: ReservationOutput, ...errors } } },
    async (request) => service.updateReservation(app.deps, user(request), request.params.id, request.body),
  );
  app.delete(
    '/reservations/:id',
    { onRequest: staff, schema: { tags, security, summary: 'Deletes a reservation', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.deleteReservation(app.deps, user(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ── Waitlist (decision 0058) ──────────────────────────────────────────────────────────
  app.get(
    '/waitlist_entries',
    { onRequest: staff, schema: { tags, security, summary: 'The waitlist of a Guam day (default today), by check-in time', querystring: WaitlistListQuery, response: { 200: z.array(WaitlistEntryOutput), ...errors } } },
    async (request) => waitlist.listWaitlist(app.deps, user(request), request.query),
  );
  app.post(
    '/waitlist_entries',
    { onRequest: staff, schema: { tags, security, summary: 'Adds a walk-in party to the waitlist: waiting, checked in now, its wait quoted from the floor', body: WaitlistEntryCreateInput, response: { 201: WaitlistEntryOutput, ...errors } } },
    async (request, reply) => {
      reply.status(201);
      return addToWaitlist(app.deps, user(request), request.body);
    },
  );
  app.patch(
    '/waitlist_entries/:id',
    { onRequest: staff, schema: { tags, security, summary: 'Seats, removes or marks a party a no-show (or back to waiting); changes its name, phone or party size', params: idParams, body: WaitlistEntryUpdateInput, response: { 200: WaitlistEntryOutput, ...errors } } },
    async (request) => waitlist.updateWaitlistEntry(app.deps, user(request), request.params.id, request.body),
  );

  // The guest's link (unguessable token): see and cancel.
  app.get(
    '/public/reservations/:token',
    { config: guestRateLimit(app), schema: { tags, summary: "A guest's reservation, by the token of their link", params: tokenParams, response: { 200: GuestReservationOutput, ...errors } } },
    async (request) => service.getGuestReservation(app.deps, request.params.token, app.clock()),
  );
  app.post(
    '/public/reservations/:token/cancel',
    { config: guestRateLimit(app), schema: { tags, summary: 'The guest cancels their reservation (booked or reserved, not yet started)', params: tokenParams, response: { 200: GuestReservationOutput, ...errors } } },
    async (request) => service.cancelGuestReservation(app.deps, request.params.token, app.clock()),
  );

  // ── Availability ──────────────────────────────────────────────────────────────────────
  app.get(
    '/availability',
    { onRequest: app.identify, schema: { tags, summary: 'Slots of a date for a party at a location, with the capacity fields', querystring: AvailabilityQuery, response: { 200: AvailabilityOutput, ...errors } } },
    async (request) => availability(app.deps, request.auth, storefrontRestaurantId(app.config, request, request.query.restaurant_id), request.query),
  );
  app.get(
    '/availability/simple_capacity',
    { schema: { tags, summary: 'Capacity and the maximum party sizes of a restaurant', querystring: scopeQuery, response: { 200: SimpleCapacityOutput, ...errors } } },
    async (request) => simpleCapacity(app.deps, storefrontRestaurantId(app.config, request, request.query.restaurant_id)),
  );
  app.get(
    '/public/restaurant_schedule/:id',
    { onSend: app.readGrace.remember, schema: { tags, summary: 'Weekly hours and upcoming special events (closed days and dates)', params: idParams, response: { 200: RestaurantScheduleOutput, ...errors } } },
    async (request) => schedule.restaurantSchedule(app.deps, request.params.id),
  );
  app.get(
    '/locations/:id/available_capacity',
    { schema: { tags, summary: 'Seats free at a location at a date and time', params: idParams, querystring: AvailableCapacityQuery, response: { 200: AvailableCapacityOutput, ...errors } } },
    async (request) => availableCapacity(app.deps, request.params.id, request.query.date, request.query.time),
  );

  // ── Locations ─────────────────────────────────────────────────────────────────────────
  app.get(
    '/locations',
    { onRequest: app.identify, schema: { tags, summary: "A restaurant's locations (active ones; staff may ask is_active=false for all)", querystring: LocationListQuery, response: { 200: z.array(LocationOutput), ...errors } } },
    async (request) => {
      const restaurantId = storefrontRestaurantId(app.config, request, request.query.restaurant_id);
      const wantsAll = (request.query.is_active ?? request.query.active) === 'false';
      return schedule.listLocationsFor(app.deps, request.auth?.user, restaurantId, wantsAll);
    },
  );
  app.get(
    '/locations/:id',
    { onRequest: app.identify, schema: { tags, summary: 'One location', params: idParams, response: { 200: LocationOutput, ...errors } } },
    async (request) => schedule.locationFor(app.deps, request.auth?.user, request.params.id),
  );

  // ── Operating hours and special events ────────────────────────────────────────────────
  app.get(
    '/operating_hours',
    { onRequest: staff, schema: { tags, security, summary: 'The weekly hours (0 = Sunday)', querystring: scopeQuery, response: { 200: z.array(OperatingHoursOutput), ...errors } } },
    async (request) => schedule.listHours(app.deps, user(request), request.query.restaurant_id),
  );
  app.patch(
    '/operating_hours/:id',
    { onRequest: admin, schema: { tags, security, summary: "Changes a weekday's hours", params: idParams, body: OperatingHoursUpdateInput, response: { 200: OperatingHoursOutput, ...errors } } },
    async (request) => {
      return schedule.updateHours(app.deps, user(request), request.params.id, request.body);
    },
  );
  app.get(
    '/special_events',
    { onRequest: staff, schema: { tags, security, summary: 'Special events', querystring: scopeQuery, response: { 200: z.array(SpecialEventOutput), ...errors } } },
    async (request) => schedule.listEvents(app.deps, user(request), request.query.restaurant_id),
  );
  app.post(
    '/special_events',
    { onRequest: admin, schema: { tags, security, summary: 'Creates a special event', body: SpecialEventCreateInput, response: { 201: SpecialEventOutput, ...errors } } },
    async (request, reply) => {
      return reply.status(201).send(await schedule.createEvent(app.deps, user(request), request.body));
    },
  );
  app.patch(
    '/special_events/:id',
    { onRequest: admin, schema: { tags, security, summary: 'Changes a special event', params: idParams, body: SpecialEventUpdateInput, response: { 200: SpecialEventOutput, ...errors } } },
    async (request) => {
      return schedule.updateEvent(app.deps, user(request), request.params.id, request.body);
    },
  );
  app.delete(
    '/special_events/:id',
    { onRequest: admin, schema: { tags, security, summary: 'Deletes a special event', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await schedule.deleteEvent(app.deps, user(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ── Blocked periods ───────────────────────────────────────────────────────────────────
  app.get(
    '/blocked_periods',
    { onRequest: staff, schema: { tags, security, summary: 'Blocked periods, filtered by location, status and Guam dates', querystring: BlockedPeriodListQuery, response: { 200: z.array(BlockedPeriodOutput), ...errors } } },
    async (request) => schedule.listBlocked(app.deps, user(request), request.query),
  );
  app.post(
    '/blocked_periods',
    { onRequest: admin, schema: { tags, security, summary: 'Blocks bookings at a location (or all) for a time', body: BlockedPeriodInput, response: { 201: BlockedPeriodOutput, ...errors } } },
    async (request, reply) => {
      reply.status(201);
      return schedule.createBlocked(app.deps, user(request), request.body);
    },
  );
  app.put(
    '/blocked_periods/:id',
    { onRequest: admin, schema: { tags, security, summary: 'Replaces a blocked period', params: idParams, body: BlockedPeriodInput, response: { 200: BlockedPeriodOutput, ...errors } } },
    async (request) => schedule.updateBlocked(app.deps, user(request), request.params.id, request.body),
  );
  app.delete(
    '/blocked_periods/:id',
    { onRequest: admin, schema: { tags, security, summary: 'Deletes a blocked period', params: idParams, querystring: scopeQuery, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await schedule.deleteBlocked(app.deps, user(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ── Location capacities ───────────────────────────────────────────────────────────────
  app.get(
    '/location_capacities',
    { onRequest: staff, schema: { tags, security, summary: 'Each active location with its capacity (id 0: the default, not saved yet)', querystring: scopeQuery, response: { 200: z.array(LocationCapacityOutput), ...errors } } },
    async (request) => schedule.listCapacities(app.deps, user(request), request.query.restaurant_id),
  );
  app.post(
    '/location_capacities',
    { onRequest: admin, schema: { tags, security, summary: "Sets a location's capacity", body: LocationCapacityCreateInput, response: { 201: LocationCapacityOutput, ...errors } } },
    async (request, reply) => {
      reply.status(201);
      return schedule.createCapacity(app.deps, user(request), request.body);
    },
  );
  app.get(
    '/location_capacities/:id',
    { onRequest: staff, schema: { tags, security, summary: 'One location capacity', params: idParams, response: { 200: LocationCapacityOutput, ...errors } } },
    async (request) => schedule.getCapacity(app.deps, user(request), request.params.id),
  );
  app.put(
    '/location_capacities/:id',
    { onRequest: admin, schema: { tags, security, summary: "Changes a location's capacity", params: idParams, body: LocationCapacityUpdateInput, response: { 200: LocationCapacityOutput, ...errors } } },
    async (request) => schedule.updateCapacity(app.deps, user(request), request.params.id, request.body),
  );
};
