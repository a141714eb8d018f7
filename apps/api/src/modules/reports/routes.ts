import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorOutput } from '@kusina/domain/errors';
import { SalesReportOutput, SalesReportQuery } from '@kusina/domain/reports';
import { requireAdmin, requireAuth } from '../../plugins/auth.ts';
import * as reports from './service.ts';

const tags = ['reports'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput };

/** Reports for a restaurant's admins (issue #37 item 4; decision 0118): JSON for the screen, CSV for the accountant. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireAdmin(app);
  app.get(
    '/admin/reports/sales',
    { onRequest: admin, schema: { tags, security, summary: 'Sales (gross, discounts, refunds, net, orders, average ticket) per Guam day or hour of the day', querystring: SalesReportQuery, response: { 200: SalesReportOutput, ...errors } } },
    async (request) => reports.salesReport(app.deps, requireAuth(request).user, request.query),
  );
  app.get(
    '/admin/reports/sales.csv',
    { onRequest: admin, schema: { tags, security, summary: 'The sales report as CSV', querystring: SalesReportQuery, produces: ['text/csv'] } },
    async (request, reply) => {
      const csv = await reports.salesReportCsv(app.deps, requireAuth(request).user, request.query);
      const name = `sales-${request.query.group}-${request.query.from}-to-${request.query.to}.csv`;
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
    },
  );
};
