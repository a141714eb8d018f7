import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { INVITE_TTL_HOURS, TeamMessages, teamChangeRefusal, type TeamChange } from '@kusina/domain/team-rules';
import type { AcceptInviteInput, InviteInput, InviteOutput, InvitePreviewOutput, MemberUpdateInput, TeamMemberOutput, TeamOutput } from '@kusina/domain/team';
import type { DbOrTx } from '../../db/client.ts';
import { restaurants, teamInvites, users, wholesaleFundraiserOrganisers, wholesaleFundraisers } from '../../db/schema/index.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { assertRestaurantAccess, type SessionUser } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/service.ts';
import { enforceDestinationLimits, enqueueNotification, type NotificationMessage } from '../notifications/service.ts';
import { findUserByEmail, lockUser, restaurantName, type UserRow } from './repository.ts';
import { signIn, type AccountsDeps, type ClientInfo, type SignedIn } from './service.ts';
import { revokeAllSessions } from './sessions.ts';

/**
 * Team accounts (issue #37, decision 0113): admins invite staff and admins of their restaurant by
 * e-mail, change their role, deactivate and reactivate them; the super admin does so for every
 * restaurant. The rules of who may change whom are teamChangeRefusal's; every change is written
 * to the audit log in the transaction that makes it.
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const TEAM_ROLES = ['staff', 'admin', 'super_admin'] as const;

function toMember(row: UserRow): TeamMemberOutput {
  return {
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role as TeamMemberOutput['role'],
    restaurant_id: row.restaurantId,
    active: row.deactivatedAt === null,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

type InviteRow = typeof teamInvites.$inferSelect;

function toInvite(row: InviteRow, invitedBy: string | null): InviteOutput {
  return {
    id: row.id,
    email: row.email,
    role: row.role as InviteOutput['role'], // listTeam reads staff and admin invites only
    restaurant_id: row.restaurantId,
    invited_by: invitedBy,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

const pending = () => and(isNull(teamInvites.usedAt), isNull(teamInvites.revokedAt), gt(teamInvites.expiresAt, sql`now()`));

/** The restaurant's staff and admins (the super admins who serve it too, unchangeable here) and its open invites. */
export async function listTeam(deps: Pick<AccountsDeps, 'db'>, restaurantId: number): Promise<TeamOutput> {
  const members = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.restaurantId, restaurantId), inArray(users.role, [...TEAM_ROLES])))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const invites = await deps.db
    .select({ invite: teamInvites, inviterFirst: users.firstName, inviterLast: users.lastName, inviterEmail: users.email })
    .from(teamInvites)
    .leftJoin(users, eq(users.id, teamInvites.invitedById))
    // Organiser invites (decision 0124) are shown on their fundraiser's management, not here.
    .where(and(eq(teamInvites.restaurantId, restaurantId), inArray(teamInvites.role, ['staff', 'admin']), pending()))
    .orderBy(desc(teamInvites.id));
  return {
    members: members.map(toMember),
    invites: invites.map((r) => toInvite(r.invite, r.inviterEmail ? `${r.inviterFirst} ${r.inviterLast}`.trim() || r.inviterEmail : null)),
  };
}

function inviteMessage(restaurantId: number, email: string, role: string, from: string, inviter: string, link: string): NotificationMessage {
  const body = (target: string) =>
    [
      'Hafa adai,',
      '',
      `${inviter} invited you to join the ${from} team as ${role === 'admin' ? 'an admin' : 'staff'}. Open this link within ${INVITE_TTL_HOURS} hours to choose your password and sign in:`,
      '',
      target,
      '',
      'If you were not expecting this, ignore this e-mail.',
    ].join('\n');
  return {
    restaurantId,
    userId: null,
    channel: 'email',
    recipient: email,
    subject: `You are invited to the ${from} team`,
    template: 'team_invite',
    body: body(link),
    redactedBody: body('[invite link hidden]'),
  };
}

/**
 * Invites `input.email` to the restaurant's team: a random token e-mailed through the outbox,
 * only its hash kept, valid INVITE_TTL_HOURS, usable once. An address with an account is refused
 * (decision 0113); a new invite to the same address retires the earlier one.
 */
export async function inviteMember(deps: AccountsDeps, actor: SessionUser, restaurantId: number, input: InviteInput): Promise<InviteOutput> {
  assertRestaurantAccess(actor, restaurantId, 'admin');
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.config.publicUrl}/accept-invite?token=${token}&email=${encodeURIComponent(input.email)}`;
  return transaction(deps.pool, async ({ tx, client }) => {
    const from = await restaurantName(tx, restaurantId);
    if (!from) throw AppError.notFound('Restaurant not found.');
    if (await findUserByEmail(tx, input.email)) throw AppError.conflict(TeamMessages.emailHasAccount, { fields: { email: TeamMessages.emailHasAccount } });
    const inviter = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
    const message = inviteMessage(restaurantId, input.email, input.role, from, inviter, link);
    await enforceDestinationLimits(deps, [message], client);
    await tx
      .update(teamInvites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(teamInvites.restaurantId, restaurantId), eq(teamInvites.email, input.email), isNull(teamInvites.usedAt), isNull(teamInvites.revokedAt)));
    const [row] = await tx
      .insert(teamInvites)
      .values({
        restaurantId,
        email: input.email,
        role: input.role,
        tokenHash: sha256(token),
        invitedById: actor.id,
        expiresAt: sql`now() + make_interval(hours => ${INVITE_TTL_HOURS})`,
      })
      .returning();
    if (!row) throw new Error('invite insert returned nothing');
    await enqueueNotification({ tx, client, boss: deps.boss }, message);
    await recordAudit(tx, { restaurantId, actor, action: 'team.invite', target: input.email, summary: `Invited ${input.email} as ${input.role}`, details: { role: input.role, invite_id: row.id } });
    return toInvite(row, inviter);
  });
}

/** Withdraws an open invite: its link stops working. */
export async function revokeInvite(deps: AccountsDeps, actor: SessionUser, inviteId: number): Promise<void> {
  await transaction(deps.pool, async ({ tx }) => {
    const [invite] = await tx.select().from(teamInvites).where(eq(teamInvites.id, inviteId)).for('update').limit(1);
    if (!invite) throw AppError.notFound(TeamMessages.inviteNotFound);
    assertRestaurantAccess(actor, invite.restaurantId, 'admin');
    if (invite.usedAt || invite.revokedAt) throw AppError.notFound(TeamMessages.inviteNotFound);
    await tx.update(teamInvites).set({ revokedAt: sql`now()` }).where(eq(teamInvites.id, invite.id));
    await recordAudit(tx, { restaurantId: invite.restaurantId, actor, action: 'team.invite_revoke', target: invite.email, summary: `Withdrew the invite to ${invite.email}` });
  });
}

function refuse(reason: string): never {
  if (reason === 'forbidden') throw AppError.forbidden();
  if (reason === TeamMessages.otherRestaurant || reason === TeamMessages.superAdminUntouchable) throw AppError.forbidden(reason);
  if (reason === TeamMessages.notTeamMember) throw AppError.notFound(TeamMessages.memberNotFound);
  throw AppError.validation(reason);
}

/**
 * Changes a member's role and/or whether they may sign in. Deactivating ends every session of
 * theirs at once (here, and by the users_end_sessions_on_deactivation trigger whoever writes the
 * column), their open sockets with them; a role change ends them too (0084's trigger), so no
 * session outlives the permissions it was opened with.
 */
export async function updateMember(deps: AccountsDeps, actor: SessionUser, userId: number, input: MemberUpdateInput): Promise<TeamMemberOutput> {
  let ended: string[] = [];
  const member = await transaction(deps.pool, async ({ tx }) => {
    const target = await lockUser(tx, userId);
    if (!target) throw AppError.notFound(TeamMessages.memberNotFound);
    const changes: TeamChange[] = [];
    if (input.role !== undefined && input.role !== target.role) changes.push({ kind: 'role', role: input.role });
    if (input.active === false && !target.deactivatedAt) changes.push({ kind: 'deactivate' });
    if (input.active === true && target.deactivatedAt) changes.push({ kind: 'reactivate' });
    // Checked even when nothing changes, so a refused person learns nothing by sending the same values.
    const refusal = teamChangeRefusal(actor, target, changes[0] ?? { kind: 'reactivate' });
    if (refusal) refuse(refusal);
    for (const change of changes) {
      const more = teamChangeRefusal(actor, target, change);
      if (more) refuse(more);
    }
    if (changes.length === 0) return toMember(target);
    const ending = changes.some((c) => c.kind === 'role' || c.kind === 'deactivate');
    if (ending) ended = await revokeAllSessions(tx, target.id);
    const [updated] = await tx
      .update(users)
      .set({
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(changes.some((c) => c.kind === 'deactivate') ? { deactivatedAt: sql`now()` } : {}),
        ...(changes.some((c) => c.kind === 'reactivate') ? { deactivatedAt: null } : {}),
      })
      .where(eq(users.id, target.id))
      .returning();
    if (!updated) throw AppError.notFound(TeamMessages.memberNotFound);
    for (const change of changes) {
      const summary =
        change.kind === 'role'
          ? `Changed ${target.email} from ${target.role} to ${change.role}`
          : change.kind === 'deactivate'
            ? `Deactivated ${target.email}; their sessions ended`
            : `Reactivated ${target.email}`;
      await recordAudit(tx, {
        restaurantId: target.restaurantId,
        actor,
        action: change.kind === 'role' ? 'team.role' : `team.${change.kind}`,
        target: target.email,
        summary,
        details: change.kind === 'role' ? { from: target.role, to: change.role, user_id: target.id } : { user_id: target.id },
      });
    }
    return toMember(updated);
  });
  // After the commit: their open sockets, on every node, close too.
  deps.realtime.endSessions(ended);
  return member;
}

/** The open invite a link names, for the page that accepts it; 422 for any link that cannot be used. */
async function findOpenInvite(db: DbOrTx, email: string, token: string): Promise<InviteRow> {
  const [row] = await db
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.tokenHash, sha256(token)), eq(teamInvites.email, email), pending()))
    .limit(1);
  if (!row) throw AppError.validation(TeamMessages.inviteInvalid);
  return row;
}

export async function previewInvite(deps: Pick<AccountsDeps, 'db'>, input: { email: string; token: string }): Promise<InvitePreviewOutput> {
  const invite = await findOpenInvite(deps.db, input.email, input.token);
  const [restaurant] = await deps.db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, invite.restaurantId));
  const [fundraiser] = invite.fundraiserId ? await deps.db.select({ name: wholesaleFundraisers.name }).from(wholesaleFundraisers).where(eq(wholesaleFundraisers.id, invite.fundraiserId)) : [];
  return { email: invite.email, role: invite.role, restaurant_name: restaurant?.name ?? 'Kusina', fundraiser_name: fundraiser?.name ?? null, expires_at: invite.expiresAt.toISOString() };
}

/**
 * Spends the invite and makes the account with the invite's role and restaurant, signed in. The
 * conditional UPDATE is the single-use guard: two requests with one link queue on its row and only
 * the first finds it open.
 */
export async function acceptInvite(deps: AccountsDeps, input: AcceptInviteInput, client: ClientInfo): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(deps.pool, async ({ tx }) => {
      const [invite] = await tx
        .update(teamInvites)
        .set({ usedAt: sql`now()` })
        .where(and(eq(teamInvites.tokenHash, sha256(input.token)), eq(teamInvites.email, input.email), pending()))
        .returning();
      if (!invite) throw AppError.validation(TeamMessages.inviteInvalid);
      if (await findUserByEmail(tx, invite.email)) throw AppError.conflict(TeamMessages.emailHasAccount);
      const [user] = await tx
        .insert(users)
        .values({
          restaurantId: invite.restaurantId,
          email: invite.email,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: null,
          phoneVerified: false,
          passwordHash,
          role: invite.role,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      // An organiser's invite (decision 0124) gives the fundraiser it names, and nothing else.
      if (invite.fundraiserId) await tx.insert(wholesaleFundraiserOrganisers).values({ fundraiserId: invite.fundraiserId, userId: user.id }).onConflictDoNothing();
      await recordAudit(tx, {
        restaurantId: invite.restaurantId,
        actor: user,
        action: 'team.join',
        target: user.email,
        summary: `${user.email} accepted the invite and joined as ${invite.role}`,
        details: { role: invite.role, invite_id: invite.id, user_id: user.id },
      });
      return signIn(deps, tx, user, client);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw AppError.conflict(TeamMessages.emailHasAccount);
    throw error;
  }
}
