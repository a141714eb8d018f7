import type { FastifyRequest } from 'fastify';
import { perClientRateLimit } from '../../lib/guest-rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorOutput } from '@kusina/domain/errors';
import { AnalyticsBatchInput, VisitFunnelOutput, VisitFunnelQuery } from '@kusina/domain/analytics';
import { requireAdmin, requireAuth } from '../../plugins/auth.ts';
import { storefrontRestaurantId } from '../restaurants/service.ts';
import * as analytics from './service.ts';

const tags = ['analytics'];
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 429: ErrorOutput };

/** Do Not Track or Global Privacy Control: the browser asked not to be tracked. */
function optedOut(request: FastifyRequest): boolean {
  return request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';
}

/**
 * Analytics (issue #37 item 5; decision 0117). Registered only when ANALYTICS is not `off`: the
 * browser's client stops at the first 404, so a site without analytics sends one request per visit
 * at most and keeps nothing.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.ANALYTICS === 'off') return;
  const admin = requireAdmin(app);

  app.post(
    '/analytics/events',
    {
      preHandler: app.identify,
      bodyLimit: 64 * 1024,
      config: perClientRateLimit(app.config.ANALYTICS_RATE_LIMIT_PER_MINUTE),
      schema: { tags, summary: "A batch of the visitor's page views, page leaves and clicks; kept for the site's restaurant (204), dropped when the browser sends DNT or Sec-GPC", body: AnalyticsBatchInput, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      if (!optedOut(request)) {
        await analytics.recordBatch(app.deps, { restaurantId: storefrontRestaurantId(app.config, request), user: request.auth?.user ?? null }, request.body);
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/analytics/visits',
    { onRequest: admin, schema: { tags, security: [{ bearer: [] }], summary: "A restaurant's visits over Guam days, how many reached checkout and how many ordered", querystring: VisitFunnelQuery, response: { 200: VisitFunnelOutput, ...errors } } },
    async (request) => analytics.visitFunnel(app.deps, requireAuth(request).user, request.query),
  );
};
