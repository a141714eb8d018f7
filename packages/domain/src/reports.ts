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
