import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorOutput } from '@kusina/domain/errors';
import { BREAKDOWN_REPORTS, BreakdownReportOutput, BreakdownReportQuery, SalesReportOutput, SalesReportQuery, type BreakdownReportName } from '@kusina/domain/reports';
import { CustomerDetailOutput, CustomerDetailQuery, CustomerListOutput, CustomerListQuery } from '@kusina/domain/customers';
import { requireAdmin, requireAuth } from '../../plugins/auth.ts';
import * as reports from './service.ts';

const tags = ['reports'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput };
const customerTags = ['customers'];

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

  const summaries: Record<BreakdownReportName, string> = {
    items: 'Item mix: units, sales and refunds per item, category (group=category) or chosen option (group=option)',
    channels: 'Sales by channel: online, staff orders, merchandise, fundraisers',
    codes: 'Promo and VIP code use: orders, discounts and sales per code',
    processors: 'Payments captured and refunded per processor',
    reservations: 'Reservations and walk-ins: parties, covers, no-shows, cancellations by source (or group=day)',
    fundraisers: 'Fundraisers: raised per participant, in the range and to date, against the goal',
  };
  for (const name of Object.keys(BREAKDOWN_REPORTS) as BreakdownReportName[]) {
    app.get(
      `/admin/reports/${name}`,
      { onRequest: admin, schema: { tags, security, summary: `${summaries[name]} (Guam days from..to; group: ${BREAKDOWN_REPORTS[name].join(' | ')})`, querystring: BreakdownReportQuery, response: { 200: BreakdownReportOutput, ...errors } } },
      async (request) => reports.breakdownReport(app.deps, requireAuth(request).user, name, request.query),
    );
    app.get(
      `/admin/reports/${name}.csv`,
      { onRequest: admin, schema: { tags, security, summary: `${summaries[name]}, as CSV`, querystring: BreakdownReportQuery, produces: ['text/csv'] } },
      async (request, reply) => {
        const { csv, filename } = await reports.breakdownReportCsv(app.deps, requireAuth(request).user, name, request.query);
        return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
      },
    );
  }

  // Customers (issue #37 item 3; decision 0128): the restaurant's admins only.
  app.get(
    '/admin/customers',
    { onRequest: admin, schema: { tags: customerTags, security, summary: "The restaurant's customers (orders, fundraiser orders, reservations), searchable by name, e-mail or phone, newest first", querystring: CustomerListQuery, response: { 200: CustomerListOutput, ...errors } } },
    async (request) => reports.listCustomers(app.deps, requireAuth(request).user, request.query),
  );
  app.get(
    '/admin/customers/detail',
    { onRequest: admin, schema: { tags: customerTags, security, summary: "One customer's orders, fundraiser orders and reservations at the restaurant, and the guest profile", querystring: CustomerDetailQuery, response: { 200: CustomerDetailOutput, 404: ErrorOutput, ...errors } } },
    async (request) => reports.customerDetail(app.deps, requireAuth(request).user, request.query),
  );
};
