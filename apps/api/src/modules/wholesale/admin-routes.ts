import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorOutput } from '@kusina/domain/errors';
import {
  AdminOrdersQuery,
  BulkStatusInput,
  DashboardOutput,
  envelope,
  FundraiserDetailOutput,
  FundraiserInput,
  FundraiserOutput,
  INT4_MAX,
  ItemInput,
  ItemOutput,
  OrderOutput,
  ParticipantInput,
  ParticipantNotifyInput,
  ParticipantNotifyOutput,
  ParticipantOutput,
  StatusChangeInput,
  VariantUpdateInput,
} from '@kusina/domain/wholesale';
import { MerchandiseMessages } from '@kusina/domain/merchandise';
import { OrganiserInviteInput, OrganiserInviteResult, OrganisersOutput } from '@kusina/domain/wholesale-organisers';
import { AppError } from '../../lib/errors.ts';
import { requireAuth, requireFundraiserManager } from '../../plugins/auth.ts';
import { inviteOrganiser, listOrganisers, removeOrganiser } from '../accounts/service.ts';
import { managedFundraiser, organiserScope } from './organiser-access.ts';
import { payoutStatement } from './payout.ts';
import { PayoutStatementOutput } from '@kusina/domain/wholesale-payout';
import { encodeImage, MULTIPART_LIMITS, readImageUpload, storeImages } from '../merchandise/service.ts';
import * as admin from './admin-service.ts';
import { getParticipantNotify, setParticipantNotify } from './participant-notify.ts';

const tags = ['wholesale admin'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 413: ErrorOutput, 415: ErrorOutput, 422: ErrorOutput, 503: ErrorOutput };
const id = z.coerce.number().int().min(1).max(INT4_MAX);
const IdParams = z.object({ id });
const RestaurantQuery = z.object({ restaurant_id: id.optional() });
const AdminFundraiserOutput = FundraiserDetailOutput;
const PickListOutput = envelope(
  z.object({
    fundraiser: z.object({ id: z.number().int(), name: z.string(), pickup_display_name: z.string().nullable(), pickup_hours: z.string().nullable() }),
    by_participant: z.array(
      z.object({
        participant: z.string(),
        orders: z.array(
          z.object({
            orderNumber: z.string(),
            customerName: z.string(),
            status: z.string(),
            items: z.array(z.object({ name: z.string(), variant: z.string().nullable(), quantity: z.number().int() })),
          }),
        ),
      }),
    ),
    by_item: z.array(z.object({ name: z.string(), variant: z.string().nullable(), quantity: z.number().int() })),
  }),
);

function ok<T>(data: T, message = '') {
  return { success: true, message, data };
}

/**
 * Fundraiser management for admins (of their restaurant; a super admin names one with
 * ?restaurant_id) under /api/v1/wholesale/admin: fundraisers, participants, items with options,
 * variants and stock, images, orders with legal status changes, CSV, pick list and dashboard.
 */
export const wholesaleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  // The caller is checked on request, before the body is parsed or validated: a guest gets 401 and
  // a customer 403 whatever they send (never a 400 describing the management contract).
  app.addHook('onRequest', requireFundraiserManager(app));
  // An organiser (decision 0124) only on the routes that allow them, and only for their own
  // fundraisers: checked here too, before the body.
  const organiserScopes = new WeakMap<object, number[]>();
  app.addHook('onRequest', async (request) => {
    const user = requireAuth(request).user;
    if (user.role !== 'organiser') return;
    organiserScopes.set(request, await organiserScope(app.deps, user, request.routeOptions.config.organiser, request.params as Record<string, unknown>, request.query as Record<string, unknown>));
  });
  /** An organiser's fundraisers (the answer is narrowed to them); undefined for admins. */
  const onlyOf = (request: object) => organiserScopes.get(request);
  const deps = () => app.deps;
  const restaurantOf = (request: { auth: unknown; query: unknown }) =>
    admin.managedRestaurant(requireAuth(request as Parameters<typeof requireAuth>[0]).user, (request.query as { restaurant_id?: number } | undefined)?.restaurant_id);

  app.get(
    '/fundraisers',
    { config: { organiser: 'list' }, schema: { tags, security, querystring: RestaurantQuery, response: { 200: envelope(z.object({ fundraisers: z.array(FundraiserOutput) })), ...errors } } },
    async (request) => ok({ fundraisers: await admin.listAdminFundraisers(app.deps, restaurantOf(request), onlyOf(request)) }),
  );
  app.post(
    '/fundraisers',
    { schema: { tags, security, querystring: RestaurantQuery, body: FundraiserInput, response: { 201: envelope(z.object({ fundraiser: AdminFundraiserOutput })), ...errors } } },
    async (request, reply) => reply.status(201).send(ok({ fundraiser: await admin.createFundraiser(deps(), restaurantOf(request), request.body) }, 'Fundraiser created')),
  );
  app.get(
    '/fundraisers/:id',
    { config: { organiser: 'fundraiser' }, schema: { tags, security, params: IdParams, querystring: RestaurantQuery, response: { 200: envelope(z.object({ fundraiser: AdminFundraiserOutput })), ...errors } } },
    async (request) => ok({ fundraiser: await admin.adminFundraiser(app.deps, restaurantOf(request), request.params.id) }),
  );
  app.put(
    '/fundraisers/:id',
    { schema: { tags, security, params: IdParams, querystring: RestaurantQuery, body: FundraiserInput, response: { 200: envelope(z.object({ fundraiser: AdminFundraiserOutput })), ...errors } } },
    async (request) => ok({ fundraiser: await admin.updateFundraiser(deps(), restaurantOf(request), request.params.id, request.body) }, 'Fundraiser saved'),
  );
  app.post(
    '/fundraisers/:id/duplicate',
    { schema: { tags, security, params: IdParams, querystring: RestaurantQuery, response: { 201: envelope(z.object({ fundraiser: AdminFundraiserOutput })), ...errors } } },
    async (request, reply) => reply.status(201).send(ok({ fundraiser: await admin.duplicateFundraiser(deps(), restaurantOf(request), request.params.id) }, 'Fundraiser duplicated')),
  );
  app.post(
    '/fundraisers/:id/participants',
    { config: { organiser: 'fundraiser' }, schema: { tags, security, params: IdParams, querystring: RestaurantQuery, body: ParticipantInput, response: { 201: envelope(z.object({ participant: ParticipantOutput })), ...errors } } },
    async (request, reply) => reply.status(201).send(ok({ participant: await admin.createParticipant(deps(), restaurantOf(request), request.params.id, request.body) })),
  );
  app.put(
    '/participants/:id',
    { config: { organiser: 'participant' }, schema: { tags, security, params: IdParams, querystring: RestaurantQuery, body: ParticipantInput, response: { 200: envelope(z.object({ participant: ParticipantOutput })), ...errors } } },
    async (request) => ok({ participant: await admin.updateParticipant(deps(), restaurantOf(request), request.params.id, request.body) }),
  );
  // A participant's opt-in to "someone supported you" messages (decision 0121).
  app.get(
    '/participants/:id/notifications',
    { config: { organiser: 'participant' }, schema: { tags, security, params: IdParams, querystring: RestaurantQuery, response: { 200: envelope(z.object({ notifications: ParticipantNotifyOutput })), ...errors } } },
    async (request) => ok({ notifications: await getParticipantNotify(deps(), restaurantOf(request), request.params.id) }),
  );
  app.put(
    '/participants/:id/notifications',
    { config: { organiser: 'participant' }, schema: { tags, security, params: IdParams, querystring: RestaurantQuery, body: ParticipantNotifyInput, response: { 200: envelope(z.object({ notifications: ParticipantNotifyOutput })), ...errors } } },
    async (request) => ok({ notifications: await setParticipantNotify(deps(), restaurantOf(request), request.params.id, request.body) }),
  );
  app.post(
    '/fundraisers/:id/items',
    { schema: { tags, security, params: IdParams, querystring: RestaurantQuery, body: ItemInput, response: { 201: envelope(z.object({ item: ItemOutput })), ...errors } } },
    async (request, reply) => reply.status(201).send(ok({ item: await admin.createItem(deps(), restaurantOf(request), request.params.id, request.body) })),
  );
  app.put(
    '/items/:id',
    { schema: { tags, security, params: IdParams, querystring: RestaurantQuery, body: ItemInput, response: { 200: envelope(z.object({ item: ItemOutput })), ...errors } } },
    async (request) => ok({ item: await admin.updateItem(deps(), restaurantOf(request), request.params.id, request.body) }),
  );
  app.patch(
    '/variants/:id',
    { schema: { tags, security, params: IdParams, querystring: RestaurantQuery, body: VariantUpdateInput, response: { 200: envelope(z.object({ item: ItemOutput })), ...errors } } },
    async (request) => ok({ item: await admin.updateVariant(deps(), restaurantOf(request), request.params.id, request.body) }),
  );
  app.post(
    '/uploads',
    {
      config: { organiser: 'upload' },
      schema: {
        tags,
        security,
        summary: 'Uploads an image (multipart field "image"; JPEG, PNG, WebP or GIF up to 5 MB), re-encoded to WebP like merchandise images',
        consumes: ['multipart/form-data'],
        response: { 201: envelope(z.object({ url: z.string() })), ...errors },
      },
    },
    async (request, reply) => {
      const file = await readImageUpload(request);
      if (!file) throw AppError.validation(MerchandiseMessages.imageRequired, { image: MerchandiseMessages.imageRequired });
      const encoded = await encodeImage(file);
      await storeImages(app.config.uploadsDir, [encoded]);
      return reply.status(201).send(ok({ url: encoded.url }));
    },
  );

  app.get(
    '/orders',
    { config: { organiser: 'orders' }, schema: { tags, security, querystring: AdminOrdersQuery.extend(RestaurantQuery.shape), response: { 200: envelope(z.object({ orders: z.array(OrderOutput) })), ...errors } } },
    async (request) => ok({ orders: await admin.listAdminOrders(app.deps, restaurantOf(request), request.query, onlyOf(request)) }),
  );
  app.get(
    '/orders.csv',
    { config: { organiser: 'orders' }, schema: { tags, security, querystring: AdminOrdersQuery.extend(RestaurantQuery.shape), produces: ['text/csv'] } },
    async (request, reply) => {
      const csv = await admin.ordersCsv(app.deps, restaurantOf(request), request.query, onlyOf(request));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="wholesale-orders.csv"').send(csv);
    },
  );
  app.patch(
    '/orders/:id/status',
    { schema: { tags, security, params: IdParams, querystring: RestaurantQuery, body: StatusChangeInput, response: { 200: envelope(z.object({ order: OrderOutput })), ...errors } } },
    async (request) => ok({ order: await admin.setOrderStatus(deps(), restaurantOf(request), requireAuth(request).user, request.params.id, request.body.status) }),
  );
  app.post(
    '/orders/bulk_status',
    {
      schema: {
        tags,
        security,
        querystring: RestaurantQuery,
        body: BulkStatusInput,
        response: { 200: envelope(z.object({ results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string().nullable() })) })), ...errors },
      },
    },
    async (request) => ok({ results: await admin.bulkStatus(deps(), restaurantOf(request), requireAuth(request).user, request.body.order_ids, request.body.status) }),
  );
  app.get(
    '/fundraisers/:id/pick_list',
    { config: { organiser: 'fundraiser' }, schema: { tags, security, params: IdParams, querystring: RestaurantQuery, response: { 200: PickListOutput, ...errors } } },
    async (request) => ok(await admin.pickList(app.deps, restaurantOf(request), request.params.id)),
  );
  app.get(
    '/fundraisers/:id/dashboard',
    { config: { organiser: 'fundraiser' }, schema: { tags, security, params: IdParams, querystring: RestaurantQuery, response: { 200: envelope(DashboardOutput), ...errors } } },
    async (request) => ok(await admin.dashboard(app.deps, restaurantOf(request), request.params.id)),
  );

  app.get(
    '/fundraisers/:id/payout_statement',
    {
      config: { organiser: 'fundraiser' },
      schema: { tags, security, summary: 'The payout statement: per participant sales, refunds, the team share and donations (decision 0125)', params: IdParams, querystring: RestaurantQuery, response: { 200: envelope(PayoutStatementOutput), ...errors } },
    },
    async (request) => ok(await payoutStatement(app.deps, restaurantOf(request), request.params.id)),
  );

  // Organisers of a fundraiser (decision 0124): admins invite, list and remove them.
  const OrganiserParams = z.object({ id, userId: id });
  app.get(
    '/fundraisers/:id/organisers',
    { schema: { tags, security, params: IdParams, querystring: RestaurantQuery, response: { 200: envelope(OrganisersOutput), ...errors } } },
    async (request) => {
      const fundraiser = await managedFundraiser(app.deps, restaurantOf(request), request.params.id);
      return ok(await listOrganisers(app.deps, fundraiser.id));
    },
  );
  app.post(
    '/fundraisers/:id/organisers',
    {
      schema: {
        tags,
        security,
        summary: 'Invites an organiser by e-mail (the link goes out through the outbox), or assigns an existing organiser of the restaurant',
        params: IdParams,
        querystring: RestaurantQuery,
        body: OrganiserInviteInput,
        response: { 201: envelope(OrganiserInviteResult), ...errors },
      },
    },
    async (request, reply) => {
      const fundraiser = await managedFundraiser(app.deps, restaurantOf(request), request.params.id);
      const result = await inviteOrganiser(app.deps, requireAuth(request).user, fundraiser, request.body.email);
      return reply.status(201).send(ok(result, result.outcome === 'invited' ? `Invite sent to ${result.email}` : `${result.email} now organises ${fundraiser.name}`));
    },
  );
  app.delete(
    '/fundraisers/:id/organisers/:userId',
    { schema: { tags, security, params: OrganiserParams, querystring: RestaurantQuery, response: { 200: envelope(z.object({})), ...errors } } },
    async (request) => {
      const fundraiser = await managedFundraiser(app.deps, restaurantOf(request), request.params.id);
      await removeOrganiser(app.deps, requireAuth(request).user, fundraiser, request.params.userId);
      return ok({}, 'Organiser removed');
    },
  );
};
