import pino from 'pino';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { isDatabaseUnavailable } from './db/availability.ts';
import { createDatabase, createPool } from './db/client.ts';
import { DatabaseOutage } from './db/outage.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { prepareDatabase, SchemaAheadError } from './db/prepare.ts';
import { logRunning } from './db/seed/demo-start.ts';
import { startJobs } from './lib/jobs.ts';
import { loadJwtSecret } from './lib/secrets.ts';

async function main(): Promise<void> {
  const config = readConfig();
  const log = pino({ level: config.LOG_LEVEL === 'silent' ? 'silent' : config.LOG_LEVEL, name: 'kusina' });

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, log });
    databaseUrl = embedded.url;
    log.info({ dataDir: config.dataDir }, 'embedded PostgreSQL started');
  }

  // One account of an outage for the pool, the job queue and the requests (issue #38).
  const outage = new DatabaseOutage(log);
  const pool = createPool(databaseUrl, 20, (error) =>
    isDatabaseUnavailable(error)
      ? outage.report('connection', error)
      : log.warn({ error: error.message, code: (error as { code?: string }).code }, 'idle database connection lost; the pool will reconnect'),
  );
  const db = createDatabase(pool);
  // Migrations and the demo seed (when asked: decision 0086) under an advisory lock: nodes may
  // start together (decision 0089).
  await prepareDatabase(databaseUrl, db, { seedDemo: config.seedDemo, log });
  // pg-boss 10 completes and fails a worker's jobs without awaiting it (manager.js, onFetch): when
  // the database goes away at that moment the rejection is nobody's, and Node would end the node
  // (seen restarting PostgreSQL under orders, issue #38). The job stays active and its expiry
  // retries it; anything else unhandled still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) return outage.report('jobs', reason);
    log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  const boss = await startJobs(databaseUrl, log, { outage });
  const app = await buildApp({ config, pool, db, boss, jwtSecret: loadJwtSecret(config.JWT_SECRET, config.dataDir), serveWeb: true, outage });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app.close();
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
      await pool.end();
      await embedded?.stop();
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  logRunning(log, config);
}

main().catch((error: unknown) => {
  // A schema this build cannot run on is the operator's to fix: the reason, without a stack.
  console.error(error instanceof SchemaAheadError ? error.message : error);
  process.exit(1);
});
