import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { MenuCache } from './modules/menu/cache.ts';
import type { FundraiserListCache } from './modules/wholesale/list-cache.ts';
import type { TokenService } from './plugins/auth.ts';
import type { Realtime } from './realtime/socket.ts';

/**
 * What every service is given (decision 0095): a service's entry points take this object, or a
 * `Pick` of it, as their first argument — never the Fastify instance, never a bare database.
 * Routes pass `app.deps`, built once when the app starts; tests pass the parts a service uses.
 * A function that joins its caller's transaction takes that `tx` instead (and says so by the name).
 */
export interface ServiceDeps {
  db: Database;
  /** For transactions (db/transaction.ts) and the few raw statements. */
  pool: pg.Pool;
  config: Config;
  log: FastifyBaseLogger;
  /** pg-boss: jobs are sent through it. */
  boss: PgBoss;
  /** Socket.IO rooms; services emit after commit. */
  realtime: Realtime;
  /** The clock opening hours, sessions and limits are judged by: the real one, or a test's. */
  clock: () => Date;
  menuCache: MenuCache;
  /** The shop's fundraiser list, invalidated across nodes (decision 0126). */
  wholesaleListCache: FundraiserListCache;
  tokens: TokenService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' dependencies, built once (app.ts); routes hand these to services. */
    deps: ServiceDeps;
  }
}

/** The services' dependencies from a started app (its plugins registered). */
export function serviceDeps(app: FastifyInstance): ServiceDeps {
  return {
    db: app.db,
    pool: app.pool,
    config: app.config,
    log: app.log,
    boss: app.boss,
    realtime: app.realtime,
    clock: () => app.clock(),
    menuCache: app.menuCache,
    wholesaleListCache: app.wholesaleListCache,
    tokens: app.tokens,
  };
}
