import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Database } from '../client.ts';
import { isEmpty, seedDemo } from './demo.ts';
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts.ts';

/**
 * Seeds the demo when the operator asked for it (SEED_DEMO, on by default only on the embedded
 * database) and the database is empty. Whether such a start is allowed at all in production was
 * decided by loadConfig (decision 0086).
 */
export async function seedDemoIfAsked(db: Database, config: Config, log: Logger): Promise<boolean> {
  if (!config.seedDemo || !(await isEmpty(db))) return false;
  await seedDemo(db);
  log.info('demo data seeded');
  return true;
}

/**
 * The line that says the server is up. A demo lists its accounts; the password is printed only
 * off a live deployment (the embedded demo, development), so a production log never holds one.
 */
export function logRunning(log: Logger, config: Config): void {
  if (!config.seedDemo) {
    log.info(`Kusina is running at ${config.publicUrl}`);
    return;
  }
  log.info(
    {
      accounts: demoAccounts.map((a) => `${a.role}: ${a.email}`),
      ...(config.liveDeployment ? {} : { password: DEMO_PASSWORD }),
    },
    `Kusina is running at ${config.publicUrl}`,
  );
}
