import type pg from 'pg';

/** The statement the Socket.IO postgres adapter publishes with (@socket.io/postgres-adapter, PubSubClient). */
const ADAPTER_NOTIFY = 'SELECT pg_notify($1, $2)';
/** Many notifications in one statement, in the order given (delivered in that order, at its commit). */
const NOTIFY_MANY = 'SELECT pg_notify(n.channel, n.payload) FROM unnest($1::text[], $2::text[]) AS n(channel, payload)';

/** Told when the adapter's LISTEN connection ends and when a LISTEN on a new one succeeds. */
export interface ListenWatch {
  lost(): void;
  listening(): void;
}

interface Pending {
  channel: string;
  payload: string;
  resolve: (result: pg.QueryResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The pool as the Socket.IO adapter sees it: its `pg_notify` calls made in the same turn of the
 * event loop go out as ONE statement (many emits in one turn cost one round trip), its LISTEN
 * connection is given back to the pool once the server ends it, and everything else (attachments)
 * goes to the pool as it is. Each caller's promise settles with the shared statement.
 */
export function notifyCoalescingPool(pool: pg.Pool, listen: ListenWatch = { lost: () => undefined, listening: () => undefined }): pg.Pool {
  let pending: Pending[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    pool.query(NOTIFY_MANY, [batch.map((n) => n.channel), batch.map((n) => n.payload)]).then(
      (result) => batch.forEach((n) => n.resolve(result)),
      (error: unknown) => batch.forEach((n) => n.reject(error)),
    );
  };
  const query = (text: unknown, values?: unknown) => {
    if (text === ADAPTER_NOTIFY && Array.isArray(values) && values.length === 2) {
      return new Promise<pg.QueryResult>((resolve, reject) => {
        if (pending.length === 0) setImmediate(flush);
        pending.push({ channel: String(values[0]), payload: String(values[1]), resolve, reject });
      });
    }
    return (pool.query as (text: unknown, values?: unknown) => Promise<pg.QueryResult>)(text, values);
  };
  // The adapter's LISTEN connection: it reconnects by itself when the connection ends, but never
  // gives the old one back to the pool. Released (and so destroyed) here once the server ends it,
  // so a database restart does not cost the pool a connection each time.
  const connect = async () => {
    const client = await pool.connect();
    const poolRelease = client.release.bind(client);
    let released = false;
    const release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.query = ownQuery;
      client.removeListener('end', onEnd);
      poolRelease(error);
    };
    const onEnd = () => {
      release(true);
      listen.lost();
    };
    client.once('end', onEnd);
    client.release = release;
    // The adapter LISTENs on this connection right after taking it (one LISTEN per namespace):
    // the first that succeeds makes this connection the one that hears the other nodes.
    // Put back on release: the pool may hand the connection to another caller.
    const ownQuery = client.query;
    let heard = false;
    client.query = ((...args: unknown[]) => {
      const result = (ownQuery as (...a: unknown[]) => unknown).apply(client, args);
      const [text] = args;
      if (!heard && typeof text === 'string' && text.startsWith('LISTEN ') && result instanceof Promise) {
        void (result as Promise<unknown>).then(
          () => {
            if (heard || released) return;
            heard = true;
            listen.listening();
          },
          () => undefined,
        );
      }
      return result;
    }) as typeof client.query;
    return client;
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'connect') return connect;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
