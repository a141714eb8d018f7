import type pg from 'pg';
import { AppError } from './errors.ts';

/**
 * The abuse limits, counted in PostgreSQL (table rate_limits) so that every API node behind one
 * address counts together (decision 0085). A counter is a scope (what is limited: `code-client`,
 * `login-failures`, `sms-destination`…) and a key (who or what: an address, an e-mail, a phone);
 * it counts in fixed windows that start again once `window_ends_at` has passed.
 *
 * One statement per check, whatever the number of counters (an upsert over unnest): the guarded
 * routes pay one round trip, and no other route pays anything. While PostgreSQL cannot be reached
 * the statement fails like every other query, and the request gets the usual 503.
 */

export interface Counter {
  scope: string;
  key: string;
  /** Hits allowed in one window; the next one is refused. */
  max: number;
  windowMs: number;
}

export interface CounterState {
  scope: string;
  key: string;
  hits: number;
  max: number;
  windowEndsAt: Date;
}

/** A pool, or a transaction's connection (a count that should stand or fall with the transaction's write). */
export type Queryable = pg.Pool | pg.PoolClient;

/** Keys are kept short: an over-long e-mail or code is still one key, not a way to bloat the table. */
const keyOf = (key: string) => key.slice(0, 200);

const HIT_SQL = `
INSERT INTO rate_limits AS r (scope, key, hits, window_ends_at, last_hit_at)
SELECT t.scope, t.key, 1, t.ends, $4::timestamptz
FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS t(scope, key, ends)
ON CONFLICT (scope, key) DO UPDATE SET
  hits = CASE WHEN r.window_ends_at <= EXCLUDED.last_hit_at THEN 1 ELSE r.hits + 1 END,
  window_ends_at = CASE WHEN r.window_ends_at <= EXCLUDED.last_hit_at THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END,
  last_hit_at = EXCLUDED.last_hit_at
RETURNING scope, key, hits, window_ends_at`;

/** One in this many hits also deletes the rows whose window ended an hour ago (no job to run). */
const PRUNE_EVERY = 200;

/**
 * Counts one hit on each counter (all in one statement) and returns each counter's state.
 * Counters are sorted and de-duplicated first: two statements locking the same rows in different
 * orders could deadlock, and one upsert may not touch a row twice.
 */
export async function hit(pool: Queryable, now: Date, counters: Counter[]): Promise<CounterState[]> {
  const unique = new Map<string, Counter>();
  for (const counter of counters) unique.set(`${counter.scope}\u0000${keyOf(counter.key)}`, { ...counter, key: keyOf(counter.key) });
  const sorted = [...unique.values()].sort((a, b) => (a.scope === b.scope ? (a.key < b.key ? -1 : 1) : a.scope < b.scope ? -1 : 1));
  if (sorted.length === 0) return [];
  const result = await pool.query<{ scope: string; key: string; hits: number; window_ends_at: Date }>({
    name: 'rate_limit_hit',
    text: HIT_SQL,
    values: [sorted.map((c) => c.scope), sorted.map((c) => c.key), sorted.map((c) => new Date(now.getTime() + c.windowMs)), now],
  });
  if (Math.random() * PRUNE_EVERY < 1 && 'totalCount' in pool) {
    // Opportunistic (on a pool, never inside a caller's transaction): the answer does not wait for
    // it, and a failure only leaves rows for next time.
    pool.query('DELETE FROM rate_limits WHERE window_ends_at < $1', [new Date(now.getTime() - 3_600_000)]).catch(() => {});
  }
  return result.rows.map((row) => {
    const counter = unique.get(`${row.scope}\u0000${row.key}`)!;
    return { scope: row.scope, key: row.key, hits: row.hits, max: counter.max, windowEndsAt: row.window_ends_at };
  });
}

/** Seconds until a window ends (at least 1: "retry in 0 s" would invite a busy loop). */
export function secondsUntil(now: Date, at: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/**
 * Counts one hit on each counter and refuses (429, with when to retry) when any went past its max.
 * The refused hit still counts: a client that keeps knocking keeps its window full.
 */
export async function enforce(pool: Queryable, now: Date, counters: Counter[], message: string): Promise<void> {
  const states = await hit(pool, now, counters);
  let retryAfter = 0;
  for (const state of states) {
    if (state.hits > state.max) retryAfter = Math.max(retryAfter, secondsUntil(now, state.windowEndsAt));
  }
  if (retryAfter > 0) throw AppError.tooManyRequests(message, { retry_after_seconds: retryAfter });
}

/** A counter's current state without counting (null: no hit in the current window). */
export async function peek(pool: pg.Pool, now: Date, scope: string, key: string): Promise<{ hits: number; lastHitAt: Date; windowEndsAt: Date } | null> {
  const result = await pool.query<{ hits: number; last_hit_at: Date; window_ends_at: Date }>({
    name: 'rate_limit_peek',
    text: 'SELECT hits, last_hit_at, window_ends_at FROM rate_limits WHERE scope = $1 AND key = $2 AND window_ends_at > $3',
    values: [scope, keyOf(key), now],
  });
  const row = result.rows[0];
  return row ? { hits: row.hits, lastHitAt: row.last_hit_at, windowEndsAt: row.window_ends_at } : null;
}

/** Forgets a counter (a successful sign-in clears its account's failures). */
export async function clear(pool: pg.Pool, scope: string, key: string): Promise<void> {
  await pool.query({ name: 'rate_limit_clear', text: 'DELETE FROM rate_limits WHERE scope = $1 AND key = $2', values: [scope, keyOf(key)] });
}

/**
 * @fastify/rate-limit's `store` over the same table: the per-client limits that routes declare in
 * `config.rateLimit` (sign-in, bookings, guest links…) count on every node together. Each route
 * counts apart (its scope is `route:METHOD url`), as the plugin's in-memory store did.
 */
export function postgresRateLimitStore(pool: pg.Pool, clock: () => Date) {
  interface RouteParams {
    routeInfo?: { method?: string | string[]; url?: string };
  }
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  return class PostgresRateLimitStore {
    readonly scope: string;
    // At run time the plugin hands a child the route's merged limit options, the route under
    // `routeInfo` (its typings say RouteOptions), so only that is read.
    constructor(params?: object) {
      const route = (params as RouteParams | undefined)?.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      this.scope = route?.url ? `route:${method} ${route.url}` : 'route:*';
    }
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const now = clock();
      hit(pool, now, [{ scope: this.scope, key, max, windowMs: timeWindow }]).then(
        ([state]) => callback(null, { current: state!.hits, ttl: Math.max(0, state!.windowEndsAt.getTime() - now.getTime()) }),
        (error: Error) => callback(error),
      );
    }
    child(params: object): PostgresRateLimitStore {
      return new PostgresRateLimitStore(params);
    }
  };
}
