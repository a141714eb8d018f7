import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCodes } from '@kusina/domain/errors';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { AppError } from '../lib/errors.ts';

/** What a request hears while PostgreSQL cannot be reached. */
const DATABASE_UNAVAILABLE_MESSAGE = 'Kusina is briefly unavailable. Please try again in a moment.';

/** `/body/user/email` → `user.email`; the body prefix is implied for forms. */
function fieldName(instancePath: string, missingProperty?: unknown): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof missingProperty === 'string') parts.push(missingProperty);
  return parts.join('.') || 'body';
}

/**
 * One error shape for every failure: `{ error: { code, message, details } }`.
 * Validation names the field; 5xx never leaks internals (the log has them, with the request id).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A limit says when to try again in the standard header too, not only in the body.
      const retryAfter = (error.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
      if (error.httpStatus === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(error.httpStatus).send({
        error: { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) },
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, (issue.params as { missingProperty?: unknown })?.missingProperty);
        fields[name] ??= issue.message ?? 'Invalid value';
      }
      const [firstMessage] = Object.values(fields);
      return reply.status(400).send({
        error: { code: ErrorCodes.validation, message: firstMessage ?? 'Invalid request', details: { fields } },
      });
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ error: { code: ErrorCodes.internal, message: 'Something went wrong. Please try again.' } });
    }

    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        error: { code: ErrorCodes.rateLimited, message: 'Too many requests. Please wait a minute and try again.' },
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type…
      return reply.status(status).send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
    }

    if (isDatabaseUnavailable(error)) {
      // A public read this node served a moment ago is answered from memory, marked stale (0088).
      if (app.readGrace.serve(request, reply)) {
        app.databaseOutage.report('stale_read', error);
        return reply;
      }
      // Counted in the outage's summary, not a line (with SQL and stack) per request (issue #38).
      app.databaseOutage.report('request', error);
      return reply.status(503).header('retry-after', '5').send({ error: { code: ErrorCodes.unavailable, message: DATABASE_UNAVAILABLE_MESSAGE } });
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: ErrorCodes.internal, message: 'Something went wrong. Please try again.' } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: { code: ErrorCodes.notFound, message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
  });
}
