import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, createPool } from './client.ts';
import { knownMigrations, prepareDatabase, SchemaAheadError } from './prepare.ts';
import { createTestDatabase } from '../test/build.ts';

const quiet = { info: () => undefined };

const emptyDatabase = () => createTestDatabase({ empty: true });

describe('nodes starting together (issue #38, decision 0089)', () => {
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.end();
  });
  /** One node's pool and database handle, as main.ts makes them. */
  const node = (url: string) => {
    const pool = createPool(url, 4);
    pools.push(pool);
    return createDatabase(pool);
  };

  it('three nodes preparing one empty database at once all come up: migrated once, seeded once', { timeout: 60_000 }, async () => {
    const url = await emptyDatabase();
    const results = await Promise.allSettled([0, 1, 2].map(() => prepareDatabase(url, node(url), { seedDemo: true, log: quiet })));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const done = results.map((r) => (r as PromiseFulfilledResult<{ applied: string[]; seeded: boolean }>).value);
    // The first to hold the lock did everything; the others found nothing left to do.
    expect(done.filter((r) => r.seeded)).toHaveLength(1);
    expect(done.filter((r) => r.applied.length > 0)).toEqual([{ applied: knownMigrations().map((m) => m.tag), seeded: true }]);

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const { rows } = await check.query<{ migrations: number; restaurants: number }>(
        'SELECT (SELECT count(*) FROM drizzle.__drizzle_migrations)::int AS migrations, (SELECT count(*) FROM restaurants)::int AS restaurants',
      );
      expect(rows[0]).toEqual({ migrations: knownMigrations().length, restaurants: 2 });
      // The lock is given back: nothing holds Kusina's advisory lock once the nodes are up.
      const { rows: locks } = await check.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())");
      expect(locks).toEqual([]);
    } finally {
      await check.end();
    }
  });

  it('a database migrated by a newer build: the node says so and changes nothing', { timeout: 60_000 }, async () => {
    const url = await emptyDatabase();
    await prepareDatabase(url, node(url), { seedDemo: false, log: quiet });
    const newer = knownMigrations().at(-1)!.when + 60_000;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', ['from-a-newer-build', newer]);
      const attempt = prepareDatabase(url, node(url), { seedDemo: true, log: quiet });
      await expect(attempt).rejects.toBeInstanceOf(SchemaAheadError);
      await expect(attempt).rejects.toThrow(/schema is newer than this build: it has 1 migration\(s\) this build does not know/);
      // Refused before the seed: the empty database stays empty.
      const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM restaurants');
      expect(rows[0]!.n).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
