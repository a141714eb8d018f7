/**
 * The request URL as the log keeps it (issue #33): tokens never reach the log. Guest links carry
 * their token in the query (orders, fundraiser orders, password resets) or as a path segment
 * (a reservation's link, its API and its page), so the query string is dropped whole and any path
 * segment that looks like a token — 20 or more URL-safe characters, which no route name or numeric
 * id reaches — is replaced. UUIDs (payment ids) are not secrets and stay readable.
 */
const TOKEN_SEGMENT = /^[\w-]{20,}$/;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const safePath = path
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) && !UUID.test(segment) ? ':token' : segment))
    .join('/');
  return queryAt === -1 ? safePath : `${safePath}?[query hidden]`;
}
