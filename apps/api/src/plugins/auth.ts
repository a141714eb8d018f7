import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Role } from '@kusina/domain/roles';
import { AppError } from '../lib/errors.ts';
import type { Config } from '../config.ts';
import type { Auth } from '../lib/access.ts';
import { sessionAuth as accountSession } from '../modules/accounts/service.ts';

export type { Auth } from '../lib/access.ts';

/**
 * The browser's session cookie (decision 0084): httpOnly, so no script on the page can read it;
 * SameSite=Lax, so other sites' requests do not carry it (and writes are checked by origin on top);
 * Secure when the site is served over https (config.cookieSecure). Path=/ so the Socket.IO
 * handshake carries it too.
 */
export const SESSION_COOKIE = 'kusina_session';

export interface TokenService {
  sign(input: { sessionId: string; userId: number; expiresAt: Date }): string;
  /** The session id a well-signed, unexpired token names; null for anything else. */
  verify(token: string): string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler: 401 unless the request carries a token of a live session. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: sets request.auth when a valid token is present; guests pass through. */
    identify: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** The value of cookie `name` in a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}

/** An API client's bearer token, else the browser's session cookie. */
function credential(request: FastifyRequest): string | null {
  return bearer(request) ?? readCookie(request.headers.cookie, SESSION_COOKIE);
}

function cookieAttributes(config: Pick<Config, 'cookieSecure'>, maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${config.cookieSecure ? '; Secure' : ''}`;
}

/** Hands the browser its session: the same signed token an API client gets, in the cookie. */
export function setSessionCookie(reply: FastifyReply, config: Pick<Config, 'cookieSecure'>, token: string, expiresAt: Date, now: Date): void {
  const maxAge = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  reply.header('set-cookie', `${SESSION_COOKIE}=${token}; ${cookieAttributes(config, maxAge)}`);
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'cookieSecure'>): void {
  reply.header('set-cookie', `${SESSION_COOKIE}=; ${cookieAttributes(config, 0)}`);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'This request did not come from this site, so it was refused. Reload the page and try again.';

/**
 * Whether a request's Origin (or, where a browser sends none, its Referer) names the site itself:
 * the host the request was sent to (every storefront host of RESTAURANT_HOSTS included),
 * PUBLIC_URL's origin, or one of CORS_ORIGINS. `null` names no site.
 */
function fromOwnSite(config: Pick<Config, 'publicUrl' | 'CORS_ORIGINS'>, headers: { origin?: string | undefined; referer?: string | undefined; host?: string | undefined }): boolean {
  const source = headers.origin ?? headers.referer;
  if (!source) return false;
  const url = parseUrl(source);
  // "null" (a sandboxed frame, a privacy redirect) names no site at all.
  if (!url || url.origin === 'null') return false;
  // The Host header read as an address of the same scheme, so a default port (":80") compares equal.
  const host = headers.host ? parseUrl(`${url.protocol}//${headers.host}`) : null;
  if (host && url.host === host.host) return true;
  return [config.publicUrl, ...config.CORS_ORIGINS].some((allowed) => parseUrl(allowed)?.origin === url.origin);
}

/**
 * Whether a request carrying the session cookie may be believed to be the site's own: it names the
 * site, or names no page at all (browsers name the origin of every cross-origin write and WebSocket,
 * so that is a same-origin read, a script or an API client). Decision 0084.
 */
export function notCrossSite(config: Pick<Config, 'publicUrl' | 'CORS_ORIGINS'>, headers: { origin?: string | undefined; referer?: string | undefined; host?: string | undefined }): boolean {
  if (headers.origin === undefined && headers.referer === undefined) return true;
  return fromOwnSite(config, headers);
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function createTokenService(secret: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', iss: 'kusina' });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: 'kusina', cache: 1000, ignoreExpiration: true });
  return {
    sign: ({ sessionId, userId, expiresAt }) =>
      signer({ sid: sessionId, sub: String(userId), exp: Math.floor(expiresAt.getTime() / 1000) }),
    verify: (token) => {
      try {
        // The session row is the truth about expiry, judged by the app's clock (useSession); the
        // token's exp is only a ceiling for clients that read it.
        const payload = verifier(token) as { sid?: unknown };
        return typeof payload.sid === 'string' ? payload.sid : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Resolves a session token (bearer header, cookie or Socket.IO handshake) to its live session's
 * user, judged by the app's clock; the use is recorded (sliding and idle limits, decision 0084).
 */
export async function resolveToken(app: FastifyInstance, token: string | null | undefined): Promise<Auth | null> {
  if (!token) return null;
  const sessionId = app.tokens.verify(token);
  return sessionId ? sessionAuth(app, sessionId) : null;
}

/** The session's user while it is live (a socket asks again on every subscribe), else null. */
export async function sessionAuth(app: FastifyInstance, sessionId: string): Promise<Auth | null> {
  return accountSession(app.deps, sessionId);
}

export default fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    app.decorate('tokens', createTokenService(options.secret));
    app.decorateRequest('auth', null);

    // CSRF (decision 0084): a write that a cookie would authenticate must not come from another
    // site. Browsers name the page's origin on every cross-origin write, so a request naming another
    // site (or `null`) is refused; one naming none is no browser's cross-site request (a script, an
    // API client keeping cookies) and passes, the SameSite=Lax cookie being the second lock. A
    // bearer token cannot be attached by another site's page, so bearer requests pass, and so do
    // requests without the cookie (nothing of the visitor's is at stake in them).
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method) || bearer(request) || !readCookie(request.headers.cookie, SESSION_COOKIE)) return done();
      const { origin, referer } = request.headers;
      if (notCrossSite(app.config, { origin, referer, host: request.host })) return done();
      done(AppError.forbidden(CROSS_SITE_MESSAGE));
    });

    app.decorate('identify', async (request: FastifyRequest) => {
      request.auth = await resolveToken(app, credential(request));
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = credential(request);
      if (!token) throw AppError.unauthorized();
      const auth = await resolveToken(app, token);
      if (!auth) throw AppError.unauthorized('Your session has ended. Please sign in again.');
      request.auth = auth;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in user, or 401. For handlers behind `authenticate`. */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw AppError.unauthorized();
  return request.auth;
}

/** preHandler factory: authenticated, and one of `roles`. */
function requireRole(app: FastifyInstance, ...roles: Role[]): preHandlerAsyncHookHandler {
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    await app.authenticate.call(this, request, reply);
    if (!roles.includes(requireAuth(request).user.role)) throw AppError.forbidden();
  };
}

export const requireStaff = (app: FastifyInstance) => requireRole(app, 'staff', 'admin', 'super_admin');
export const requireAdmin = (app: FastifyInstance) => requireRole(app, 'admin', 'super_admin');
/** Fundraiser management: admins, and organisers (decision 0124), whose scope each route then checks. */
export const requireFundraiserManager = (app: FastifyInstance) => requireRole(app, 'admin', 'super_admin', 'organiser');
