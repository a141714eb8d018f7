import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN, PaymentCreateOutput } from '@kusina/domain/checkout';
import { ErrorOutput } from '@kusina/domain/errors';
import {
  AvailabilityOutput,
  CartIssueOutput,
  CartValidateInput,
  CartValidateOutput,
  envelope,
  FundraiserDetailOutput,
  FundraiserOutput,
  INT4_MAX,
  ImpactOutput,
  ItemOutput,
  LeaderboardOutput,
  OrderCreateInput,
  OrderLookupInput,
  OrderOutput,
  OrdersQuery,
  PaymentOpenInput,
  QuantityInput,
  SelectionInput,
  SlugParams,
  TokenQuery,
  VariantOutput,
  WholesaleMessages,
} from '@kusina/domain/wholesale';
import { guestRateLimit } from '../../lib/guest-rate-limit.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { rooms } from '../../realtime/socket.ts';
import { storefrontRestaurantId } from '../restaurants/service.ts';
import { wholesaleAdminRoutes } from './admin-routes.ts';
import * as wholesale from './service.ts';

const tags = ['wholesale'];
const errors = { 400: ErrorOutput, 401: ErrorOutput, 402: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 422: ErrorOutput, 503: ErrorOutput };
const id = z.coerce.number().int().min(1).max(INT4_MAX);
const IdParams = z.object({ id });
const ItemVariantParams = z.object({ id, variantId: id });
const IdempotencyKey = z
  .string({ error: WholesaleMessages.idempotencyKeyRequired })
  .min(IDEMPOTENCY_KEY_MIN, WholesaleMessages.idempotencyKeyRequired)
  .max(IDEMPOTENCY_KEY_MAX, WholesaleMessages.idempotencyKeyRequired);

const StockStatusOutput = envelope(
  z.object({
    variant_id: z.number().int(),
    variant_key: z.string(),
    in_stock: z.boolean(),
    stock_status: z.enum(['in_stock', 'low_stock', 'out_of_stock']),
    available_quantity: z.number().int(),
  }),
);
const ServerCartOutput = envelope(
  z.object({
    fundraiser_id: z.number().int().nullable(),
    fundraiser_name: z.string().nullable(),
    items: z.array(
      z.object({
        id: z.number().int(),
        item_id: z.number().int(),
        fundraiser_id: z.number().int(),
        name: z.string(),
        quantity: z.number().int(),
        selected_options: z.record(z.string(), z.array(z.number().int())),
        price_cents: z.number().int().nullable(),
        line_total_cents: z.number().int().nullable(),
      }),
    ),
    issues: z.array(CartIssueOutput),
    total_cents: z.number().int(),
  }),
);
const CartChangeInput = z.object({
  item_id: z.number({ error: 'item_id is required' }).int().min(1).max(INT4_MAX),
  quantity: z.number({ error: 'quantity is required' }).int('quantity must be a whole number').min(-999).max(999),
  selected_options: SelectionInput.optional(),
});
const BulkCheckOutput = envelope(
  z.object({
    variants: z.array(
      z.object({
        variant_id: z.number().int().nullable(),
        variant_key: z.string().nullable(),
        available: z.boolean(),
        available_quantity: z.number().int().nullable(),
        requested: z.number().int(),
        errors: z.array(z.string()),
      }),
    ),
  }),
);
const CombinationsOutput = envelope(
  z.object({
    combinations: z.array(
      z.object({
        variant_key: z.string(),
        valid: z.boolean(),
        variant_id: z.number().int().nullable(),
        variant_name: z.string(),
        available_quantity: z.number().int(),
        message: z.string().nullable(),
      }),
    ),
  }),
);
// The storefront's answer to POST /payments, in the shop's envelope.
const PaymentOutput = envelope(PaymentCreateOutput);

function ok<T>(data: T, message = '') {
  return { success: true, message, data };
}

function shop(app: FastifyInstance, request: FastifyRequest): number {
  return storefrontRestaurantId(app.config, request);
}

/**
 * The supporter side of the fundraiser shop (wholesale.md §7) under /api/v1/wholesale. Every
 * answer carries { success, message, data }; a failure also keeps the platform's one error shape
 * ({ success: false, message, data: null, error: { code, message, details } }).
 */
export const wholesaleRoutes: FastifyPluginAsyncZod = async (app) => {
  // A write here (an order, a cancellation, a management change) has committed by the time its
  // answer is sent: this node drops the cached list before answering, so the caller reads its own
  // write; the other nodes hear the triggers' NOTIFY (decision 0126).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') app.wholesaleListCache.invalidate();
    done(null, payload);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error"')) return done(null, payload);
    try {
      const body = JSON.parse(payload) as { error: { message: string } };
      done(null, JSON.stringify({ success: false, message: body.error.message, data: null, error: body.error }));
    } catch {
      done(null, payload);
    }
  });

  // Live channels: a fundraiser's (public: stock and goal progress) and an order's (who may read it).
  app.realtime.registerChannel('fundraiser', ({ params }) => {
    const fundraiserId = Number(params.fundraiser_id);
    return Number.isInteger(fundraiserId) && fundraiserId > 0 && fundraiserId <= INT4_MAX ? rooms.fundraiser(fundraiserId) : null;
  });
  app.realtime.registerChannel('wholesale_order', async ({ params, auth }) => {
    const orderId = Number(params.order_id);
    if (!Number.isInteger(orderId) || orderId <= 0 || orderId > INT4_MAX) return null;
    const token = typeof params.token === 'string' ? params.token : undefined;
    const visibleId = await wholesale.orderRoomFor(app.deps, orderId, { user: auth?.user ?? null, token });
    return visibleId === null ? null : rooms.order(`wholesale-${visibleId}`);
  });

  await app.register(wholesaleAdminRoutes, { prefix: '/admin' });

  app.get('/health', { schema: { tags, summary: 'Wholesale service health' } }, async () => ok({ status: 'ok' }));
  app.get('/api/info', { schema: { tags, summary: 'Wholesale service info' } }, async () => ok({ name: 'kusina-wholesale', version: '1.0.0' }));

  // ── Fundraisers and items ───────────────────────────────────────────────────────────────
  app.get(
    '/fundraisers',
    {
      // Served from memory for a while if the database goes away (read-only grace, 0088).
      onSend: app.readGrace.remember,
      schema: {
        tags,
        summary: 'Current fundraisers (optionally matching search)',
        querystring: z.object({ search: z.string().trim().max(200).optional() }),
        response: { 200: envelope(z.object({ fundraisers: z.array(FundraiserOutput) })), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.search) return ok({ fundraisers: await wholesale.listFundraisers(app.deps, shop(app, request), request.query.search) });
      // Without a search: from the list cache (decision 0126), serialized once per fill.
      const body = await wholesale.fundraiserListBody(app.deps, shop(app, request));
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => body.json)
        .send(body.value);
    },
  );
  app.get(
    '/fundraisers/:slug',
    { onSend: app.readGrace.remember, schema: { tags, summary: 'A current fundraiser with participants and items; 404 unknown, 403 not accepting orders', params: SlugParams, response: { 200: envelope(z.object({ fundraiser: FundraiserDetailOutput })), ...errors } } },
    async (request) => ok({ fundraiser: await wholesale.getFundraiser(app.deps, shop(app, request), request.params.slug) }),
  );
  app.get(
    '/fundraisers/:slug/leaderboard',
    {
      schema: {
        tags,
        summary: 'Participants ranked by amount raised and the recent supporters wall (first name and initial, or Anonymous)',
        params: SlugParams,
        response: { 200: envelope(z.object({ leaderboard: LeaderboardOutput })), ...errors },
      },
    },
    async (request) => ok({ leaderboard: await wholesale.getLeaderboard(app.deps, shop(app, request), request.params.slug) }),
  );
  app.get(
    '/fundraisers/:slug/items',
    { schema: { tags, summary: "A current fundraiser's items", params: SlugParams, response: { 200: envelope(z.object({ items: z.array(ItemOutput) })), ...errors } } },
    async (request) => ok({ items: await wholesale.fundraiserItems(app.deps, shop(app, request), request.params.slug) }),
  );
  app.get(
    '/items/:id',
    { schema: { tags, summary: 'An item of a current fundraiser', params: IdParams, response: { 200: envelope(z.object({ item: ItemOutput })), ...errors } } },
    async (request) => ok({ item: await wholesale.getItem(app.deps, shop(app, request), request.params.id) }),
  );
  app.post(
    '/items/:id/check_availability',
    { schema: { tags, summary: 'The stock check before adding (§5)', params: IdParams, body: QuantityInput, response: { 200: AvailabilityOutput, ...errors } } },
    async (request) => ok(await wholesale.checkItemAvailability(app.deps, shop(app, request), request.params.id, request.body.quantity, request.body.selected_options)),
  );

  // ── Variants ────────────────────────────────────────────────────────────────────────────
  app.get(
    '/items/:id/variants',
    { schema: { tags, summary: "An item's variants", params: IdParams, response: { 200: envelope(z.object({ variants: z.array(VariantOutput) })), ...errors } } },
    async (request) => ok({ variants: await wholesale.itemVariants(app.deps, shop(app, request), request.params.id) }),
  );
  app.get(
    '/items/:id/variants/:variantId',
    { schema: { tags, summary: 'One variant of an item', params: ItemVariantParams, response: { 200: envelope(z.object({ variant: VariantOutput })), ...errors } } },
    async (request) => ok({ variant: await wholesale.getVariant(app.deps, shop(app, request), request.params.variantId, request.params.id) }),
  );
  app.get(
    '/items/:id/variants/:variantId/stock_status',
    { schema: { tags, summary: "A variant's stock status", params: ItemVariantParams, response: { 200: StockStatusOutput, ...errors } } },
    async (request) => ok(await wholesale.variantStockStatus(app.deps, shop(app, request), request.params.variantId, request.params.id)),
  );
  app.post(
    '/items/:id/variants/:variantId/check_availability',
    {
      schema: {
        tags,
        summary: 'Whether a quantity of a variant is available',
        params: ItemVariantParams,
        body: QuantityInput.pick({ quantity: true }),
        response: { 200: AvailabilityOutput, ...errors },
      },
    },
    async (request) => ok(await wholesale.checkVariantAvailability(app.deps, shop(app, request), request.params.variantId, request.body.quantity, request.params.id)),
  );
  app.post(
    '/items/:id/variants/bulk_stock_check',
    {
      schema: {
        tags,
        summary: 'Several variants (by id or key) against quantities',
        params: IdParams,
        body: z.object({
          variants: z
            .array(
              z
                .object({ variant_id: id.optional(), variant_key: z.string().max(200).optional(), quantity: QuantityInput.shape.quantity })
                .refine((v) => v.variant_id !== undefined || v.variant_key !== undefined, { message: 'variant_id or variant_key is required', path: ['variant_id'] }),
            )
            .min(1, 'variants is required')
            .max(100),
        }),
        response: { 200: BulkCheckOutput, ...errors },
      },
    },
    async (request) => ok({ variants: await wholesale.bulkVariantCheck(app.deps, shop(app, request), request.params.id, request.body.variants) }),
  );
  app.post(
    '/items/:id/variants/validate_combinations',
    {
      schema: {
        tags,
        summary: 'Which option combinations exist as active variants',
        params: IdParams,
        body: z.object({ combinations: z.array(SelectionInput).min(1, 'combinations is required').max(100) }),
        response: { 200: CombinationsOutput, ...errors },
      },
    },
    async (request) => ok({ combinations: await wholesale.validateCombinations(app.deps, shop(app, request), request.params.id, request.body.combinations) }),
  );
  app.get(
    '/variants/:id',
    { schema: { tags, summary: 'A variant', params: IdParams, response: { 200: envelope(z.object({ variant: VariantOutput })), ...errors } } },
    async (request) => ok({ variant: await wholesale.getVariant(app.deps, shop(app, request), request.params.id) }),
  );
  app.get(
    '/variants/:id/stock_status',
    { schema: { tags, summary: "A variant's stock status", params: IdParams, response: { 200: StockStatusOutput, ...errors } } },
    async (request) => ok(await wholesale.variantStockStatus(app.deps, shop(app, request), request.params.id)),
  );
  app.post(
    '/variants/:id/check_availability',
    { schema: { tags, summary: 'Whether a quantity of a variant is available', params: IdParams, body: QuantityInput.pick({ quantity: true }), response: { 200: AvailabilityOutput, ...errors } } },
    async (request) => ok(await wholesale.checkVariantAvailability(app.deps, shop(app, request), request.params.id, request.body.quantity)),
  );

  // ── Cart ────────────────────────────────────────────────────────────────────────────────
  const authenticate = app.authenticate;
  app.get('/cart', { preHandler: authenticate, schema: { tags, summary: "The signed-in supporter's server cart", response: { 200: ServerCartOutput, ...errors } } }, async (request) =>
    ok(await wholesale.getServerCart(app.deps, requireAuth(request).user.id)),
  );
  app.post(
    '/cart/add',
    { preHandler: authenticate, schema: { tags, summary: 'Adds to the server cart (one fundraiser per cart)', body: CartChangeInput.extend({ quantity: QuantityInput.shape.quantity }), response: { 200: ServerCartOutput, ...errors } } },
    async (request) => ok(await wholesale.addToServerCart(app.deps, shop(app, request), requireAuth(request).user.id, request.body)),
  );
  app.put(
    '/cart/update',
    { preHandler: authenticate, schema: { tags, summary: "Sets a line's quantity (0 or less removes it; a raise is checked against the stock)", body: CartChangeInput, response: { 200: ServerCartOutput, ...errors } } },
    async (request) => ok(await wholesale.updateServerCart(app.deps, shop(app, request), requireAuth(request).user.id, request.body)),
  );
  app.delete(
    '/cart/remove',
    { preHandler: authenticate, schema: { tags, summary: "Removes an item's lines", querystring: z.object({ item_id: id }), response: { 200: ServerCartOutput, ...errors } } },
    async (request) => ok(await wholesale.removeFromServerCart(app.deps, requireAuth(request).user.id, request.query.item_id)),
  );
  app.delete('/cart/clear', { preHandler: authenticate, schema: { tags, summary: 'Empties the server cart', response: { 200: ServerCartOutput, ...errors } } }, async (request) =>
    ok(await wholesale.clearServerCart(app.deps, requireAuth(request).user.id)),
  );
  app.get('/cart/validate', { preHandler: authenticate, schema: { tags, summary: 'Validates the server cart', response: { 200: CartValidateOutput, ...errors } } }, async (request) => {
    const cart = await wholesale.getServerCart(app.deps, requireAuth(request).user.id);
    const lines = cart.items.map((l) => ({ item_id: l.item_id, fundraiser_id: l.fundraiser_id, quantity: l.quantity, selected_options: l.selected_options }));
    const result = await wholesale.validateCart(app.deps, shop(app, request), lines);
    return ok(result, result.valid ? '' : WholesaleMessages.needsAttention);
  });
  app.post(
    '/cart/validate',
    { schema: { tags, summary: 'Validates a cart: every issue, priced by the server', body: CartValidateInput, response: { 200: CartValidateOutput, ...errors } } },
    async (request) => {
      const result = await wholesale.validateCart(app.deps, shop(app, request), request.body.cart_items);
      return ok(result, result.valid ? '' : request.body.cart_items.length === 0 ? WholesaleMessages.cartEmpty : WholesaleMessages.needsAttention);
    },
  );

  // ── Checkout ────────────────────────────────────────────────────────────────────────────
  app.post(
    '/payments',
    { schema: { tags, summary: "Opens a payment for the server's total of a fundraiser cart (409 with issues)", body: PaymentOpenInput, response: { 201: PaymentOutput, ...errors } } },
    async (request, reply) => reply.status(201).send(ok(await wholesale.openPayment(app.deps, shop(app, request), request.body))),
  );
  app.post(
    '/orders',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: 'Places a paid fundraiser order; idempotent by Idempotency-Key and payment',
        headers: z.object({ 'idempotency-key': IdempotencyKey }),
        body: OrderCreateInput,
        response: { 200: envelope(z.object({ order: OrderOutput })), 201: envelope(z.object({ order: OrderOutput })), ...errors },
      },
    },
    async (request, reply) => {
      const restaurantId = shop(app, request);
      const result = await wholesale.placeOrder(app.deps, { restaurantId, body: request.body, idempotencyKey: request.headers['idempotency-key'], auth: request.auth });
      return reply.status(result.created ? 201 : 200).send(ok({ order: result.order }, result.created ? 'Order placed' : ''));
    },
  );
  app.get(
    '/orders',
    {
      preHandler: authenticate,
      schema: { tags, summary: "The signed-in supporter's orders (filters: status, fundraiser, from, to)", querystring: OrdersQuery, response: { 200: envelope(z.object({ orders: z.array(OrderOutput) })), ...errors } },
    },
    async (request) => ok({ orders: await wholesale.listOrders(app.deps, shop(app, request), requireAuth(request), request.query) }),
  );
  app.post(
    '/orders/lookup',
    {
      // Per client here, per e-mail address in the service (decision 0123), all counted in PostgreSQL.
      config: guestRateLimit(app),
      schema: { tags, summary: 'E-mails a link to a guest order matching e-mail and order number; the same answer whether or not one matches', body: OrderLookupInput, response: { 202: envelope(z.null()), ...errors } },
    },
    async (request, reply) => {
      await wholesale.requestOrderLink(app.deps, shop(app, request), request.body);
      return reply.status(202).send(ok(null, WholesaleMessages.lookupSent));
    },
  );
  app.get(
    '/orders/:id',
    {
      preHandler: app.identify,
      schema: { tags, summary: 'An order: its owner, or a guest with the token of its confirmation link', params: IdParams, querystring: TokenQuery, response: { 200: envelope(z.object({ order: OrderOutput })), ...errors } },
    },
    async (request) => ok({ order: await wholesale.getOrder(app.deps, request.params.id, { auth: request.auth, token: request.query.token }) }),
  );
  app.get(
    '/orders/:id/impact',
    {
      preHandler: app.identify,
      schema: { tags, summary: "What the order added to its participant's (or the team's) goal", params: IdParams, querystring: TokenQuery, response: { 200: envelope(z.object({ impact: ImpactOutput })), ...errors } },
    },
    async (request) => ok({ impact: await wholesale.getOrderImpact(app.deps, request.params.id, { auth: request.auth, token: request.query.token }) }),
  );
  app.delete(
    '/orders/:id/cancel',
    {
      preHandler: app.identify,
      schema: { tags, summary: 'Cancels a pending or confirmed order: stock back, credit reversed, refund', params: IdParams, querystring: TokenQuery, response: { 200: envelope(z.object({ order: OrderOutput })), ...errors } },
    },
    async (request) => ok({ order: await wholesale.cancelOrder(app.deps, request.params.id, { auth: request.auth, token: request.query.token }) }, 'Order cancelled'),
  );
};

