/**
 * Where to go after signing in: back to the page that sent the visitor to /login (the guard
 * puts it in location.state.from), else home. Only same-site paths, never the account pages.
 */
const ACCOUNT_ENTRY = ['/login', '/signup', '/forgot-password', '/reset-password'];

export function redirectTarget(state: unknown, fallback = '/'): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return fallback;
  if (ACCOUNT_ENTRY.includes(from.pathname)) return fallback;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}
