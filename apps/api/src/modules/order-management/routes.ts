import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coercedInt4 } from '@kusina/domain/integers';
import { ErrorOutput } from '@kusina/domain/errors';
import {
  AcknowledgeAllInput,
  AcknowledgeOutput,
  DiscountConfigurationCreateInput,
  DiscountConfigurationOutput,
  DiscountConfigurationUpdateInput,
  OrderDetailOutput,
  OrderEtaInput,
  OrderListOutput,
  OrderListQuery,
  OrderStatusChangeInput,
  RefundInput,
  RefundOutput,
  RestaurantScopeQuery,
  StaffMemberCreateInput,
  StaffMemberOutput,
  StaffMembersQuery,
  StaffMemberUpdateInput,
  UnacknowledgedCountOutput,
} from '@kusina/domain/order-management';
import { requireAdmin, requireAuth, requireStaff } from '../../plugins/auth.ts';
import { refundOrder } from './refunds.ts';
import * as orders from './service.ts';
import * as settings from './settings.ts';

const tags = ['order management'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: coercedInt4().positive() });
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 422: ErrorOutput };
const refundErrors = { ...errors, 402: ErrorOutput, 503: ErrorOutput };

/**
 * Staff order management (issue #5; the contract is packages/domain/src/order-management.ts).
 * Roles are checked before the request is validated (onRequest), so a stranger learns nothing
 * from validation errors; the restaurant is checked in the services.
 */
export const orderManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireStaff(app);
  const admin = requireAdmin(app);
  const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user;

  // ── The board ─────────────────────────────────────────────────────────────────────────────

  app.get(
    '/admin/orders',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary: 'The live order board: filters (status, Guam day, location, staff/online, search), pagination, unacknowledged count',
        querystring: OrderListQuery,
        response: { 200: OrderListOutput, ...errors },
      },
    },
    async (request) => orders.listOrders(app.deps, user(request), request.query),
  );

  app.get(
    '/admin/orders/unacknowledged_count',
    {
      onRequest: staff,
      schema: { tags, security, summary: 'Orders nobody has acknowledged yet (the polling fallback)', querystring: RestaurantScopeQuery, response: { 200: UnacknowledgedCountOutput, ...errors } },
    },
    async (request) => orders.countUnacknowledged(app.deps, user(request), request.query.restaurant_id),
  );

  app.post(
    '/admin/orders/acknowledge_all',
    {
      onRequest: staff,
      schema: { tags, security, summary: 'Acknowledges every unacknowledged order (up to up_to_id)', body: AcknowledgeAllInput.nullish(), response: { 200: AcknowledgeOutput, ...errors } },
    },
    async (request) => orders.acknowledgeAll(app.deps, user(request), request.body ?? {}),
  );

  app.get(
    '/admin/orders/:id',
    {
      onRequest: staff,
      schema: { tags, security, summary: 'An order with lines, payment, contact, history and refunds', params: idParams, response: { 200: OrderDetailOutput, ...errors } },
    },
    async (request) => orders.getOrderDetail(app.deps, user(request), request.params.id),
  );

  app.post(
    '/admin/orders/:id/acknowledge',
    {
      onRequest: staff,
      schema: { tags, security, summary: 'Acknowledges one order', params: idParams, response: { 200: AcknowledgeOutput, ...errors } },
    },
    async (request) => orders.acknowledgeOrder(app.deps, user(request), request.params.id),
  );

  app.patch(
    '/admin/orders/:id/status',
    {
      onRequest: staff,
      schema: {
        tags,
        security,
        summary:
          "Moves an order along pending → confirmed → preparing → ready → completed, or cancels it (legal transitions only); cancelling a paid order refunds what is left through the order's processor",
        params: idParams,
        body: OrderStatusChangeInput,
        response: { 200: OrderDetailOutput, ...refundErrors },
      },
    },
    async (request) => orders.changeStatus(app.deps, user(request), request.params.id, request.body),
  );

  app.patch(
    '/admin/orders/:id/eta',
    {
      onRequest: staff,
      schema: { tags, security, summary: 'Sets or changes the estimated pickup time', params: idParams, body: OrderEtaInput, response: { 200: OrderDetailOutput, ...errors } },
    },
    async (request) => orders.setEta(app.deps, user(request), request.params.id, request.body),
  );

  app.post(
    '/admin/orders/:id/refunds',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: "Refunds all or some units through the order's payment processor; stock returned or counted as damaged",
        params: idParams,
        body: RefundInput,
        response: { 201: RefundOutput, ...refundErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await refundOrder(app.deps, user(request), request.params.id, request.body)),
  );

  // ── Staff members ─────────────────────────────────────────────────────────────────────────

  app.get(
    '/staff_members',
    {
      onRequest: staff,
      schema: { tags, security, summary: 'Staff members a staff order can be placed for (active ones; admins may include inactive)', querystring: StaffMembersQuery, response: { 200: z.array(StaffMemberOutput), ...errors } },
    },
    async (request) => settings.listStaffMembers(app.deps, user(request), request.query),
  );

  app.post(
    '/staff_members',
    {
      onRequest: admin,
      schema: { tags, security, summary: 'Adds a staff member', body: StaffMemberCreateInput, response: { 201: StaffMemberOutput, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await settings.createStaffMember(app.deps, user(request), request.body)),
  );

  app.patch(
    '/staff_members/:id',
    {
      onRequest: admin,
      schema: { tags, security, summary: 'Renames, links or (de)activates a staff member', params: idParams, body: StaffMemberUpdateInput, response: { 200: StaffMemberOutput, ...errors } },
    },
    async (request) => settings.updateStaffMember(app.deps, user(request), request.params.id, request.body),
  );

  app.delete(
    '/staff_members/:id',
    {
      onRequest: admin,
      schema: { tags, security, summary: 'Deletes a staff member (orders keep the name)', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await settings.deleteStaffMember(app.deps, user(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ── Discount configurations (backoffice-reservations.md §3, §7) ───────────────────────────

  app.get(
    '/discount_configurations/active',
    {
      onRequest: staff,
      schema: { tags, security, summary: 'Active staff discount options, in display order', querystring: RestaurantScopeQuery, response: { 200: z.array(DiscountConfigurationOutput), ...errors } },
    },
    async (request) => settings.listActiveDiscounts(app.deps, user(request), request.query.restaurant_id),
  );

  app.get(
    '/discount_configurations',
    {
      onRequest: admin,
      schema: { tags, security, summary: 'Every staff discount option (admin settings)', querystring: RestaurantScopeQuery, response: { 200: z.array(DiscountConfigurationOutput), ...errors } },
    },
    async (request) => settings.listDiscounts(app.deps, user(request), request.query.restaurant_id),
  );

  app.post(
    '/discount_configurations',
    {
      onRequest: admin,
      schema: { tags, security, summary: 'Creates a staff discount option', body: DiscountConfigurationCreateInput, response: { 201: DiscountConfigurationOutput, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await settings.createDiscount(app.deps, user(request), request.body)),
  );

  app.patch(
    '/discount_configurations/:id',
    {
      onRequest: admin,
      schema: { tags, security, summary: 'Updates a staff discount option', params: idParams, body: DiscountConfigurationUpdateInput, response: { 200: DiscountConfigurationOutput, ...errors } },
    },
    async (request) => settings.updateDiscount(app.deps, user(request), request.params.id, request.body),
  );

  app.delete(
    '/discount_configurations/:id',
    {
      onRequest: admin,
      schema: { tags, security, summary: 'Deletes a staff discount option', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await settings.deleteDiscount(app.deps, user(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
