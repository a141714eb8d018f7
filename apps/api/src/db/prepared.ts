import type { Database } from './client.ts';

/**
 * A query built once per Drizzle instance (the pool's, or a pooled connection's — see
 * transaction.ts) and then only executed: hot fixed-shape queries skip Drizzle's SQL building, and
 * a named one is parsed by PostgreSQL once per connection. Build it with `sql.placeholder(...)`
 * and `.prepare('unique_name')`.
 */
export function preparedQuery<T extends object>(build: (db: Database) => T): (db: Database) => T {
  const cache = new WeakMap<Database, T>();
  return (db) => {
    let query = cache.get(db);
    if (query === undefined) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}
