import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorOutput } from '@kusina/domain/errors';
import { LayoutActivateOutput, LayoutCreateInput, LayoutListQuery, LayoutOutput, LayoutSummaryOutput, LayoutUpdateInput, SeatOutput, SeatUpdateInput } from '@kusina/domain/layouts';
import { requireAdmin, requireAuth, requireStaff } from '../../plugins/auth.ts';
import * as layouts from './service.ts';

const tags = ['floor'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 422: ErrorOutput };

/**
 * The floor (backoffice §7 /layouts, /seats; decision 0060): staff of the restaurant read its
 * layouts (the Floor Manager and seat pickers draw them), its admins create, change and activate
 * them. Roles are checked before validation (onRequest); the restaurant inside the service.
 */
export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireStaff(app);
  const admin = requireAdmin(app);
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user;

  app.get(
    '/layouts',
    { onRequest: staff, schema: { tags, security, summary: "The restaurant's layouts, each with its seat count and whether it is the active one", querystring: LayoutListQuery, response: { 200: z.array(LayoutSummaryOutput), ...errors } } },
    async (request) => layouts.listLayouts(app.deps, user(request), request.query.restaurant_id),
  );
  app.get(
    '/layouts/:id',
    { onRequest: staff, schema: { tags, security, summary: 'A layout: its seat sections (table or counter, offset, floor) with their seats', params: idParams, response: { 200: LayoutOutput, ...errors } } },
    async (request) => layouts.getLayout(app.deps, user(request), request.params.id),
  );
  app.post(
    '/layouts',
    { onRequest: admin, schema: { tags, security, summary: 'Creates a layout with its plan (sections_data.sections)', body: LayoutCreateInput, response: { 201: LayoutOutput, ...errors } } },
    async (request, reply) => {
      reply.status(201);
      return layouts.createLayout(app.deps, user(request), request.body);
    },
  );
  app.patch(
    '/layouts/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Renames a layout and/or replaces its plan in one transaction: sections sent with dbId and seats with id keep their ids; those not sent are removed',
        params: idParams,
        body: LayoutUpdateInput,
        response: { 200: LayoutOutput, ...errors },
      },
    },
    async (request) => layouts.updateLayout(app.deps, user(request), request.params.id, request.body),
  );
  app.post(
    '/layouts/:id/activate',
    { onRequest: admin, schema: { tags, security, summary: "Makes it the restaurant's current layout; current_seat_count becomes its seat capacity", params: idParams, response: { 200: LayoutActivateOutput, ...errors } } },
    async (request) => layouts.activateLayout(app.deps, user(request), request.params.id),
  );
  app.patch(
    '/seats/:id',
    { onRequest: admin, schema: { tags, security, summary: "Renames a seat (unique within its layout)", params: idParams, body: SeatUpdateInput, response: { 200: SeatOutput, ...errors } } },
    async (request) => layouts.updateSeat(app.deps, user(request), request.params.id, request.body),
  );
};
