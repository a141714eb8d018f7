import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { createDatabase, createPool, type Database } from '../db/client.ts';
import { startJobs } from '../lib/jobs.ts';
import { users } from '../db/schema/index.ts';
import { createSession, sessionLifetime } from '../modules/accounts/sessions.ts';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  pool: pg.Pool;
  config: Config;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * A fresh database cloned from the migrated, seeded template; with `empty`, a brand-new one
 * (nothing migrated or seeded: what a first deploy meets).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<string> {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(options.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  } finally {
    await admin.end();
  }
  return `${serverUrl}/${name}`;
}

/**
 * The app on its own database, for `app.inject` tests (fastify/demo's build()). Call in
 * beforeAll and close in afterAll. Env overrides let a file tighten limits (rate limits…).
 */
/**
 * An app on a fresh database — or, with `databaseUrl`, another node on an existing one (with
 * `crossNode`, its Socket.IO reaches the other nodes' sockets through PostgreSQL, as in production).
 */
export async function build(
  env: Record<string, string> = {},
  options: { databaseUrl?: string; crossNode?: boolean; now?: () => Date; logStream?: { write(line: string): void } } = {},
): Promise<TestContext> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: `/tmp/kusina-test-data-${process.pid}`,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // Tests book and sign up to the same demo numbers again and again; the files about limits tighten these.
    MESSAGES_PER_DESTINATION_PER_HOUR: '100000',
    MESSAGES_PER_DESTINATION_PER_DAY: '100000',
    ...env,
  });
  // As in main.ts: a connection the server ends during an outage is counted in the app's outage log.
  const built: { app?: FastifyInstance } = {};
  const pool = createPool(databaseUrl, 10, (error) =>
    built.app && isDatabaseUnavailable(error) ? built.app.databaseOutage.report('connection', error) : console.error('idle database connection lost:', error.message),
  );
  const db = createDatabase(pool);
  const boss = await startJobs(databaseUrl, pino({ level: 'silent' }), { poolSize: 2 });
  const app = await buildApp({ config, pool, db, boss, jwtSecret: config.JWT_SECRET!, realtimeCrossNode: options.crossNode ?? false, ...(options.now ? { now: options.now } : {}), ...(options.logStream ? { logStream: options.logStream } : {}) });
  built.app = app;
  await app.ready();
  return {
    app,
    db,
    pool,
    config,
    databaseUrl,
    close: async () => {
      await app.close();
      await boss.stop({ graceful: false, wait: true });
      await pool.end();
    },
  };
}

/** app.inject with an optional bearer token. */
export function request(
  app: FastifyInstance,
  options: InjectOptions & { token?: string | undefined },
): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

/**
 * A bearer token for a demo account, made directly from a session (no password hashing per test):
 * the lifetime of the account's role, started at the app's clock.
 */
export async function tokenFor(app: FastifyInstance, db: Database, email: string): Promise<string> {
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`no demo user ${email}`);
  const session = await createSession(db, { userId: user.id, lifetime: sessionLifetime(app.config, user.role), now: app.clock() });
  return app.tokens.sign({ sessionId: session.id, userId: user.id, expiresAt: session.expiresAt });
}

export { DEMO_PASSWORD };
