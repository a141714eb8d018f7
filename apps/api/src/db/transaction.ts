import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './client.ts';
import * as schema from './schema/index.ts';

export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

export interface TransactionContext {
  /** Drizzle bound to the transaction's connection. */
  tx: Database;
  /** The same connection, for libraries that take raw SQL inside the transaction (pg-boss `db`). */
  client: pg.PoolClient;
}

/**
 * One Drizzle instance per pooled connection, made on its first transaction and reused after:
 * building one per transaction (schema relations included) showed up in the checkout profile.
 * Keyed weakly, so a connection the pool discards takes its instance with it.
 */
const bound = new WeakMap<pg.PoolClient, Database>();
function drizzleFor(client: pg.PoolClient): Database {
  let db = bound.get(client);
  if (!db) {
    db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
    bound.set(client, db);
  }
  return db;
}

const BEGIN: Record<Isolation, string> = {
  'read committed': 'BEGIN ISOLATION LEVEL READ COMMITTED',
  'repeatable read': 'BEGIN ISOLATION LEVEL REPEATABLE READ',
  serializable: 'BEGIN ISOLATION LEVEL SERIALIZABLE',
};

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock

/**
 * Runs `fn` in one transaction on one connection, committing on success and rolling back on any
 * throw. Serialization failures and deadlocks are retried (up to 3 attempts) because they mean
 * "another request won the race; try again against the new state", never a user error.
 *
 * BEGIN is not awaited: on the pool's pipelined connections (createPool) it is written at once and
 * `fn`'s first statement follows it without waiting for its answer. PostgreSQL runs them in order,
 * so that statement runs inside the transaction. Should BEGIN ever fail, the connection is closed
 * at once (its error arrives before the first statement's answer), so nothing `fn` sends
 * afterwards can run outside a transaction, and the pool discards that connection.
 */
export async function transaction<T>(
  pool: pg.Pool,
  fn: (ctx: TransactionContext) => Promise<T>,
  options: { isolation?: Isolation; attempts?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let beginError: Error | null = null;
    let committing = false;
    try {
      client.query(BEGIN[options.isolation ?? 'read committed'], (error) => {
        if (!error) return;
        beginError = error;
        void client.end().catch(() => undefined);
      });
      const result = await fn({ tx: drizzleFor(client), client });
      if (beginError) throw beginError as Error;
      committing = true;
      const committed = await client.query('COMMIT');
      // COMMIT in a failed transaction answers ROLLBACK, without an error.
      if (committed.command !== 'COMMIT') throw new Error('the transaction was rolled back: a statement in it failed');
      return result;
    } catch (error) {
      // Once a COMMIT is sent, the transaction ends with it (committed or rolled back).
      if (!committing && !beginError) await client.query('ROLLBACK').catch(() => undefined);
      const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (attempt < attempts && code && RETRYABLE.has(code)) continue;
      throw error;
    } finally {
      client.release(beginError ?? undefined);
    }
  }
}

/** Postgres unique_violation, seen directly or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e.code ? e : (e.cause ?? {});
  return inner.code === '23505' && (constraint === undefined || inner.constraint === constraint);
}
