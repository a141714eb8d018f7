import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../db/availability.ts';
import type { DatabaseOutage } from '../db/outage.ts';

/** PostgreSQL's admin_shutdown: the server ended the session (shutdown, restart, pg_terminate_backend). */
const ADMIN_SHUTDOWN = '57P01';
/** PostgreSQL's deadlock_detected: it ended this transaction to let another one through. */
const DEADLOCK_DETECTED = '40P01';

/** pg-boss: the Postgres-backed queue. Each node runs workers; any node may send. */
export async function startJobs(databaseUrl: string, log: Logger, options: { poolSize?: number; outage?: DatabaseOutage } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    max: options.poolSize ?? 4,
    application_name: 'kusina-jobs',
  });
  boss.on('error', (error) => {
    // The server ended a connection (it is shutting down or restarting; our own shutdown stops the
    // embedded server right after pg-boss): pg-boss's pool reconnects, as the app's pool does.
    // While the database is away the queue fails every poll: counted in the outage's summary.
    if (options.outage && isDatabaseUnavailable(error)) return options.outage.report('jobs', error);
    const code = (error as { code?: string }).code;
    if (code === ADMIN_SHUTDOWN) log.warn({ error: error.message, code }, 'job queue connection ended by the server; it will reconnect');
    else log.error({ err: error }, 'job queue error');
  });
  await boss.start();
  // Nodes starting together on a new database create the same queues at once, and pg-boss's
  // create_queue adds each queue's partition and its foreign keys, which can deadlock two nodes
  // (seen with three nodes, issue #38). PostgreSQL ends one of them with 40P01; that one tries again
  // and finds the queue there. Every caller of createQueue goes through this.
  const createQueue = boss.createQueue.bind(boss);
  boss.createQueue = async (name, queueOptions) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await createQueue(name, queueOptions);
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  };
  return boss;
}
