import { z } from 'zod';

/** The one error shape of every API failure (ARCHITECTURE.md, CONVENTIONS.md §7). */
export const ErrorOutput = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorOutput = z.infer<typeof ErrorOutput>;

export const ErrorCodes = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  /** The database cannot be reached for now (a restart, a failover): try again in a moment. */
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;
