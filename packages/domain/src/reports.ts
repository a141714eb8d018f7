import { z } from 'zod';

/* Reports (issue #37 item 4; decision 0118): the sales report's contract. Money in cents. */

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

/** The longest range one report covers (a year and a day: a leap year's whole year). */
export const REPORT_MAX_DAYS = 367;

export const SalesReportQuery = z.object({
  from: calendarDate,
  to: calendarDate,
  /** Rows per Guam day of the range, or per hour of the day (0–23) summed over it. */
  group: z.enum(['day', 'hour']).default('day'),
  restaurant_id: z.coerce.number().int().min(1).max(2147483647).optional(),
});
export type SalesReportQuery = z.infer<typeof SalesReportQuery>;

const SalesFigures = z.object({
  /** Orders placed: their subtotals before discounts. */
  gross_cents: z.int(),
  discount_cents: z.int(),
  /** Money given back in the period (by the day of the refund). */
  refund_cents: z.int(),
  /** gross − discounts − refunds. */
  net_cents: z.int(),
  orders: z.int(),
});

export const SalesReportRow = SalesFigures.extend({
  /** 'YYYY-MM-DD' (group day) or '00'…'23' (group hour). */
  key: z.string(),
});
export type SalesReportRow = z.infer<typeof SalesReportRow>;

export const SalesReportOutput = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(['day', 'hour']),
  totals: SalesFigures.extend({
    /** (gross − discounts) ÷ orders, rounded to the cent; 0 without orders. */
    average_ticket_cents: z.int(),
  }),
  rows: z.array(SalesReportRow),
});
export type SalesReportOutput = z.infer<typeof SalesReportOutput>;

/*
 * The breakdown reports (item mix, channels, codes, processors, reservations, fundraisers): one
 * shape for all, so one chart, one table and one CSV writer serve every one of them. Each row's
 * `values` line up with `columns`; `chart` names the column the bars show.
 */

/** The breakdown reports and the groupings each offers (the first is the default). */
export const BREAKDOWN_REPORTS = {
  items: ['item', 'category', 'option'],
  channels: ['channel'],
  codes: ['code'],
  processors: ['processor'],
  reservations: ['source', 'day'],
  fundraisers: ['participant'],
} as const;
export type BreakdownReportName = keyof typeof BREAKDOWN_REPORTS;

export const BreakdownReportQuery = z.object({
  from: calendarDate,
  to: calendarDate,
  /** One of the report's groupings (BREAKDOWN_REPORTS); its first when left out. */
  group: z.string().max(20).optional(),
  restaurant_id: z.coerce.number().int().min(1).max(2147483647).optional(),
});
export type BreakdownReportQuery = z.infer<typeof BreakdownReportQuery>;

export const BreakdownColumn = z.object({
  id: z.string(),
  label: z.string(),
  /** cents: money (shown and written in dollars); count; percent (one decimal). */
  unit: z.enum(['cents', 'count', 'percent']),
});
export type BreakdownColumn = z.infer<typeof BreakdownColumn>;

export const BreakdownRow = z.object({
  key: z.string(),
  label: z.string(),
  /** What the row belongs to, e.g. an item's category or a participant's fundraiser; null: nothing. */
  parent: z.string().nullable(),
  /** One per column; null where the figure does not apply (a participant without a goal). */
  values: z.array(z.number().nullable()),
});
export type BreakdownRow = z.infer<typeof BreakdownRow>;

export const BreakdownReportOutput = z.object({
  report: z.string(),
  from: z.string(),
  to: z.string(),
  group: z.string(),
  title: z.string(),
  /** How the figures are counted, in a sentence the screen shows. */
  note: z.string(),
  /** The label of the row header column ("Item", "Channel", …) and of the parent column, if any. */
  row_label: z.string(),
  parent_label: z.string().nullable(),
  columns: z.array(BreakdownColumn),
  /** The id of the column the chart draws. */
  chart: z.string(),
  rows: z.array(BreakdownRow),
  /** Column sums where a sum means something (null where it does not: percentages, goals). */
  totals: z.array(z.number().nullable()),
});
export type BreakdownReportOutput = z.infer<typeof BreakdownReportOutput>;
