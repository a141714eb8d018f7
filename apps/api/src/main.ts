import pino from 'pino';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { createDatabase, createPool } from './db/client.ts';
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

  const pool = createPool(databaseUrl, 20, (error) =>
    log.warn({ error: error.message, code: (error as { code?: string }).code }, 'idle database connection lost; the pool will reconnect'),
  );
  const db = createDatabase(pool);
  // Migrations and the demo seed (when asked: decision 0086) under an advisory lock: nodes may
  // start together (decision 0089).
  await prepareDatabase(databaseUrl, db, { seedDemo: config.seedDemo, log });
  const boss = await startJobs(databaseUrl, log);
  const app = await buildApp({ config, pool, db, boss, jwtSecret: loadJwtSecret(config.JWT_SECRET, config.dataDir), serveWeb: true });

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
