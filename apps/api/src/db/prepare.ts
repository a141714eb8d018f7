import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';
import { isEmpty, seedDemo } from './seed/demo.ts';

/**
 * The advisory lock every node takes around migrations and the demo seed (decision 0089): one
 * 64-bit key for Kusina's schema, so nodes of one database queue behind each other while other
 * applications' advisory locks on the same server are left alone. ('kusina' in ASCII.)
 */
export const SCHEMA_LOCK_KEY = 0x6b7573696e61n;

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this build carries (drizzle-kit's journal: each with the time drizzle records for it). */
export function knownMigrations(folder = migrationsFolder()): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** A database whose schema this build cannot run on: it has migrations the build does not know. */
export class SchemaAheadError extends Error {
  constructor(readonly unknown: number[], readonly newestKnown: string) {
    super(
      `The database's schema is newer than this build: it has ${unknown.length} migration(s) this build does not know ` +
        `(applied at ${unknown.map((when) => new Date(when).toISOString()).join(', ')}; this build's newest is ${newestKnown}). ` +
        'Start a build at least as new as the one that migrated the database; this node will not start.',
    );
    this.name = 'SchemaAheadError';
  }
}

/**
 * Compares the database's migrations journal (drizzle's __drizzle_migrations, by the time each
 * migration records) with this build's. Behind (the build has newer migrations) is fine: they are
 * applied next. Ahead (the database has one the build does not know) is refused before anything
 * runs: drizzle's migrator would silently skip the build's older migrations, and the node would
 * then fail on the first query that meets a column it does not expect.
 */
async function pendingMigrations(client: pg.ClientBase, known: JournalEntry[]): Promise<JournalEntry[]> {
  const { rows: table } = await client.query<{ present: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present");
  if (!table[0]?.present) return known;
  const { rows } = await client.query<{ created_at: string }>('SELECT created_at::text FROM drizzle.__drizzle_migrations');
  const applied = new Set(rows.map((row) => Number(row.created_at)));
  const knownTimes = new Set(known.map((entry) => entry.when));
  const unknown = [...applied].filter((when) => !knownTimes.has(when)).sort((a, b) => a - b);
  if (unknown.length > 0) throw new SchemaAheadError(unknown, known.at(-1)?.tag ?? '(none)');
  return known.filter((entry) => !applied.has(entry.when));
}

/**
 * Brings the database to this build's schema and, when asked and the database is empty, seeds the
 * demo data — under a session advisory lock held on a connection of its own, so any number of
 * nodes may start at once (a rolling deploy, a scaled-out restart): the first migrates and seeds,
 * the others wait for the lock, find nothing left to do and start. Without it two nodes on an
 * empty database both ran CREATE TABLE (one failed on pg_type's unique index) or both seeded (one
 * failed on restaurants_pkey). The lock is a session lock, so a node that dies holding it releases
 * it with its connection.
 */
export async function prepareDatabase(
  databaseUrl: string,
  db: Database,
  options: { seedDemo: boolean; log: Pick<Logger, 'info'> },
): Promise<{ applied: string[]; seeded: boolean }> {
  const { log } = options;
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: 'kusina-migrate' });
  // A server restart while waiting ends this connection; its query fails and so does the start.
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    const started = Date.now();
    await lock.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY.toString()]);
    const waitedMs = Date.now() - started;
    if (waitedMs > 1_000) log.info({ waitedMs }, 'schema lock acquired after another node released it');
    const pending = await pendingMigrations(lock, knownMigrations());
    if (pending.length > 0) {
      log.info({ migrations: pending.map((entry) => entry.tag) }, `applying ${pending.length} migration(s)`);
      await runMigrations(db);
    }
    let seeded = false;
    if (options.seedDemo && (await isEmpty(db))) {
      await seedDemo(db);
      seeded = true;
      log.info('demo data seeded');
    }
    await lock.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY.toString()]);
    return { applied: pending.map((entry) => entry.tag), seeded };
  } finally {
    await lock.end().catch(() => undefined);
  }
}
