import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** pg-boss: the Postgres-backed queue. Each node runs workers; any node may send. */
export async function startJobs(databaseUrl: string, log: Logger, options: { poolSize?: number } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    max: options.poolSize ?? 4,
    application_name: 'kusina-jobs',
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
