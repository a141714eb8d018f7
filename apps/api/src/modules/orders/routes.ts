import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coercedInt4 } from '@kusina/domain/integers';
import { CheckoutMessages, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN, OrderingStatusOutput, QuoteInput, QuoteOutput } from '@kusina/domain/checkout';
import { ErrorOutput } from '@kusina/domain/errors';
import { OrderConfirmationOutput, OrderCreateInput, OrderCreateOutput, OrderGetQuery, OrderHistoryOutput, OrderHistoryQuery } from '@kusina/domain/orders';
import { requireAuth } from '../../plugins/auth.ts';
import { rooms } from '../../realtime/socket.ts';
import { invalidateMenuCache } from '../menu/cache.ts';
import { countCodeAttempt } from '../promotions/guesses.ts';
import { getRestaurant, storefrontRestaurantId } from '../restaurants/service.ts';
import { orderingStatusOf } from './pickup.ts';
import { emitOrderCreated } from '../order-management/realtime.ts';
import { orderConfirmation, orderHistory, placeOrder, quote, viewableOrderId, type OrderDeps } from './service.ts';

const errors = { 400: ErrorOutput, 401: ErrorOutput, 402: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 422: ErrorOutput, 429: ErrorOutput, 503: ErrorOutput };
const bearer = [{ bearer: [] }];

function orderDeps(app: FastifyInstance): OrderDeps {
  return { db: app.db, config: app.config, log: app.log, pool: app.pool, boss: app.boss, now: app.clock };
}

const IdempotencyKey = z
  .string({ error: CheckoutMessages.idempotencyKeyRequired })
  .min(IDEMPOTENCY_KEY_MIN, CheckoutMessages.idempotencyKeyRequired)
  .max(IDEMPOTENCY_KEY_MAX, CheckoutMessages.idempotencyKeyRequired);

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  // The confirmation page's live channel: the same people who may GET the order may listen to it.
  app.realtime.registerChannel('order', async ({ params, auth }) => {
    const id = Number(params.order_id);
    if (!Number.isInteger(id) || id <= 0) return null;
    const token = typeof params.token === 'string' ? params.token : undefined;
    const viewable = await viewableOrderId(app.db, id, { user: auth?.user ?? null, token });
    return viewable === null ? null : rooms.order(viewable);
  });

  app.get(
    '/restaurants/:id/ordering_status',
    {
      schema: {
        tags: ['orders'],
        summary: 'Open or closed for ordering now (operating hours and special events), closing, next opening and today\'s hours',
        params: z.object({ id: coercedInt4().positive() }),
        response: { 200: OrderingStatusOutput, ...errors },
      },
    },
    async (request, reply) => {
      const restaurant = await getRestaurant(app.db, request.params.id);
      // A minute stale at most: the state changes at opening and closing times, and when admins edit the hours.
      void reply.header('cache-control', 'public, max-age=60');
      return orderingStatusOf(app.db, restaurant, app.clock().getTime());
    },
  );

  app.post(
    '/checkout/quote',
    {
      preHandler: app.identify,
      schema: {
        tags: ['orders'],
        summary: "The server's price of a cart, with stock and selection issues",
        body: QuoteInput,
        response: { 200: QuoteOutput, ...errors },
      },
    },
    async (request) => {
      // A quote checks its promo code: it counts toward the code-guessing limit like /promo_codes/apply.
      await countCodeAttempt(app, request.ip, [request.body.promo_code]);
      return quote(orderDeps(app), storefrontRestaurantId(app.config, request, request.body.restaurant_id), request.body, request.auth);
    },
  );

  app.post(
    '/orders',
    {
      preHandler: app.identify,
      schema: {
        tags: ['orders'],
        summary: 'Places a paid pickup order (step 3 of checkout); idempotent by Idempotency-Key and payment',
        headers: z.object({ 'idempotency-key': IdempotencyKey }),
        body: OrderCreateInput,
        response: { 200: OrderCreateOutput, 201: OrderCreateOutput, ...errors },
      },
    },
    async (request, reply) => {
      // Only an order that carries a code pays this one statement; the others count nothing.
      await countCodeAttempt(app, request.ip, [request.body.promo_code, request.body.vip_code]);
      const restaurantId = storefrontRestaurantId(app.config, request, request.body.restaurant_id);
      const result = await placeOrder(orderDeps(app), {
        restaurantId,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        auth: request.auth,
      });
      if (result.created) {
        // Menu stock changed: this node's next menu read must show it (other nodes hear the NOTIFY).
        // An order of untracked dishes or of merchandise leaves the cached menu as it is.
        if (result.menuStockChanged) invalidateMenuCache(app, result.order.restaurant_id);
        // The board's card (no access token): order management's contract.
        emitOrderCreated(app, result.order);
      } else {
        reply.header('idempotent-replayed', 'true');
      }
      return reply.status(result.created ? 201 : 200).send(result.order);
    },
  );

  app.get(
    '/orders/:id',
    {
      preHandler: app.identify,
      schema: {
        tags: ['orders'],
        summary: 'An order as the confirmation page shows it (owner, staff, or ?token=)',
        params: z.object({ id: coercedInt4().positive() }),
        querystring: OrderGetQuery,
        response: { 200: OrderConfirmationOutput, ...errors },
      },
    },
    async (request) => orderConfirmation(app.db, request.params.id, { user: request.auth?.user ?? null, token: request.query.token }),
  );

  app.get(
    '/orders',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: "The signed-in customer's order history",
        security: bearer,
        querystring: OrderHistoryQuery,
        response: { 200: OrderHistoryOutput, ...errors },
      },
    },
    async (request) => orderHistory(app.db, requireAuth(request).user.id, request.query),
  );
};
