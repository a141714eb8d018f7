import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorOutput } from '@kusina/domain/errors';
import { SeatAllocationCreateInput, SeatAllocationListQuery, SeatAllocationOccupantInput, SeatAllocationOutput, SeatAllocationReserveInput } from '@kusina/domain/seat-allocations';
import { requireAuth, requireStaff } from '../../plugins/auth.ts';
import * as allocations from './service.ts';

const tags = ['floor'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 422: ErrorOutput };

/**
 * Seat allocations (backoffice §7 /seat_allocations; decision 0067): staff and admins of the
 * restaurant seat and free parties. Seating sits above the floor and reservations (decision 0096):
 * it changes a reservation's or a waitlist party's status with the seats it holds.
 */
export const seatingRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireStaff(app);
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user;

  app.get(
    '/seat_allocations',
    { onRequest: staff, schema: { tags, security, summary: "A Guam day's live seat allocations (default today) with each party's name, size and status", querystring: SeatAllocationListQuery, response: { 200: z.array(SeatAllocationOutput), ...errors } } },
    async (request) => allocations.listSeatAllocations(app.deps, user(request), request.query),
  );
  app.post(
    '/seat_allocations/multi_create',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary: 'Seats a reservation or a waitlist party now at exactly party-size free seats; the server sets the times (§9) and the party becomes seated',
        body: SeatAllocationCreateInput,
        response: { 201: z.array(SeatAllocationOutput), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return allocations.allocateSeats(app.deps, user(request), request.body, 'seated');
    },
  );
  app.post(
    '/seat_allocations/reserve',
    {
      onRequest: staff,
      schema: { tags, security, summary: "Holds exactly party-size free seats (ids, or labels of the active layout) for a reservation's hour; it becomes reserved", body: SeatAllocationReserveInput, response: { 201: z.array(SeatAllocationOutput), ...errors } },
    },
    async (request, reply) => {
      reply.status(201);
      return allocations.allocateSeats(app.deps, user(request), request.body, 'reserved');
    },
  );
  const actions: [allocations.FloorAction, string][] = [
    ['arrive', 'The party with reserved seats arrives: its seats and the reservation become seated'],
    ['finish', "Frees a seated party's seats; a reservation becomes finished"],
    ['no_show', "Frees the party's seats and marks it a no-show"],
    ['cancel', "Frees the party's seats; a reservation becomes canceled, a walk-in is removed from the waitlist"],
  ];
  for (const [action, summary] of actions) {
    app.post(
      `/seat_allocations/${action}`,
      { onRequest: staff, schema: { tags, security, summary, body: SeatAllocationOccupantInput, response: { 200: z.array(SeatAllocationOutput), ...errors } } },
      async (request) => allocations.changeOccupant(app.deps, user(request), request.body, action),
    );
  }
};
