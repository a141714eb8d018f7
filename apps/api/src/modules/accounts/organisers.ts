import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { INVITE_TTL_HOURS } from '@kusina/domain/team-rules';
import { OrganiserMessages, type OrganiserInviteResult, type OrganisersOutput } from '@kusina/domain/wholesale-organisers';
import { teamInvites, users, wholesaleFundraiserOrganisers } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { assertRestaurantAccess, type SessionUser } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { enforceDestinationLimits, enqueueNotification, type NotificationMessage } from '../notifications/service.ts';
import { findUserByEmail, restaurantName } from './repository.ts';
import type { AccountsDeps } from './service.ts';

/**
 * Organisers of a fundraiser (issue #36 item 5, decision 0124): a coach or team parent invited by
 * an admin from the fundraiser's management. The invite is a team invite (decision 0113: e-mailed
 * through the outbox, only its hash kept, single use) with the role 'organiser' and the fundraiser
 * it names; accepting makes the account and its assignment. An existing organiser of the same
 * restaurant is assigned at once (and told by e-mail): one sign-in for several fundraisers.
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface OrganisedFundraiser {
  id: number;
  name: string;
  restaurantId: number;
}

function organiserMessage(restaurantId: number, email: string, from: string, fundraiser: string, inviter: string, link: string | null, publicUrl: string): NotificationMessage {
  const body = (target: string) =>
    (link
      ? [
          'Hafa adai,',
          '',
          `${inviter} invited you to organise the fundraiser "${fundraiser}" at ${from}: its participants, orders, pick list and payout statement. Open this link within ${INVITE_TTL_HOURS} hours to choose your password and sign in:`,
          '',
          target,
        ]
      : ['Hafa adai,', '', `${inviter} added you as an organiser of the fundraiser "${fundraiser}" at ${from}. Sign in as usual to manage it:`, '', `${publicUrl}/login`]
    )
      .concat(['', 'If you were not expecting this, ignore this e-mail.'])
      .join('\n');
  return {
    restaurantId,
    userId: null,
    channel: 'email',
    recipient: email,
    subject: link ? `You are invited to organise ${fundraiser}` : `You now organise ${fundraiser}`,
    template: 'organiser_invite',
    body: body(link ?? ''),
    redactedBody: link ? body('[invite link hidden]') : null,
  };
}

/** Invites `email` to organise `fundraiser` (admins of its restaurant), or assigns an existing organiser of the restaurant. */
export async function inviteOrganiser(deps: AccountsDeps, actor: SessionUser, fundraiser: OrganisedFundraiser, email: string): Promise<OrganiserInviteResult> {
  assertRestaurantAccess(actor, fundraiser.restaurantId, 'admin');
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.config.publicUrl}/accept-invite?token=${token}&email=${encodeURIComponent(email)}`;
  const inviter = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  return transaction(deps.pool, async ({ tx, client }) => {
    const from = (await restaurantName(tx, fundraiser.restaurantId)) ?? 'Kusina';
    const existing = await findUserByEmail(tx, email);
    if (existing && (existing.role !== 'organiser' || existing.restaurantId !== fundraiser.restaurantId)) {
      throw AppError.conflict(OrganiserMessages.emailHasAccount, { fields: { email: OrganiserMessages.emailHasAccount } });
    }
    const message = organiserMessage(fundraiser.restaurantId, email, from, fundraiser.name, inviter, existing ? null : link, deps.config.publicUrl);
    await enforceDestinationLimits(deps, [message], client);
    if (existing) {
      await tx.insert(wholesaleFundraiserOrganisers).values({ fundraiserId: fundraiser.id, userId: existing.id }).onConflictDoNothing();
      await enqueueNotification({ tx, client, boss: deps.boss }, { ...message, userId: existing.id });
      await recordAudit(tx, { restaurantId: fundraiser.restaurantId, actor, action: 'fundraiser.organiser_assign', target: email, summary: `Made ${email} an organiser of ${fundraiser.name}`, details: { fundraiser_id: fundraiser.id, user_id: existing.id } });
      return { outcome: 'assigned', email };
    }
    // A new invite to the same address for the same fundraiser retires the earlier one.
    await tx
      .update(teamInvites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(teamInvites.fundraiserId, fundraiser.id), eq(teamInvites.email, email), isNull(teamInvites.usedAt), isNull(teamInvites.revokedAt)));
    const [row] = await tx
      .insert(teamInvites)
      .values({
        restaurantId: fundraiser.restaurantId,
        email,
        role: 'organiser',
        fundraiserId: fundraiser.id,
        tokenHash: sha256(token),
        invitedById: actor.id,
        expiresAt: sql`now() + make_interval(hours => ${INVITE_TTL_HOURS})`,
      })
      .returning({ id: teamInvites.id });
    await enqueueNotification({ tx, client, boss: deps.boss }, message);
    await recordAudit(tx, { restaurantId: fundraiser.restaurantId, actor, action: 'fundraiser.organiser_invite', target: email, summary: `Invited ${email} to organise ${fundraiser.name}`, details: { fundraiser_id: fundraiser.id, invite_id: row?.id } });
    return { outcome: 'invited', email };
  });
}

/** A fundraiser's organisers and its open organiser invites. */
export async function listOrganisers(deps: Pick<AccountsDeps, 'db'>, fundraiserId: number): Promise<OrganisersOutput> {
  const people = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, deactivatedAt: users.deactivatedAt, lastSignInAt: users.lastSignInAt })
    .from(wholesaleFundraiserOrganisers)
    .innerJoin(users, eq(users.id, wholesaleFundraiserOrganisers.userId))
    .where(eq(wholesaleFundraiserOrganisers.fundraiserId, fundraiserId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const invites = await deps.db
    .select({ id: teamInvites.id, email: teamInvites.email, expiresAt: teamInvites.expiresAt })
    .from(teamInvites)
    .where(and(eq(teamInvites.fundraiserId, fundraiserId), isNull(teamInvites.usedAt), isNull(teamInvites.revokedAt), gt(teamInvites.expiresAt, sql`now()`)))
    .orderBy(desc(teamInvites.id));
  return {
    organisers: people.map((p) => ({
      user_id: p.id,
      email: p.email,
      name: `${p.firstName} ${p.lastName}`.trim(),
      active: p.deactivatedAt === null,
      last_sign_in_at: p.lastSignInAt?.toISOString() ?? null,
    })),
    invites: invites.map((i) => ({ id: i.id, email: i.email, expires_at: i.expiresAt.toISOString() })),
  };
}

/** Takes a fundraiser away from an organiser: their next request about it is refused (the assignment is read on every request). */
export async function removeOrganiser(deps: Pick<AccountsDeps, 'pool'>, actor: SessionUser, fundraiser: OrganisedFundraiser, userId: number): Promise<void> {
  assertRestaurantAccess(actor, fundraiser.restaurantId, 'admin');
  await transaction(deps.pool, async ({ tx }) => {
    const removed = await tx
      .delete(wholesaleFundraiserOrganisers)
      .where(and(eq(wholesaleFundraiserOrganisers.fundraiserId, fundraiser.id), eq(wholesaleFundraiserOrganisers.userId, userId)))
      .returning({ userId: wholesaleFundraiserOrganisers.userId });
    if (removed.length === 0) throw AppError.notFound(OrganiserMessages.notAssigned);
    await recordAudit(tx, { restaurantId: fundraiser.restaurantId, actor, action: 'fundraiser.organiser_remove', target: String(userId), summary: `Removed an organiser from ${fundraiser.name}`, details: { fundraiser_id: fundraiser.id, user_id: userId } });
  });
}

/** The fundraisers an organiser is assigned to (every management request of theirs reads this). */
export async function organisedFundraiserIds(deps: Pick<AccountsDeps, 'db'>, userId: number): Promise<number[]> {
  const rows = await deps.db.select({ id: wholesaleFundraiserOrganisers.fundraiserId }).from(wholesaleFundraiserOrganisers).where(eq(wholesaleFundraiserOrganisers.userId, userId));
  return rows.map((r) => r.id);
}
