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
 * A connection that the server ends (a restart, a failover, an administrator) surfaces as an
 * 'error' event, on the pool when it is idle and on the connection itself when it is in use;
 * without a listener Node would end the process. The pool drops that connection and opens a new
 * one on the next query, so logging it is all that is needed.
 *
 * Connections are pipelined (pg's `pipeline` mode): a query is written as soon as it is issued
 * instead of after the previous one's answer. Code that awaits each query behaves exactly as
 * before (PostgreSQL still runs them one after the other, in order); a transaction's BEGIN travels
 * with its first statement (see transaction.ts), which saves a round trip per transaction.
 */
export function createPool(url: string, max = 20, onIdleError: (error: Error) => void = (error) => console.error('idle database connection lost:', error.message)): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    // A server that does not answer at all (a host gone, a network cut) fails a request in 5 s (a
    // 503) instead of holding it until the client gives up.
    connectionTimeoutMillis: 5_000,
    application_name: 'kusina',
    pipeline: true,
  });
  pool.on('error', onIdleError);
  // A connection the server ends while it is checked out (a transaction between statements, a
  // LISTEN connection) emits 'error' too, where the pool listens only to idle ones: without this
  // listener that would end the process. Its query fails instead, and the pool drops it on release.
  const onActiveError = (error: Error) => onIdleError(error);
  pool.on('acquire', (client) => client.on('error', onActiveError));
  pool.on('release', (_error, client) => client.removeListener('error', onActiveError));
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool, { schema, casing: 'snake_case' });
}
