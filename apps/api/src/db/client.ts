import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; services pass it down so one write and its checks share one transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

// bigint counts and numeric come back as strings by default; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * An idle connection that the server ends (a restart, a failover, an administrator) surfaces as an
 * 'error' event on the pool; without a listener Node would crash the process. The pool drops that
 * connection and opens a new one on the next query, so logging it is all that is needed.
 *
 * Connections are pipelined (pg's `pipeline` mode): a query is written as soon as it is issued
 * instead of after the previous one's answer. Code that awaits each query behaves exactly as
 * before (PostgreSQL still runs them one after the other, in order); a transaction's BEGIN travels
 * with its first statement (see transaction.ts), which saves a round trip per transaction.
 */
export function createPool(url: string, max = 20, onIdleError: (error: Error) => void = (error) => console.error('idle database connection lost:', error.message)): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, application_name: 'kusina', pipeline: true });
  pool.on('error', onIdleError);
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool, { schema, casing: 'snake_case' });
}
