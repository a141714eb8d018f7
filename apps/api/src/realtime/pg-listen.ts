import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { ListenGaps } from './catch-up.ts';

const LISTEN_RETRY_MIN_MS = 500;
// At most 5 s between attempts: a cache is back within seconds of the database.
const LISTEN_RETRY_MAX_MS = 5_000;

export interface ListenOptions {
  /** The PostgreSQL channel (a plain identifier). */
  channel: string;
  /** This connection's name in ListenGaps and in the log. */
  source: string;
  /** application_name of the connection (pg_stat_activity). */
  applicationName: string;
  /** A notification's payload. */
  onNotification(payload: string | undefined): void;
  /** Whether the connection listens: false while it is down (a cache stores nothing then), true once it listens again. */
  setListening(listening: boolean): void;
}

/**
 * Keeps one dedicated connection LISTENing on a channel (the menu cache's, the fundraiser list's):
 * reconnects with back-off, reports each gap to ListenGaps (decision 0088) and says whether it
 * listens, since notifications sent while it was down are lost. Returns the function that stops it.
 */
export async function keepListening(app: FastifyInstance, options: ListenOptions): Promise<() => Promise<void>> {
  const gaps = app.hasDecorator('listenGaps') ? app.listenGaps : new ListenGaps(app.log, () => undefined);
  let client: pg.Client | null = null;
  let closing = false;
  let retryMs = LISTEN_RETRY_MIN_MS;
  let timer: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (closing || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
  };

  const connect = async () => {
    const next = new pg.Client({ ...app.pool.options, application_name: options.applicationName });
    let lost = false;
    // Once per connection, whatever the server's end brings ('error', then 'end', or a failed
    // connect). Its listeners stay: pg may emit another 'error' later, and an 'error' with no
    // listener would end the process.
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      // Until the connection is back, another node's change could be missed.
      options.setListening(false);
      if (closing) return;
      // Logged once per gap, not once per attempt (ListenGaps).
      gaps.lost(options.source, error);
      void next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotification(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
      if (closing) {
        await next.end();
        return;
      }
      if (lost) return;
      client = next;
      retryMs = LISTEN_RETRY_MIN_MS;
      options.setListening(true);
      // After a gap, this node's clients catch up (0088).
      gaps.listening(options.source);
    } catch (error) {
      onLost(error as Error);
    }
  };

  // A failed first attempt is retried in the background; reads go to the database meanwhile.
  await connect();
  return async () => {
    closing = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    options.setListening(false);
    if (current) await current.end().catch(() => undefined);
  };
}
