import { sql } from 'drizzle-orm';
import { type SalesReportOutput, type SalesReportQuery, type SalesReportRow } from '@kusina/domain/reports';
import { addDays, SCHEDULE_TIME_ZONE } from '@kusina/domain/restaurant-schedule';
import { reportRange } from '../../lib/report-range.ts';
import { scopeRestaurant, type SessionUser } from '../../lib/access.ts';
import { toCsv } from '../../lib/csv.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * Reports (issue #37 item 4; decision 0118), computed in SQL from the orders and refunds the
 * restaurant recorded — never from a client's figures. Days and hours are Guam's. Sales: every order
 * placed in the range (an order exists only once paid) counts its subtotal as gross and its discount;
 * refunds count on the day they were given, whatever day the order was placed.
 */

interface Bucket {
  key: string;
  gross: number;
  discount: number;
  refund: number;
  orders: number;
}

/** GET /admin/reports/sales: totals and rows per Guam day or per hour of the day. */
export async function salesReport(deps: Pick<ServiceDeps, 'db'>, user: SessionUser, query: SalesReportQuery): Promise<SalesReportOutput> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id, 'admin');
  const { start, end, days } = reportRange(query.from, query.to);
  const zone = SCHEDULE_TIME_ZONE;
  const key = query.group === 'day' ? sql`to_char(local, 'YYYY-MM-DD')` : sql`to_char(local, 'HH24')`;
  const { rows } = await deps.db.execute<{ key: string; gross: number; discount: number; refund: number; orders: number }>(sql`
    WITH sales AS (
      SELECT o.created_at AT TIME ZONE ${zone} AS local, o.subtotal_cents AS gross, o.discount_cents AS discount, 0 AS refund, 1 AS orders
        FROM orders o
       WHERE o.restaurant_id = ${restaurantId} AND o.created_at >= ${start} AND o.created_at < ${end}
      UNION ALL
      SELECT r.created_at AT TIME ZONE ${zone}, 0, 0, r.amount_cents, 0
        FROM refunds r
       WHERE r.restaurant_id = ${restaurantId} AND r.created_at >= ${start} AND r.created_at < ${end}
    )
    SELECT ${key} AS key, sum(gross)::int AS gross, sum(discount)::int AS discount, sum(refund)::int AS refund, sum(orders)::int AS orders
      FROM sales GROUP BY 1 ORDER BY 1`);
  const found = new Map(rows.map((row) => [row.key, row]));
  // Every day of the range (or every hour), zero where nothing happened: a chart's gaps are real.
  const keys = query.group === 'day' ? Array.from({ length: days }, (_, i) => addDays(query.from, i)) : Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
  const buckets: Bucket[] = keys.map((k) => {
    const row = found.get(k);
    return { key: k, gross: row?.gross ?? 0, discount: row?.discount ?? 0, refund: row?.refund ?? 0, orders: row?.orders ?? 0 };
  });
  const figures = (b: Omit<Bucket, 'key'>) => ({ gross_cents: b.gross, discount_cents: b.discount, refund_cents: b.refund, net_cents: b.gross - b.discount - b.refund, orders: b.orders });
  const sum = buckets.reduce((t, b) => ({ gross: t.gross + b.gross, discount: t.discount + b.discount, refund: t.refund + b.refund, orders: t.orders + b.orders }), { gross: 0, discount: 0, refund: 0, orders: 0 });
  const rowsOut: SalesReportRow[] = buckets.map((b) => ({ key: b.key, ...figures(b) }));
  return {
    from: query.from,
    to: query.to,
    group: query.group,
    totals: { ...figures(sum), average_ticket_cents: sum.orders === 0 ? 0 : Math.round((sum.gross - sum.discount) / sum.orders) },
    rows: rowsOut,
  };
}

const dollars = (cents: number) => Math.round(cents) / 100;

/** The same report as CSV for the accountant: one row per day or hour, then the totals. */
export async function salesReportCsv(deps: Pick<ServiceDeps, 'db'>, user: SessionUser, query: SalesReportQuery): Promise<string> {
  const report = await salesReport(deps, user, query);
  const header = [report.group === 'day' ? 'Date' : 'Hour', 'Orders', 'Gross', 'Discounts', 'Refunds', 'Net'];
  const line = (label: string, r: Omit<SalesReportRow, 'key'>) => [label, r.orders, dollars(r.gross_cents), dollars(r.discount_cents), dollars(r.refund_cents), dollars(r.net_cents)];
  return toCsv([header, ...report.rows.map((r) => line(report.group === 'day' ? r.key : `${r.key}:00`, r)), line('Total', report.totals)]);
}

/** The breakdown reports (item mix, channels, codes, processors, reservations, fundraisers): breakdowns.ts. */
export { breakdownReport, breakdownReportCsv } from './breakdowns.ts';

/** Customers of the restaurant (issue #37 item 3): customers.ts. */
export { customerDetail, listCustomers } from './customers.ts';
