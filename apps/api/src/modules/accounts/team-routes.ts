import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthOutput } from '@kusina/domain/accounts';
import { ErrorOutput } from '@kusina/domain/errors';
import { coercedInt4 } from '@kusina/domain/integers';
import { AcceptInviteInput, InviteInput, InviteLinkInput, InviteOutput, InvitePreviewOutput, MemberUpdateInput, TeamMemberOutput, TeamOutput, TeamQuery } from '@kusina/domain/team';
import { scopeRestaurant } from '../../lib/access.ts';
import { requireAdmin, requireAuth } from '../../plugins/auth.ts';
import { authRateLimit, clientInfo, signedIn } from './routes.ts';
import * as team from './team.ts';

const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 422: ErrorOutput, 429: ErrorOutput };
const bearer = [{ bearer: [] }];
const IdParams = z.object({ id: coercedInt4().positive() });

/** Team accounts and invites (issue #37, decision 0113). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/team',
    {
      preHandler: requireAdmin(app),
      schema: { tags: ['team'], summary: "The restaurant's staff and admins with their last sign-in, and its open invites (admins)", security: bearer, querystring: TeamQuery, response: { 200: TeamOutput, ...errors } },
    },
    async (request) => team.listTeam(app.deps, scopeRestaurant(requireAuth(request).user, request.query.restaurant_id, 'admin')),
  );

  app.post(
    '/team/invites',
    {
      preHandler: requireAdmin(app),
      schema: { tags: ['team'], summary: 'Invites an e-mail address as staff or admin: the link goes out through the outbox (admins)', security: bearer, body: InviteInput, response: { 201: InviteOutput, ...errors } },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const invite = await team.inviteMember(app.deps, user, scopeRestaurant(user, request.body.restaurant_id, 'admin'), request.body);
      return reply.code(201).send(invite);
    },
  );

  app.delete(
    '/team/invites/:id',
    {
      preHandler: requireAdmin(app),
      schema: { tags: ['team'], summary: 'Withdraws an open invite (admins)', security: bearer, params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await team.revokeInvite(app.deps, requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/team/members/:id',
    {
      preHandler: requireAdmin(app),
      schema: {
        tags: ['team'],
        summary: "Sets a member's role (staff or admin) or deactivates/reactivates them; deactivation ends their sessions at once (admins)",
        security: bearer,
        params: IdParams,
        body: MemberUpdateInput,
        response: { 200: TeamMemberOutput, ...errors },
      },
    },
    async (request) => team.updateMember(app.deps, requireAuth(request).user, request.params.id, request.body),
  );

  app.post(
    '/invites/preview',
    {
      config: authRateLimit(app),
      schema: { tags: ['team'], summary: 'What an invite link offers (restaurant, role); 422 when it cannot be used', body: InviteLinkInput, response: { 200: InvitePreviewOutput, ...errors } },
    },
    async (request) => team.previewInvite(app.deps, request.body),
  );

  app.post(
    '/invites/accept',
    {
      config: authRateLimit(app),
      schema: { tags: ['team'], summary: 'Accepts an invite: sets the password, makes the account with the invited role and signs it in', body: AcceptInviteInput, response: { 200: AuthOutput, ...errors } },
    },
    async (request, reply) => signedIn(app, reply, await team.acceptInvite(app.deps, request.body, clientInfo(request))),
  );
};
