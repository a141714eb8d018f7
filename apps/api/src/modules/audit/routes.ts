import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorOutput } from '@kusina/domain/errors';
import { AuditListOutput, AuditQuery } from '@kusina/domain/team';
import { scopeRestaurant } from '../../lib/access.ts';
import { requireAdmin, requireAuth } from '../../plugins/auth.ts';
import { listAudit } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit_log',
    {
      preHandler: requireAdmin(app),
      schema: {
        tags: ['team'],
        summary: "The restaurant's audit log, newest first (admins; a super admin picks the restaurant)",
        security: [{ bearer: [] }],
        querystring: AuditQuery,
        response: { 200: AuditListOutput, 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput },
      },
    },
    async (request) => {
      const restaurantId = scopeRestaurant(requireAuth(request).user, request.query.restaurant_id, 'admin');
      return listAudit(app.deps, restaurantId, { beforeId: request.query.before_id, limit: request.query.limit });
    },
  );
};
