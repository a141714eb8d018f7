/**
 * Whether an error means the database could not be reached or dropped the connection (a restart,
 * a failover, pg_terminate_backend, a network cut) — a moment's unavailability, not a fault of the
 * request nor a bug: the request gets 503, and the next one may well succeed.
 */

/** Node's socket errors when the server is not there (or stops answering). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * PostgreSQL's: connection exceptions (class 08), admin_shutdown, crash_shutdown, cannot_connect_now
 * (starting up or shutting down), too_many_connections.
 */
const SERVER_CODES = /^(08\d{3}|57P0[123]|53300)$/;
/** node-postgres's own, which carry no code. */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || SERVER_CODES.test(e.code))) return true;
    if (typeof e.message === 'string' && CLIENT_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
