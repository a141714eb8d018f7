import { ErrorCodes } from '@kusina/domain/errors';

/**
 * The one error a service throws. Only the HTTP layer (plugins/error-handler.ts) turns it into a
 * status and the `{ error: { code, message, details } }` body.
 */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly httpStatus: number,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(message: string, fields?: Record<string, string>): AppError {
    return new AppError(ErrorCodes.validation, 422, message, fields ? { fields } : undefined);
  }
  static unauthorized(message = 'Please sign in to continue.'): AppError {
    return new AppError(ErrorCodes.unauthorized, 401, message);
  }
  static forbidden(message = 'You do not have permission to do that.'): AppError {
    return new AppError(ErrorCodes.forbidden, 403, message);
  }
  static notFound(message = 'Not found.'): AppError {
    return new AppError(ErrorCodes.notFound, 404, message);
  }
  static conflict(message: string, details?: unknown): AppError {
    return new AppError(ErrorCodes.conflict, 409, message, details);
  }
  static tooManyRequests(message: string, details?: unknown): AppError {
    return new AppError(ErrorCodes.rateLimited, 429, message, details);
  }
}
