import { sql, type SQL } from 'drizzle-orm';
import {
  BREAKDOWN_REPORTS,
  type BreakdownColumn,
  type BreakdownReportName,
  type BreakdownReportOutput,
  type BreakdownReportQuery,
  type BreakdownRow,
} from '@kusina/domain/reports';
import { addDays, SCHEDULE_TIME_ZONE } from '@kusina/domain/restaurant-schedule';
import { AppError } from '../../lib/errors.ts';
import { reportRange } from '../../lib/report-range.ts';
import { scopeRestaurant, type SessionUser } from '../../lib/access.ts';
import { toCsv } from '../../lib/csv.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * The breakdown reports (issue #37 item 4; decisions 0118, 0127): item and category mix (options
 * too), channels, promo and VIP codes, processors, reservations and fundraisers. Each is one or two
 * set-based statements over the orders, refunds, payments, reservations and the fundraiser ledger of
 * one restaurant, bounded by the range's instants so the (restaurant, created_at)-style indexes
 * carry them. Days are Guam's; a refund counts on the day it was given, as in the sales report.
 */

type Deps = Pick<ServiceDeps, 'db'>;
interface Range {
  restaurantId: number;
  start: Date;
  end: Date;
  from: string;
  to: string;
  days: number;
}
/** A report's body: its rows and how it is read; the envelope (range, group, totals) is added around it. */
interface Body {
  title: string;
  note: string;
  rowLabel: string;
  parentLabel: string | null;
  columns: BreakdownColumn[];
  chart: string;
  rows: BreakdownRow[];
  /** Columns whose sum is not a figure (goals, percentages): their total is null. */
  noTotal?: string[];
}

const zone = SCHEDULE_TIME_ZONE;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const col = (id: string, label: string, unit: BreakdownColumn['unit']): BreakdownColumn => ({ id, label, unit });

async function rowsOf<T extends Record<string, unknown>>(deps: Deps, query: SQL): Promise<T[]> {
  return (await deps.db.execute<T>(query)).rows as T[];
}

/** Item mix: units and sales of the lines of orders placed in the range; refunded units and money by the refund's day. */
async function items(deps: Deps, r: Range, group: string): Promise<Body> {
  const { restaurantId, start, end } = r;
  if (group === 'option') {
    const rows = await rowsOf<{ grp: string; opt: string; item: string; units: number; refunded: number }>(
      deps,
      sql`
      WITH sold AS (
        SELECT g.key AS grp, opt.value AS opt, oi.quantity AS units, 0 AS refunded
          FROM orders o JOIN order_items oi ON oi.order_id = o.id
          CROSS JOIN LATERAL jsonb_each(oi.customizations) g CROSS JOIN LATERAL jsonb_array_elements_text(g.value) opt
         WHERE o.restaurant_id = ${restaurantId} AND o.created_at >= ${start} AND o.created_at < ${end}
        UNION ALL
        SELECT g.key, opt.value, 0, rl.quantity
          FROM refunds rf JOIN refund_lines rl ON rl.refund_id = rf.id JOIN order_items oi ON oi.id = rl.order_item_id
          CROSS JOIN LATERAL jsonb_each(oi.customizations) g CROSS JOIN LATERAL jsonb_array_elements_text(g.value) opt
         WHERE rf.restaurant_id = ${restaurantId} AND rf.created_at >= ${start} AND rf.created_at < ${end}
      )
      SELECT grp, opt, sum(units)::float8 AS units, sum(refunded)::float8 AS refunded
        FROM sold GROUP BY grp, opt ORDER BY sum(units) DESC, grp, opt`,
    );
    return {
      title: 'Options chosen',
      note: 'Units of the items each option was chosen with, in orders placed these days; refunded units on the day of the refund.',
      rowLabel: 'Option',
      parentLabel: 'Choice',
      columns: [col('units', 'Units', 'count'), col('refunded_units', 'Refunded units', 'count')],
      chart: 'units',
      rows: rows.map((x) => ({ key: `${x.grp}: ${x.opt}`, label: x.opt, parent: x.grp, values: [num(x.units), num(x.refunded)] })),
    };
  }
  const byCategory = group === 'category';
  const rows = await rowsOf<{ category: string; name: string; units: number; sales: number; refunded: number; refunds: number }>(
    deps,
    sql`
    WITH lines AS (
      -- Summed per item before the category joins: a year holds hundreds of thousands of lines, a
      -- menu a few dozen items.
      SELECT oi.item_type, oi.menu_item_id, oi.name, sum(oi.quantity) AS units, sum(oi.line_total_cents) AS sales, 0 AS refunded, 0 AS refunds
        FROM orders o JOIN order_items oi ON oi.order_id = o.id
       WHERE o.restaurant_id = ${restaurantId} AND o.created_at >= ${start} AND o.created_at < ${end}
       GROUP BY oi.item_type, oi.menu_item_id, oi.name
      UNION ALL
      SELECT oi.item_type, oi.menu_item_id, oi.name, 0, 0, sum(rl.quantity), sum(rl.amount_cents)
        FROM refunds rf JOIN refund_lines rl ON rl.refund_id = rf.id JOIN order_items oi ON oi.id = rl.order_item_id
       WHERE rf.restaurant_id = ${restaurantId} AND rf.created_at >= ${start} AND rf.created_at < ${end}
       GROUP BY oi.item_type, oi.menu_item_id, oi.name
    )
    SELECT CASE WHEN l.item_type = 'merchandise' THEN 'Merchandise' ELSE coalesce(mc.name, 'No category') END AS category,
           ${byCategory ? sql`''` : sql`l.name`} AS name,
           sum(l.units)::float8 AS units, sum(l.sales)::float8 AS sales, sum(l.refunded)::float8 AS refunded, sum(l.refunds)::float8 AS refunds
      FROM lines l
      LEFT JOIN menu_items mi ON mi.id = l.menu_item_id
      LEFT JOIN menu_categories mc ON mc.id = mi.category_id
     GROUP BY 1, 2
     ORDER BY sum(l.sales) - sum(l.refunds) DESC, 1, 2`,
  );
  return {
    title: byCategory ? 'Category mix' : 'Item mix',
    note: 'Units and line sales (options included, before order discounts) of orders placed these days; refunds on the day they were given.',
    rowLabel: byCategory ? 'Category' : 'Item',
    parentLabel: byCategory ? null : 'Category',
    columns: [col('units', 'Units', 'count'), col('sales', 'Sales', 'cents'), col('refunded_units', 'Refunded units', 'count'), col('refunds', 'Refunds', 'cents'), col('net', 'Net sales', 'cents')],
    chart: 'net',
    rows: rows.map((x) => ({
      key: byCategory ? x.category : `${x.category}: ${x.name}`,
      label: byCategory ? x.category : x.name,
      parent: byCategory ? null : x.category,
      values: [num(x.units), num(x.sales), num(x.refunded), num(x.refunds), num(x.sales) - num(x.refunds)],
    })),
  };
}

const CHANNELS = [
  ['online', 'Online'],
  ['staff', 'Staff orders'],
  ['merchandise', 'Merchandise'],
  ['fundraiser', 'Fundraisers'],
] as const;

/** Channels: each order in one — a staff order, a merchandise-only order, else online — and the fundraiser shop's orders. */
async function channels(deps: Deps, r: Range): Promise<Body> {
  const { restaurantId, start, end } = r;
  const channel = sql`CASE WHEN o.is_staff_order THEN 'staff' WHEN o.food_subtotal_cents = 0 AND o.merchandise_subtotal_cents > 0 THEN 'merchandise' ELSE 'online' END`;
  const rows = await rowsOf<{ channel: string; orders: number; gross: number; discount: number; refund: number }>(
    deps,
    sql`
    WITH fundraisers AS (SELECT id FROM wholesale_fundraisers WHERE restaurant_id = ${restaurantId}),
    figures AS (
      SELECT ${channel} AS channel, 1 AS orders, o.subtotal_cents AS gross, o.discount_cents AS discount, 0 AS refund
        FROM orders o WHERE o.restaurant_id = ${restaurantId} AND o.created_at >= ${start} AND o.created_at < ${end}
      UNION ALL
      SELECT ${channel}, 0, 0, 0, rf.amount_cents
        FROM refunds rf JOIN orders o ON o.id = rf.order_id
       WHERE rf.restaurant_id = ${restaurantId} AND rf.created_at >= ${start} AND rf.created_at < ${end}
      UNION ALL
      SELECT 'fundraiser', 1, w.total_cents, 0, 0
        FROM wholesale_orders w
       WHERE w.fundraiser_id IN (SELECT id FROM fundraisers) AND w.created_at >= ${start} AND w.created_at < ${end} AND w.payment_status <> 'pending'
      UNION ALL
      SELECT 'fundraiser', 0, 0, 0, w.refunded_cents
        FROM wholesale_orders w
       WHERE w.fundraiser_id IN (SELECT id FROM fundraisers) AND w.cancelled_at >= ${start} AND w.cancelled_at < ${end} AND w.refunded_cents > 0
    )
    SELECT channel, sum(orders)::float8 AS orders, sum(gross)::float8 AS gross, sum(discount)::float8 AS discount, sum(refund)::float8 AS refund
      FROM figures GROUP BY channel`,
  );
  const found = new Map(rows.map((x) => [x.channel, x]));
  return {
    title: 'Sales by channel',
    note: 'Orders placed these days: staff orders, merchandise-only orders, other orders (online), and the fundraiser shop. Refunds on the day they were given.',
    rowLabel: 'Channel',
    parentLabel: null,
    columns: [col('orders', 'Orders', 'count'), col('gross', 'Gross', 'cents'), col('discounts', 'Discounts', 'cents'), col('refunds', 'Refunds', 'cents'), col('net', 'Net', 'cents')],
    chart: 'net',
    rows: CHANNELS.map(([key, label]) => {
      const x = found.get(key);
      const [orders, gross, discount, refund] = [num(x?.orders), num(x?.gross), num(x?.discount), num(x?.refund)];
      return { key, label, parent: null, values: [orders, gross, discount, refund, gross - discount - refund] };
    }),
  };
}

/** Promo and VIP codes: the orders placed with each these days, their discounts and their sales. */
async function codes(deps: Deps, r: Range): Promise<Body> {
  const { restaurantId, start, end } = r;
  const rows = await rowsOf<{ kind: string; code: string; uses: number; discount: number; sales: number }>(
    deps,
    sql`
    WITH placed AS (
      SELECT o.promo_code, o.promo_code_id, o.vip_code_id, o.subtotal_cents, o.discount_cents
        FROM orders o
       WHERE o.restaurant_id = ${restaurantId} AND o.created_at >= ${start} AND o.created_at < ${end}
         AND (o.promo_code IS NOT NULL OR o.promo_code_id IS NOT NULL OR o.vip_code_id IS NOT NULL)
    )
    SELECT 'promo' AS kind, coalesce(p.promo_code, pc.code) AS code, count(*)::float8 AS uses, sum(p.discount_cents)::float8 AS discount, sum(p.subtotal_cents)::float8 AS sales
      FROM placed p LEFT JOIN promo_codes pc ON pc.id = p.promo_code_id
     WHERE p.promo_code IS NOT NULL OR p.promo_code_id IS NOT NULL
     GROUP BY 2
    UNION ALL
    SELECT 'vip', vc.code, count(*)::float8, 0, sum(p.subtotal_cents)::float8
      FROM placed p JOIN vip_codes vc ON vc.id = p.vip_code_id
     GROUP BY 2
    ORDER BY 1, 3 DESC, 2`,
  );
  return {
    title: 'Promo and VIP codes',
    note: 'Orders placed with each code these days, the discounts the codes gave and the orders’ sales before discounts.',
    rowLabel: 'Code',
    parentLabel: 'Kind',
    columns: [col('uses', 'Uses', 'count'), col('discounts', 'Discounts', 'cents'), col('sales', 'Sales', 'cents')],
    chart: 'uses',
    rows: rows.map((x) => ({ key: `${x.kind}:${x.code}`, label: x.code, parent: x.kind === 'promo' ? 'Promo code' : 'VIP code', values: [num(x.uses), num(x.discount), num(x.sales)] })),
  };
}

const PROCESSORS = [
  ['stripe', 'Stripe'],
  ['paypal', 'PayPal'],
  ['test', 'Test payments'],
] as const;

/** Payments by processor: captured these days (restaurant and fundraiser orders), and the money each gave back these days. */
async function processors(deps: Deps, r: Range): Promise<Body> {
  const { restaurantId, start, end } = r;
  const rows = await rowsOf<{ processor: string; payments: number; captured: number; refunded: number }>(
    deps,
    sql`
    WITH money AS (
      SELECT p.processor, 1 AS payments, p.amount_cents AS captured, 0 AS refunded
        FROM payments p
       WHERE p.restaurant_id = ${restaurantId} AND p.created_at < ${end} AND p.captured_at >= ${start} AND p.captured_at < ${end}
      UNION ALL
      SELECT rf.processor, 0, 0, rf.amount_cents
        FROM refunds rf WHERE rf.restaurant_id = ${restaurantId} AND rf.created_at >= ${start} AND rf.created_at < ${end}
      UNION ALL
      SELECT p.processor, 0, 0, w.refunded_cents
        FROM wholesale_orders w JOIN payments p ON p.wholesale_order_id = w.id
       WHERE w.fundraiser_id IN (SELECT id FROM wholesale_fundraisers WHERE restaurant_id = ${restaurantId})
         AND w.cancelled_at >= ${start} AND w.cancelled_at < ${end} AND w.refunded_cents > 0
    )
    SELECT processor, sum(payments)::float8 AS payments, sum(captured)::float8 AS captured, sum(refunded)::float8 AS refunded
      FROM money GROUP BY processor`,
  );
  const found = new Map(rows.map((x) => [x.processor, x]));
  return {
    title: 'Payments by processor',
    note: 'Payments captured these days (restaurant and fundraiser orders) and refunds given these days, by the processor that moved the money.',
    rowLabel: 'Processor',
    parentLabel: null,
    columns: [col('payments', 'Payments', 'count'), col('captured', 'Captured', 'cents'), col('refunded', 'Refunded', 'cents'), col('net', 'Net', 'cents')],
    chart: 'net',
    rows: PROCESSORS.map(([key, label]) => {
      const x = found.get(key);
      return { key, label, parent: null, values: [num(x?.payments), num(x?.captured), num(x?.refunded), num(x?.captured) - num(x?.refunded)] };
    }),
  };
}

const SOURCES = [
  ['online', 'Online bookings'],
  ['staff', 'Bookings by staff'],
  ['walk_in', 'Walk-ins (host stand)'],
  ['walk_in_link', 'Walk-ins (join link)'],
] as const;

/**
 * Reservations and walk-ins by the Guam day they were for (a booking's start, a walk-in's check-in):
 * parties, covers (guests of parties that sat down), no-shows and cancellations (a walk-in that
 * left the line), by source or by day.
 */
async function reservations(deps: Deps, r: Range, group: string): Promise<Body> {
  const { restaurantId, start, end } = r;
  const byDay = group === 'day';
  const key = byDay ? sql`to_char(local, 'YYYY-MM-DD')` : sql`source`;
  const rows = await rowsOf<{ key: string; parties: number; covers: number; no_shows: number; cancelled: number }>(
    deps,
    sql`
    WITH parties AS (
      SELECT x.start_time AT TIME ZONE ${zone} AS local, CASE x.source WHEN 'public' THEN 'online' ELSE 'staff' END AS source,
             CASE WHEN x.status IN ('seated', 'finished') THEN x.party_size ELSE 0 END AS covers,
             (x.status = 'no_show')::int AS no_show, (x.status = 'canceled')::int AS cancelled
        FROM reservations x
       WHERE x.restaurant_id = ${restaurantId} AND x.start_time >= ${start} AND x.start_time < ${end} AND x.status <> 'rejected'
      UNION ALL
      SELECT w.check_in_time AT TIME ZONE ${zone}, CASE w.source WHEN 'guest' THEN 'walk_in_link' ELSE 'walk_in' END,
             CASE WHEN w.status = 'seated' THEN w.party_size ELSE 0 END, (w.status = 'no_show')::int, (w.status = 'removed')::int
        FROM waitlist_entries w
       WHERE w.restaurant_id = ${restaurantId} AND w.check_in_time >= ${start} AND w.check_in_time < ${end}
    )
    SELECT ${key} AS key, count(*)::float8 AS parties, sum(covers)::float8 AS covers, sum(no_show)::float8 AS no_shows, sum(cancelled)::float8 AS cancelled
      FROM parties GROUP BY 1`,
  );
  const found = new Map(rows.map((x) => [x.key, x]));
  const keys: [string, string][] = byDay ? Array.from({ length: r.days }, (_, i) => addDays(r.from, i)).map((d) => [d, d]) : SOURCES.map(([k, l]) => [k, l]);
  return {
    title: byDay ? 'Reservations by day' : 'Reservations by source',
    note: 'Bookings (declined ones left out) and walk-ins for these Guam days. Covers are the guests of parties that sat down; a walk-in that left the line counts as a cancellation.',
    rowLabel: byDay ? 'Day' : 'Source',
    parentLabel: null,
    columns: [col('parties', 'Parties', 'count'), col('covers', 'Covers', 'count'), col('no_shows', 'No-shows', 'count'), col('cancellations', 'Cancellations', 'count')],
    chart: 'covers',
    rows: keys.map(([k, label]) => {
      const x = found.get(k);
      return { key: k, label, parent: null, values: [num(x?.parties), num(x?.covers), num(x?.no_shows), num(x?.cancelled)] };
    }),
  };
}

/**
 * Fundraisers running in the range (not drafts): per participant (and general support), the
 * ledger's net these days and to the range's end, against the participant's goal.
 */
async function fundraisers(deps: Deps, r: Range): Promise<Body> {
  const { restaurantId, start, end, from, to } = r;
  const rows = await rowsOf<{ fid: number; fundraiser: string; pid: number | null; participant: string | null; goal: number | null; orders: number; in_range: number; to_date: number }>(
    deps,
    sql`
    WITH f AS (
      SELECT id, name FROM wholesale_fundraisers
       WHERE restaurant_id = ${restaurantId} AND status <> 'draft'
         AND (start_date IS NULL OR start_date <= ${to}::date) AND (end_date IS NULL OR end_date >= ${from}::date)
    ),
    people AS (
      SELECT p.id, p.fundraiser_id, p.name, p.goal_cents, p.position FROM wholesale_participants p WHERE p.fundraiser_id IN (SELECT id FROM f)
      UNION ALL
      SELECT NULL, f.id, NULL, NULL, 2147483647 FROM f
    ),
    credit AS (
      SELECT c.fundraiser_id, c.participant_id,
             count(DISTINCT c.order_id) FILTER (WHERE c.amount_cents > 0 AND c.created_at >= ${start}) AS orders,
             sum(c.amount_cents) FILTER (WHERE c.created_at >= ${start}) AS in_range,
             sum(c.amount_cents) AS to_date
        FROM wholesale_participant_credits c
       WHERE c.fundraiser_id IN (SELECT id FROM f) AND c.created_at < ${end}
       GROUP BY 1, 2
    )
    SELECT f.id AS fid, f.name AS fundraiser, people.id AS pid, people.name AS participant, people.goal_cents::float8 AS goal,
           coalesce(credit.orders, 0)::float8 AS orders, coalesce(credit.in_range, 0)::float8 AS in_range, coalesce(credit.to_date, 0)::float8 AS to_date
      FROM f JOIN people ON people.fundraiser_id = f.id
      LEFT JOIN credit ON credit.fundraiser_id = f.id AND credit.participant_id IS NOT DISTINCT FROM people.id
     WHERE people.id IS NOT NULL OR credit.to_date IS NOT NULL
     ORDER BY f.name, f.id, people.position, people.id`,
  );
  return {
    title: 'Fundraisers by participant',
    note: 'Supporters’ orders and money raised (net of refunds, from the fundraiser ledger) these days, and raised to the last day of the range against each participant’s goal.',
    rowLabel: 'Participant',
    parentLabel: 'Fundraiser',
    columns: [col('orders', 'Orders', 'count'), col('raised', 'Raised these days', 'cents'), col('raised_to_date', 'Raised to date', 'cents'), col('goal', 'Goal', 'cents'), col('of_goal', 'Of goal', 'percent')],
    chart: 'raised_to_date',
    noTotal: ['goal', 'of_goal'],
    rows: rows.map((x) => {
      const goal = x.goal === null ? null : num(x.goal);
      return {
        key: `${x.fid}:${x.pid ?? 'general'}`,
        label: x.participant ?? 'General support',
        parent: x.fundraiser,
        values: [num(x.orders), num(x.in_range), num(x.to_date), goal, goal ? Math.round((num(x.to_date) / goal) * 1000) / 10 : null],
      };
    }),
  };
}

const BUILDERS: Record<BreakdownReportName, (deps: Deps, r: Range, group: string) => Promise<Body>> = { items, channels, codes, processors, reservations, fundraisers };

/** GET /admin/reports/{name}: one breakdown report for the range, with its column totals. */
export async function breakdownReport(deps: Deps, user: SessionUser, name: BreakdownReportName, query: BreakdownReportQuery): Promise<BreakdownReportOutput> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id, 'admin');
  const groups: readonly string[] = BREAKDOWN_REPORTS[name];
  const group = query.group ?? groups[0]!;
  if (!groups.includes(group)) {
    const message = `Choose one of: ${groups.join(', ')}.`;
    throw new AppError('VALIDATION_ERROR', 400, message, { fields: { group: message } });
  }
  const { start, end, days } = reportRange(query.from, query.to);
  const body = await BUILDERS[name](deps, { restaurantId, start, end, from: query.from, to: query.to, days }, group);
  const totals = body.columns.map((c, i) => (body.noTotal?.includes(c.id) || c.unit === 'percent' ? null : body.rows.reduce((s, row) => s + (row.values[i] ?? 0), 0)));
  return {
    report: name,
    from: query.from,
    to: query.to,
    group,
    title: body.title,
    note: body.note,
    row_label: body.rowLabel,
    parent_label: body.parentLabel,
    columns: body.columns,
    chart: body.chart,
    rows: body.rows,
    totals,
  };
}

/** The same report as CSV: dollars as numbers, text cells formula-safe, then the totals. */
export async function breakdownReportCsv(deps: Deps, user: SessionUser, name: BreakdownReportName, query: BreakdownReportQuery): Promise<{ csv: string; filename: string }> {
  const report = await breakdownReport(deps, user, name, query);
  const cell = (unit: BreakdownColumn['unit'], v: number | null) => (v === null ? '' : unit === 'cents' ? Math.round(v) / 100 : v);
  const header = [...(report.parent_label ? [report.parent_label] : []), report.row_label, ...report.columns.map((c) => (c.unit === 'cents' ? `${c.label} ($)` : c.unit === 'percent' ? `${c.label} (%)` : c.label))];
  const lines = report.rows.map((row) => [...(report.parent_label ? [row.parent ?? ''] : []), row.label, ...row.values.map((v, i) => cell(report.columns[i]!.unit, v))]);
  const total = [...(report.parent_label ? [''] : []), 'Total', ...report.totals.map((v, i) => cell(report.columns[i]!.unit, v))];
  return { csv: toCsv([header, ...lines, total]), filename: `${name}-${report.group}-${report.from}-to-${report.to}.csv` };
}
