import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts.ts';

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
