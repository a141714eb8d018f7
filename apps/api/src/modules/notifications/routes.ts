import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorOutput } from '@kusina/domain/errors';
import { NotificationListOutput, NotificationListQuery } from '@kusina/domain/notifications';
import { requireAdmin, requireAuth } from '../../plugins/auth.ts';
import { listNotifications } from './service.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/notifications',
    {
      preHandler: requireAdmin(app),
      schema: {
        tags: ['notifications'],
        summary: 'The outbox: texts and e-mails sent, newest first (admins: own restaurant; super admins: all)',
        security: [{ bearer: [] }],
        querystring: NotificationListQuery,
        response: { 200: NotificationListOutput, 401: ErrorOutput, 403: ErrorOutput },
      },
    },
    async (request) => listNotifications(app.deps, requireAuth(request).user, request.query),
  );
};
