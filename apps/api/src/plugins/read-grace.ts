import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { acceptsGzip } from '../lib/accept-encoding.ts';

/** The header a stale answer carries, so a client can say the page may be out of date. */
const STALE_HEADER = 'x-kusina-stale';
/** Kept at most: answers differ by path, query and host, and the menu's free-text search is open-ended. */
const MAX_ANSWERS = 500;
const KEPT_HEADERS = ['content-type', 'content-encoding', 'etag', 'vary'] as const;

interface Answer {
  at: number;
  payload: string | Buffer;
  headers: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readGrace: ReadGrace;
  }
}

/**
 * Read-only grace (issue #38, decision 0088): the last good answer of each public read that asks
 * for it (menu, restaurant, hours, fundraisers — the route adds `onSend: app.readGrace.remember`),
 * kept in memory and consulted ONLY when the database cannot be reached, by the error handler that
 * would otherwise answer 503. It is never a second way to serve on the happy path: a read always
 * runs its own route first. An answer older than READ_GRACE_SECONDS is not served; a write still
 * gets its 503.
 */
export class ReadGrace {
  private readonly answers = new Map<string, Answer>();

  constructor(
    private readonly graceMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The route's onSend hook: keeps a 200's payload, as sent, under its host, URL and encoding. */
  readonly remember: onSendHookHandler = (request, reply, payload, done) => {
    if (this.graceMs > 0 && reply.statusCode === 200 && !reply.hasHeader(STALE_HEADER) && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const key = this.key(request, headers['content-encoding'] === 'gzip');
      // Re-inserted, so the Map's order is least recently served first.
      this.answers.delete(key);
      this.answers.set(key, { at: this.now(), payload, headers });
      if (this.answers.size > MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    }
    done(null, payload);
  };

  /**
   * Answers `request` from memory, if a fresh enough answer is kept: 200, its body and headers,
   * marked stale (x-kusina-stale, Warning 110, Age). False when there is none.
   */
  serve(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' || this.graceMs === 0) return false;
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    const answer = (gzip ? this.answers.get(this.key(request, true)) : undefined) ?? this.answers.get(this.key(request, false));
    if (!answer) return false;
    const ageMs = this.now() - answer.at;
    if (ageMs > this.graceMs) return false;
    void reply
      .status(200)
      .headers(answer.headers)
      .header(STALE_HEADER, '1')
      .header('warning', '110 - "Response is Stale"')
      .header('age', String(Math.floor(ageMs / 1000)))
      .header('cache-control', 'no-store')
      .send(answer.payload);
    return true;
  }

  private key(request: FastifyRequest, gzip: boolean): string {
    return `${gzip ? 'gzip' : 'identity'} ${request.host} ${request.url}`;
  }
}
