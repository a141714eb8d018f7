import type { ErrorOutput } from '@kusina/domain/errors';
import { currentRenderScope } from './restaurant-id.ts';

/**
 * The one fetch wrapper (CONVENTIONS.md §8): JSON in and out, the session's httpOnly cookie sent by
 * the browser (no script here ever holds the session, decision 0084), and a non-2xx turned into an
 * ApiError carrying the server's `{ error: { code, message, details } }`. A 401 while signed in
 * ends the local session (listeners redirect to sign-in).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Per-field messages of a validation error, e.g. { phone: 'Phone must be …' }. */
  get fields(): Record<string, string> {
    const fields = (this.details as { fields?: Record<string, string> } | undefined)?.fields;
    return fields ?? {};
  }
}

type SignedInSource = () => boolean;

/** A server render answers the page's queries in-process (its scope's transport, entry-server.tsx); the browser uses fetch. */
const send: typeof fetch = (input, init) => (currentRenderScope()?.transport ?? fetch)(input, init);

let signedInSource: SignedInSource = () => false;
const unauthorizedListeners = new Set<() => void>();

/** The auth store says, once, at start-up, how to tell whether the page thinks it is signed in. */
export function setSignedInSource(source: SignedInSource): void {
  signedInSource = source;
}

export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** A 401 answers the caller's question (is the session still live?) and ends nothing by itself. */
  quietUnauthorized?: boolean;
  query?: Record<string, string | number | boolean | null | undefined>;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = path.startsWith('/api/') || path.startsWith('http') ? path : `/api/v1${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, query, headers, quietUnauthorized, ...init } = options;
  const signedIn = signedInSource();
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await send(buildUrl(path, query), {
      // Same-origin: the session cookie goes with every call, and never to another origin.
      credentials: 'same-origin',
      ...init,
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'You appear to be offline. Check your connection and try again.');
  }

  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as Partial<ErrorOutput> | null)?.error;
    if (response.status === 401 && signedIn && !quietUnauthorized) unauthorizedListeners.forEach((listener) => listener());
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? (response.status >= 500 ? 'Something went wrong. Please try again.' : response.statusText),
      error?.details,
    );
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
