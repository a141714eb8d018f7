import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Per-client limit of the public forms and guest links (RESERVATION_RATE_LIMIT_PER_MINUTE): a
 * booking, a reservation's guest link, the waitlist's join and follow link. Counted in PostgreSQL,
 * so every node sees one count (decision 0085).
 */
export function guestRateLimit(app: FastifyInstance) {
  return perClientRateLimit(app.config.RESERVATION_RATE_LIMIT_PER_MINUTE);
}

/** A route's per-client limit of `max` requests a minute, answered with the app's 429 and when to retry. */
export function perClientRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        AppError.tooManyRequests('Too many requests. Please wait a minute and try again.', { retry_after_seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    },
  };
}
