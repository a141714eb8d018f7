import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { PaymentConfirmInput, PaymentConfirmOutput, PaymentCreateInput, PaymentCreateOutput } from '@kusina/domain/checkout';
import { ErrorOutput } from '@kusina/domain/errors';
import { AppError } from '../../lib/errors.ts';
import { countCodeAttempt } from '../promotions/guesses.ts';
import { storefrontRestaurantId } from '../restaurants/service.ts';
import { notAvailable } from './select.ts';
import { confirmTestPayment, createPayment, handleStripeEvent, type PaymentDeps } from './service.ts';

const errors = { 400: ErrorOutput, 402: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 422: ErrorOutput, 429: ErrorOutput, 503: ErrorOutput };

function paymentDeps(app: FastifyInstance): PaymentDeps {
  return { db: app.db, config: app.config, log: app.log };
}

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payments',
    {
      preHandler: app.identify,
      schema: {
        tags: ['payments'],
        summary: "Opens a payment for the server's total of a cart (step 1 of checkout)",
        body: PaymentCreateInput,
        response: { 201: PaymentCreateOutput, ...errors },
      },
    },
    async (request, reply) => {
      await countCodeAttempt(app, request.ip, [request.body.promo_code, request.body.vip_code]);
      const restaurantId = storefrontRestaurantId(app.config, request, request.body.restaurant_id);
      return reply.status(201).send(await createPayment(paymentDeps(app), restaurantId, request.body, request.auth));
    },
  );

  app.post(
    '/payments/:id/confirm',
    {
      schema: {
        tags: ['payments'],
        summary: 'Pays a test-mode payment with a card (Stripe test cards); 402 when declined',
        params: z.object({ id: z.uuid() }),
        body: PaymentConfirmInput,
        response: { 200: PaymentConfirmOutput, ...errors },
      },
    },
    async (request) => confirmTestPayment(paymentDeps(app), request.params.id, request.body.card),
  );

  // Stripe signs the exact bytes it sent: this scope keeps the JSON body raw for the check.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/payments/stripe/webhook',
      { schema: { tags: ['payments'], summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET)', hide: true } },
      async (request) => {
        const secret = app.config.STRIPE_WEBHOOK_SECRET;
        if (!secret) throw notAvailable();
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw new AppError('INVALID_SIGNATURE', 400, 'Missing or invalid Stripe signature.');
        }
        let event: Stripe.Event;
        try {
          event = Stripe.webhooks.constructEvent(request.body, signature, secret);
        } catch {
          throw new AppError('INVALID_SIGNATURE', 400, 'Missing or invalid Stripe signature.');
        }
        await handleStripeEvent(paymentDeps(app), event);
        return { received: true };
      },
    );
  });
};
