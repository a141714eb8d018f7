import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createSigner, createVerifier } from 'fast-jwt';
import { isAdminRole, isStaffRole, type Role } from '@kusina/domain/roles';
import { AppError } from '../lib/errors.ts';
import { findSessionUser, type SessionUser } from '../modules/accounts/sessions.ts';

export interface Auth {
  user: SessionUser;
  sessionId: string;
}

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

export function createTokenService(secret: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', iss: 'kusina' });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: 'kusina', cache: 1000 });
  return {
    sign: ({ sessionId, userId, expiresAt }) =>
      signer({ sid: sessionId, sub: String(userId), exp: Math.floor(expiresAt.getTime() / 1000) }),
    verify: (token) => {
      try {
        const payload = verifier(token) as { sid?: unknown };
        return typeof payload.sid === 'string' ? payload.sid : null;
      } catch {
        return null;
      }
    },
  };
}

/** Resolves a bearer token (HTTP header or Socket.IO handshake) to its live session's user. */
export async function resolveToken(app: FastifyInstance, token: string | null | undefined): Promise<Auth | null> {
  if (!token) return null;
  const sessionId = app.tokens.verify(token);
  if (!sessionId) return null;
  const user = await findSessionUser(app.db, sessionId);
  return user ? { user, sessionId } : null;
}

export default fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    app.decorate('tokens', createTokenService(options.secret));
    app.decorateRequest('auth', null);

    app.decorate('identify', async (request: FastifyRequest) => {
      request.auth = await resolveToken(app, bearer(request));
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearer(request);
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
export function requireRole(app: FastifyInstance, ...roles: Role[]): preHandlerAsyncHookHandler {
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    await app.authenticate.call(this, request, reply);
    if (!roles.includes(requireAuth(request).user.role)) throw AppError.forbidden();
  };
}

export const requireStaff = (app: FastifyInstance) => requireRole(app, 'staff', 'admin', 'super_admin');
export const requireAdmin = (app: FastifyInstance) => requireRole(app, 'admin', 'super_admin');

/**
 * Staff and admins act only within their own restaurant; a super admin acts in every one.
 * Call inside the service, with the restaurant of the row being changed.
 */
export function assertRestaurantAccess(user: SessionUser, restaurantId: number, level: 'staff' | 'admin' = 'staff'): void {
  if (!canActFor(user, restaurantId, level)) throw AppError.forbidden();
}

/** Staff (or, with 'admin', an admin) of this restaurant, or a super admin. */
export function canActFor(user: Pick<SessionUser, 'role' | 'restaurantId'> | null | undefined, restaurantId: number, level: 'staff' | 'admin' = 'staff'): boolean {
  if (!user || !(level === 'admin' ? isAdminRole(user.role) : isStaffRole(user.role))) return false;
  return user.role === 'super_admin' || user.restaurantId === restaurantId;
}
