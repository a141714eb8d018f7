import { parseArgs } from 'node:util';
import pino from 'pino';
import { readConfig } from './config.ts';
import { hasEmbeddedDatabase, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { SchemaAheadError } from './db/prepare.ts';
import { FirstRunError, runFirstRun } from './first-run.ts';
import { PromptCancelled, readPassword } from './read-password.ts';

/*
 * `npm run setup -- --email you@example.com --restaurant-name "Kusina"`: the operator's first run
 * (decision 0091). The password comes from standard input (one line), never from an argument:
 * arguments land in shell history and `ps`. It is never printed, and on a terminal it is not echoed
 * as it is typed (read-password.ts).
 */
const USAGE = 'Usage: npm run setup -- --email ADDRESS [--restaurant-name NAME] [--first-name NAME] [--last-name NAME] < password-file';

/** The command's report, on standard output (never the password). */
function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, 'restaurant-name': { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, password: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.password !== undefined) {
    console.error('--password: not accepted (it would stay in the shell history and in `ps`); give the password on standard input');
    return 2;
  }
  if (typeof values.email !== 'string') {
    console.error(`--email: required\n${USAGE}`);
    return 2;
  }
  const config = readConfig();
  const log = pino({ level: 'warn' }, pino.destination(2));
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL ?? runningEmbeddedUrl(config.dataDir) ?? undefined;
  if (!databaseUrl) {
    if (!hasEmbeddedDatabase(config.dataDir)) {
      console.error(`DATABASE_URL: not set, and there is no embedded database under DATA_DIR (${config.dataDir}); set DATABASE_URL to the deployment's database`);
      return 1;
    }
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
    databaseUrl = embedded.url;
  }
  try {
    const password = await readPassword(process.stdin, process.stderr);
    const result = await runFirstRun(
      databaseUrl,
      { email: values.email, password, restaurantName: values['restaurant-name'] as string | undefined, firstName: values['first-name'] as string | undefined, lastName: values['last-name'] as string | undefined },
      log,
    );
    if (result.migrationsApplied.length > 0) say(`Applied ${result.migrationsApplied.length} migration(s).`);
    say(result.restaurant.created ? `Created restaurant ${result.restaurant.id}, "${result.restaurant.name}".` : `Restaurant ${result.restaurant.id}, "${result.restaurant.name}", already exists; no restaurant created.`);
    say(result.user.created ? `Created super admin ${result.user.email}.` : `Updated ${result.user.email}: super admin with the new password; its sessions are signed out.`);
    return 0;
  } catch (error) {
    if (error instanceof FirstRunError || error instanceof SchemaAheadError || error instanceof PromptCancelled) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
