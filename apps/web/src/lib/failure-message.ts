import { ApiError } from './api-client.ts';

/** The spec's failure toast, and the server's reason under it when it gave one (decisions 0061, 0068). */
export function failureMessage(spec: string, error: unknown): string {
  const reason = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : null;
  return reason && reason !== spec ? `${spec}\n${reason}` : spec;
}
