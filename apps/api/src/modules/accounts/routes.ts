import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthOutput,
  ForgotPasswordInput,
  LoginInput,
  MessageOutput,
  ProfileUpdateInput,
  ResetPasswordInput,
  SignupInput,
  UserOutput,
  VerifyPhoneInput,
  VerifyPhoneOutput,
} from '@kusina/domain/accounts';
import { ErrorOutput } from '@kusina/domain/errors';
import { AccountMessages } from '@kusina/domain/messages';
import { AppError } from '../../lib/errors.ts';
import { clearSessionCookie, requireAuth, setSessionCookie } from '../../plugins/auth.ts';
import { storefrontRestaurantId } from '../restaurants/service.ts';
import * as accounts from './service.ts';

/** Per-IP limit of the routes that guess or send secrets (AUTH_RATE_LIMIT_PER_MINUTE). */
export function authRateLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.config.AUTH_RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        AppError.tooManyRequests(AccountMessages.tooManyAttempts, { retry_after_seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    },
  };
}

export const clientInfo = (request: FastifyRequest): accounts.ClientInfo => ({ userAgent: request.headers['user-agent'], ip: request.ip });

/** A browser gets its session as the httpOnly cookie; API clients read the token from the body. */
export function signedIn(app: FastifyInstance, reply: FastifyReply, { expiresAt, ...body }: accounts.SignedIn) {
  setSessionCookie(reply, app.config, body.jwt, expiresAt, app.clock());
  return body;
}

const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 409: ErrorOutput, 422: ErrorOutput, 429: ErrorOutput };
const bearer = [{ bearer: [] }];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/signup',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['accounts'],
        summary: 'Create a customer account, sign it in and text a phone code',
        body: SignupInput,
        response: { 201: AuthOutput, ...errors },
      },
    },
    async (request, reply) => {
      const restaurantId = storefrontRestaurantId(app.config, request, request.body.restaurant_id);
      const result = await accounts.signup(app.deps, { ...request.body, restaurant_id: restaurantId }, clientInfo(request));
      return reply.code(201).send(signedIn(app, reply, result));
    },
  );

  app.post(
    '/auth/login',
    {
      config: authRateLimit(app),
      schema: { tags: ['accounts'], summary: 'Sign in with e-mail and password', body: LoginInput, response: { 200: AuthOutput, ...errors } },
    },
    async (request, reply) => signedIn(app, reply, await accounts.login(app.deps, request.body, clientInfo(request))),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'End the current session everywhere: its cookie and token stop working and its sockets close',
        security: bearer,
        response: { 204: z.null().describe('Signed out'), 401: ErrorOutput },
      },
    },
    async (request, reply) => {
      await accounts.logout(app.deps, requireAuth(request).sessionId);
      clearSessionCookie(reply, app.config);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/verify_phone',
    {
      preHandler: app.authenticate,
      config: authRateLimit(app),
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the phone with the texted 6-digit code',
        security: bearer,
        body: VerifyPhoneInput,
        response: { 200: VerifyPhoneOutput, ...errors },
      },
    },
    async (request) => accounts.verifyPhone(app.deps, requireAuth(request).user.id, request.body),
  );

  app.post(
    '/auth/resend_code',
    {
      preHandler: app.authenticate,
      config: authRateLimit(app),
      schema: {
        tags: ['accounts'],
        summary: 'Text a new phone code (at most one a minute)',
        security: bearer,
        response: { 200: MessageOutput, ...errors },
      },
    },
    async (request) => accounts.resendCode(app.deps, requireAuth(request).user.id),
  );

  app.get(
    '/profile',
    {
      preHandler: app.authenticate,
      schema: { tags: ['accounts'], summary: 'The signed-in user', security: bearer, response: { 200: UserOutput, 401: ErrorOutput } },
    },
    async (request) => accounts.getProfile(app.deps, requireAuth(request).user.id),
  );

  app.patch(
    '/profile',
    {
      // A phone change sends a text, so profile saves share the auth routes' per-client limit.
      config: authRateLimit(app),
      preHandler: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Update name, phone or e-mail; a new phone must be verified again',
        security: bearer,
        body: ProfileUpdateInput,
        response: { 200: UserOutput, ...errors },
      },
    },
    async (request) => accounts.updateProfile(app.deps, requireAuth(request).user.id, request.body.user),
  );

  app.post(
    '/password/forgot',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a password reset link (the answer is the same whether the account exists or not)',
        body: ForgotPasswordInput,
        response: { 200: MessageOutput, ...errors },
      },
    },
    async (request) => accounts.forgotPassword(app.deps, request.body),
  );

  app.patch(
    '/password/reset',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the e-mailed link; signs in and ends every other session',
        body: ResetPasswordInput,
        response: { 200: AuthOutput, ...errors },
      },
    },
    async (request, reply) => signedIn(app, reply, await accounts.resetPassword(app.deps, request.body, clientInfo(request))),
  );
};
