import { z } from 'zod';
import { ANALYTICS_BATCH_MAX, ANALYTICS_EVENT_TYPES } from './analytics-rules.ts';

/* The analytics contract (issue #37 item 5; decision 0117). */

const clientId = z.string().regex(/^[\w-]{8,64}$/, 'An id of 8 to 64 letters, digits, - or _');

export const AnalyticsEventInput = z
  .object({
    type: z.enum(ANALYTICS_EVENT_TYPES),
    /** The page's path, without its query (the server hides token-like segments again). */
    path: z.string().min(1).max(300).startsWith('/', 'A path starts with /'),
    /** When it happened, by the browser's clock (the server clamps it to the last day). */
    at: z.iso.datetime(),
    /** A click's target: the element and, off the back office, its words. */
    target: z.string().max(120).optional(),
    /** A page leave: how long the page was shown. */
    duration_ms: z.int().min(0).max(86_400_000).optional(),
  })
  .strict();
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventInput>;

export const AnalyticsBatchInput = z
  .object({
    /** The browser's lasting anonymous id (in memory only when storage is blocked). */
    anonymous_id: clientId,
    /** The visit: renewed after ANALYTICS_IDLE_SESSION_SECONDS without activity. */
    session_id: clientId,
    events: z.array(AnalyticsEventInput).min(1).max(ANALYTICS_BATCH_MAX),
  })
  .strict();
export type AnalyticsBatchInput = z.infer<typeof AnalyticsBatchInput>;

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');
export const VisitFunnelQuery = z.object({
  from: calendarDate,
  to: calendarDate,
  restaurant_id: z.coerce.number().int().min(1).max(2147483647).optional(),
});
export type VisitFunnelQuery = z.infer<typeof VisitFunnelQuery>;

export const VisitFunnelOutput = z.object({
  from: z.string(),
  to: z.string(),
  visits: z.int(),
  reached_checkout: z.int(),
  ordered: z.int(),
});
export type VisitFunnelOutput = z.infer<typeof VisitFunnelOutput>;
