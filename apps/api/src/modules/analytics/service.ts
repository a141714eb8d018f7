import { sql } from 'drizzle-orm';
import { CHECKOUT_PATHS, CONFIRMATION_PATH_PATTERNS, isBackOfficePath } from '@kusina/domain/analytics-rules';
import type { AnalyticsBatchInput, VisitFunnelOutput, VisitFunnelQuery } from '@kusina/domain/analytics';
import { analyticsEvents } from '../../db/schema/index.ts';
import { reportRange } from '../../lib/report-range.ts';
import { loggedUrl } from '../../lib/logged-url.ts';
import { scopeRestaurant, type SessionUser } from '../../lib/access.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * First-party analytics (issue #37 item 5; decision 0117). The browser sends batches of page views,
 * page leaves and clicks; who the visitor is comes from the request's session (never from the
 * body), the restaurant from the site visited. Paths lose their query and any token-like segment;
 * back-office clicks lose their words. With ANALYTICS=posthog the batch is forwarded instead.
 */

const DAY_MS = 86_400_000;

export interface Visitor {
  restaurantId: number;
  user: SessionUser | null;
}

/** The event rows a batch becomes (times clamped to the last day, by the server's clock). */
function rowsOf(batch: AnalyticsBatchInput, visitor: Visitor, now: Date) {
  return batch.events.map((event) => {
    const path = loggedUrl(event.path.split('?')[0]!.split('#')[0]!).slice(0, 300);
    const at = Date.parse(event.at);
    const occurredAt = new Date(Math.min(now.getTime(), Math.max(now.getTime() - DAY_MS, at)));
    const target = event.type === 'click' && event.target ? (isBackOfficePath(path) ? event.target.split(':')[0]! : event.target).slice(0, 120) : null;
    return {
      restaurantId: visitor.restaurantId,
      sessionId: batch.session_id,
      anonymousId: batch.anonymous_id,
      userId: visitor.user?.id ?? null,
      role: visitor.user?.role ?? null,
      type: event.type,
      path,
      target,
      durationMs: event.type === 'page_leave' ? (event.duration_ms ?? null) : null,
      occurredAt,
    };
  });
}

/** POST /analytics/events: keep (or forward) one batch. */
export async function recordBatch(deps: Pick<ServiceDeps, 'db' | 'config' | 'clock' | 'log'>, visitor: Visitor, batch: AnalyticsBatchInput): Promise<void> {
  const rows = rowsOf(batch, visitor, deps.clock());
  if (deps.config.ANALYTICS === 'posthog') {
    await forwardToPostHog(deps, visitor, batch, rows);
    return;
  }
  await deps.db.insert(analyticsEvents).values(rows);
}

/**
 * PostHog's batch API: one capture per event, the visitor's distinct id their user id when signed in
 * (identified with e-mail, role and restaurant, as the spec's analytics does) or the anonymous id.
 * A failure is logged without the key and does not fail the page's request.
 */
async function forwardToPostHog(deps: Pick<ServiceDeps, 'config' | 'log'>, visitor: Visitor, batch: AnalyticsBatchInput, rows: ReturnType<typeof rowsOf>): Promise<void> {
  const { POSTHOG_HOST, POSTHOG_API_KEY } = deps.config;
  if (!POSTHOG_HOST || !POSTHOG_API_KEY) return;
  const distinctId = visitor.user ? `user-${visitor.user.id}` : batch.anonymous_id;
  const person = visitor.user ? { $set: { email: visitor.user.email, role: visitor.user.role, restaurant_id: visitor.restaurantId } } : {};
  const events = rows.map((row) => ({
    event: row.type === 'page_view' ? '$pageview' : row.type === 'page_leave' ? '$pageleave' : '$autocapture',
    distinct_id: distinctId,
    timestamp: row.occurredAt.toISOString(),
    properties: { $current_url: row.path, $session_id: row.sessionId, $anon_distinct_id: batch.anonymous_id, restaurant_id: row.restaurantId, target: row.target ?? undefined, duration_ms: row.durationMs ?? undefined, ...person },
  }));
  try {
    const response = await fetch(`${POSTHOG_HOST.replace(/\/$/, '')}/batch/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: POSTHOG_API_KEY, batch: events }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) deps.log.warn({ status: response.status }, 'analytics: PostHog refused a batch');
  } catch (error) {
    deps.log.warn({ err: (error as Error).message }, 'analytics: PostHog could not be reached');
  }
}

/**
 * GET /admin/analytics/visits: a restaurant's visits over Guam days `from`..`to` (inclusive), how
 * many reached checkout and how many ordered (viewed an order's confirmation). A visit is a session.
 */
export async function visitFunnel(deps: Pick<ServiceDeps, 'db'>, user: SessionUser, query: VisitFunnelQuery): Promise<VisitFunnelOutput> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id, 'admin');
  const { start, end } = reportRange(query.from, query.to);
  const checkout = sql.join(
    CHECKOUT_PATHS.map((path) => sql`${analyticsEvents.path} = ${path}`),
    sql` OR `,
  );
  const confirmation = sql.join(
    CONFIRMATION_PATH_PATTERNS.map((pattern) => sql`${analyticsEvents.path} LIKE ${pattern}`),
    sql` OR `,
  );
  const { rows } = await deps.db.execute<{ visits: number; reached_checkout: number; ordered: number }>(sql`
    SELECT count(DISTINCT ${analyticsEvents.sessionId})::int AS visits,
           count(DISTINCT ${analyticsEvents.sessionId}) FILTER (WHERE ${checkout})::int AS reached_checkout,
           count(DISTINCT ${analyticsEvents.sessionId}) FILTER (WHERE ${confirmation})::int AS ordered
      FROM ${analyticsEvents}
     WHERE ${analyticsEvents.restaurantId} = ${restaurantId}
       AND ${analyticsEvents.type} = 'page_view'
       AND ${analyticsEvents.occurredAt} >= ${start} AND ${analyticsEvents.occurredAt} < ${end}`);
  const row = rows[0] ?? { visits: 0, reached_checkout: 0, ordered: 0 };
  return { from: query.from, to: query.to, visits: row.visits, reached_checkout: row.reached_checkout, ordered: row.ordered };
}
