import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  PASSWORD_RESET_TTL_MINUTES,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_MINUTES,
  type AuthOutput,
  type ForgotPasswordInput,
  type LoginInput,
  type MessageOutput,
  type ProfileUpdateInput,
  type ResetPasswordInput,
  type SignupInput,
  type UserOutput,
  type VerifyPhoneInput,
  type VerifyPhoneOutput,
} from '@kusina/domain/accounts';
import { AccountMessages, loginBackoffMessage, resendWaitMessage } from '@kusina/domain/messages';
import { TeamMessages } from '@kusina/domain/team-rules';
import type { Database, DbOrTx } from '../../db/client.ts';
import { passwordResetTokens, phoneVerificationCodes, users } from '../../db/schema/index.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { clear, hit, peek, secondsUntil } from '../../lib/limits.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { enforceDestinationLimits, enqueueNotification, enqueueNotifications, withinDestinationLimits, type NotificationContext, type NotificationMessage } from '../notifications/service.ts';
import { smsAllowed } from '@kusina/domain/phone';
import { smsCountryMessage } from '@kusina/domain/restaurants';
import { findUserByEmail, latestPhoneCode, lockUser, restaurantName, restaurantSmsCodes, type UserRow } from './repository.ts';
import { createSession, liveSessionIds, revokeAllSessions, revokeSession, sessionLifetime, useSession } from './sessions.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { Auth } from '../../lib/access.ts';

/** Ends every session of a user inside the caller's transaction (the first-run command). */
export { revokeAllSessions } from './sessions.ts';
export { inviteOrganiser, listOrganisers, organisedFundraiserIds, removeOrganiser, type OrganisedFundraiser } from './organisers.ts';

/** The part of the services' dependencies (decision 0095) the account rules use. */
export type AccountsDeps = Pick<ServiceDeps, 'db' | 'pool' | 'boss' | 'config' | 'tokens' | 'clock' | 'realtime'>;

/** A sign-in's answer and when its session ends at the latest (the cookie's lifetime). */
export type SignedIn = AuthOutput & { expiresAt: Date };

/** Where a sign-in comes from, kept on the session row. */
export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

type UserFields = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'phone' | 'phoneVerified' | 'role' | 'restaurantId'>;

/**
 * The session's user while it is live, judged by the app's clock, its use recorded (sliding and
 * idle limits, decision 0084); null for an ended or unknown session. The auth plugin and the
 * realtime socket ask this on every request and subscribe.
 */
export async function sessionAuth(deps: Pick<AccountsDeps, 'db' | 'clock'>, sessionId: string): Promise<Auth | null> {
  const session = await useSession(deps.db, sessionId, deps.clock());
  return session ? { user: session.user, sessionId } : null;
}

/** Which of these sessions are still live by the app's clock (the realtime socket's sweep). */
export function liveSessions(deps: Pick<AccountsDeps, 'db' | 'clock'>, sessionIds: string[]): Promise<Set<string>> {
  return liveSessionIds(deps.db, sessionIds, deps.clock());
}

function toUserOutput(user: UserFields): UserOutput {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    phone: user.phone,
    phone_verified: user.phoneVerified,
    role: user.role,
    restaurant_id: user.restaurantId,
  };
}

const emailTaken = () =>
  AppError.conflict(AccountMessages.emailTaken, { fields: { email: AccountMessages.emailTaken } });

/** A new session for the user, its sign-in time kept for the team list (issue #37). */
export async function signIn(deps: AccountsDeps, db: Database, user: UserFields, client: ClientInfo): Promise<SignedIn> {
  const lifetime = sessionLifetime(deps.config, user.role);
  const now = deps.clock();
  const session = await createSession(db, { userId: user.id, lifetime, now, ...client });
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
  return {
    jwt: deps.tokens.sign({ sessionId: session.id, userId: user.id, expiresAt: session.expiresAt }),
    user: toUserOutput(user),
    expiresAt: session.expiresAt,
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hashCode = (salt: string, code: string) => sha256(`${salt}:${code}`);

/**
 * A phone the restaurant texts codes to: in a country it allows (issue #33), else a field error
 * naming the phone, before anything is written.
 */
async function assertTextable(db: DbOrTx, restaurantId: number, phone: string): Promise<void> {
  const codes = await restaurantSmsCodes(db, restaurantId);
  if (!smsAllowed(phone, codes)) throw AppError.validation(smsCountryMessage(codes), { phone: smsCountryMessage(codes) });
}

/**
 * Texts a fresh 6-digit code to the user's phone, in the caller's transaction. The newest code is
 * the only live one, so issuing a code retires the earlier ones. The phone must be in a country
 * the restaurant texts, and within its per-destination limit (429 otherwise: the code is the
 * point of the request).
 */
async function issuePhoneCode(deps: AccountsDeps, ctx: NotificationContext, user: Pick<UserRow, 'id' | 'phone' | 'restaurantId'>): Promise<void> {
  if (!user.phone) throw AppError.validation(AccountMessages.phoneMissing, { phone: AccountMessages.phoneMissing });
  await assertTextable(ctx.tx, user.restaurantId, user.phone);
  await enforceDestinationLimits(deps, [{ restaurantId: user.restaurantId, channel: 'sms', recipient: user.phone, template: 'phone_code', body: '' }], ctx.client);
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  await ctx.tx.insert(phoneVerificationCodes).values({
    userId: user.id,
    phone: user.phone,
    codeHash: hashCode(salt, code),
    salt,
    expiresAt: sql`now() + make_interval(mins => ${PHONE_CODE_TTL_MINUTES})`,
  });
  const from = (await restaurantName(ctx.tx, user.restaurantId)) ?? 'Kusina';
  await enqueueNotification(ctx, {
    restaurantId: user.restaurantId,
    userId: user.id,
    channel: 'sms',
    recipient: user.phone,
    template: 'phone_code',
    body: `${from}: your verification code is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes.`,
    redactedBody: `${from}: your verification code is ******. It expires in ${PHONE_CODE_TTL_MINUTES} minutes.`,
  });
}

export async function signup(deps: AccountsDeps, input: SignupInput & { restaurant_id: number }, client: ClientInfo): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(deps.pool, async ({ tx, client: pgClient }) => {
      if (!(await restaurantName(tx, input.restaurant_id))) {
        throw AppError.validation(AccountMessages.unknownRestaurant, { restaurant_id: AccountMessages.unknownRestaurant });
      }
      if (await findUserByEmail(tx, input.email)) throw emailTaken();
      await assertTextable(tx, input.restaurant_id, input.phone);
      const [user] = await tx
        .insert(users)
        .values({
          restaurantId: input.restaurant_id,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone,
          phoneVerified: false,
          passwordHash,
          role: 'customer',
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await issuePhoneCode(deps, { tx, client: pgClient, boss: deps.boss }, user);
      return signIn(deps, tx, user, client);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
}

/**
 * Sign-in back-off per account (decision 0085), on top of the per-client limit of the route: the
 * first LOGIN_FREE_FAILURES failures cost nothing; each one after that makes the account wait
 * twice as long before the next try (30 s, 1 min, 2 min… at most 15 min). Failures are forgotten
 * an hour after the first, or at once by a successful sign-in. Unknown e-mails count alike, so the
 * answer tells nothing about which accounts exist.
 */
export const LOGIN_FREE_FAILURES = 5;
const LOGIN_FIRST_WAIT_SECONDS = 30;
const LOGIN_MAX_WAIT_SECONDS = 15 * 60;
const LOGIN_FAILURE_WINDOW_MS = 60 * 60_000;
const LOGIN_FAILURES = 'login-failures';

/** Seconds an account waits after its nth failure (0 while failures are free). */
export function loginWaitSeconds(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_MAX_WAIT_SECONDS, LOGIN_FIRST_WAIT_SECONDS * 2 ** Math.min(20, failures - LOGIN_FREE_FAILURES));
}

/**
 * Refuses (429, with when to retry) while the account waits after its failures; answers whether
 * it has failures to clear on success. Checked before the password: a guess inside the wait is
 * refused unseen, right or wrong.
 */
async function checkPasswordBackoff(deps: AccountsDeps, now: Date, email: string): Promise<boolean> {
  const failures = await peek(deps.pool, now, LOGIN_FAILURES, email);
  if (!failures) return false;
  const waitUntil = new Date(failures.lastHitAt.getTime() + loginWaitSeconds(failures.hits) * 1000);
  if (waitUntil > now) {
    const retryAfter = secondsUntil(now, waitUntil);
    throw AppError.tooManyRequests(loginBackoffMessage(retryAfter), { retry_after_seconds: retryAfter });
  }
  return true;
}

async function recordPasswordFailure(deps: AccountsDeps, now: Date, email: string): Promise<void> {
  await hit(deps.pool, now, [{ scope: LOGIN_FAILURES, key: email, max: LOGIN_FREE_FAILURES, windowMs: LOGIN_FAILURE_WINDOW_MS }]);
}

export async function login(deps: AccountsDeps, input: LoginInput, client: ClientInfo): Promise<SignedIn> {
  const now = deps.clock();
  const hadFailures = await checkPasswordBackoff(deps, now, input.email);
  const user = await findUserByEmail(deps.db, input.email);
  // An unknown e-mail costs the same argon2 verification as a wrong password.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) {
    await recordPasswordFailure(deps, now, input.email);
    throw AppError.unauthorized(AccountMessages.invalidCredentials);
  }
  if (hadFailures) await clear(deps.pool, LOGIN_FAILURES, input.email);
  // Told only to whoever knows the password: the account exists, and its access was taken away.
  if (user.deactivatedAt) throw AppError.forbidden(TeamMessages.deactivated);
  return signIn(deps, deps.db, user, client);
}

/** Ends the session, and with it its open sockets on every node. */
export async function logout(deps: AccountsDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId);
  deps.realtime.endSessions([sessionId]);
}

export async function getProfile(deps: AccountsDeps, userId: number): Promise<UserOutput> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw AppError.unauthorized();
  return toUserOutput(user);
}

/**
 * An e-mail or phone change is the way to take an account over (the reset link and the codes go
 * there), so it needs the current password — a session left open or stolen is not enough — and
 * the old address hears of it, in case it was not its owner (issue #33). A wrong password counts
 * toward the account's sign-in back-off like a failed sign-in.
 */
async function checkCurrentPassword(deps: AccountsDeps, user: UserRow, password: string | undefined): Promise<void> {
  if (!password) {
    throw AppError.validation(AccountMessages.currentPasswordRequired, { current_password: AccountMessages.currentPasswordRequired });
  }
  const now = deps.clock();
  const hadFailures = await checkPasswordBackoff(deps, now, user.email);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordPasswordFailure(deps, now, user.email);
    throw AppError.validation(AccountMessages.currentPasswordWrong, { current_password: AccountMessages.currentPasswordWrong });
  }
  if (hadFailures) await clear(deps.pool, LOGIN_FAILURES, user.email);
}

/** The message to the old address: what changed, and what to do if it was not the owner. */
function addressChangedMessage(user: UserRow, from: string, channel: 'email' | 'sms'): NotificationMessage {
  const what = channel === 'email' ? 'e-mail address' : 'phone number';
  const advice = `If you did not make this change, reset your password at once and contact ${from}.`;
  return channel === 'email'
    ? {
        restaurantId: user.restaurantId,
        userId: user.id,
        channel: 'email',
        recipient: user.email,
        subject: `Your ${from} e-mail address was changed`,
        template: 'email_changed',
        body: [`Hafa adai ${user.firstName},`, '', `The ${what} of your ${from} account was just changed, so messages now go to the new one.`, '', advice].join('\n'),
      }
    : {
        restaurantId: user.restaurantId,
        userId: user.id,
        channel: 'sms',
        recipient: user.phone!,
        template: 'phone_changed',
        body: `${from}: the ${what} of your account was just changed. ${advice}`,
      };
}

/** A changed phone is unverified until its new code is entered; a changed e-mail must be free. */
export async function updateProfile(deps: AccountsDeps, userId: number, input: ProfileUpdateInput['user']): Promise<UserOutput> {
  const before = (await deps.db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!before) throw AppError.unauthorized();
  // The password is checked before the transaction: argon2 takes its time, and no row waits on it.
  if ((input.email !== undefined && input.email !== before.email) || (input.phone !== undefined && input.phone !== before.phone)) {
    await checkCurrentPassword(deps, before, input.current_password);
  }
  try {
    return await transaction(deps.pool, async ({ tx, client }) => {
      const current = await lockUser(tx, userId);
      if (!current) throw AppError.unauthorized();
      const emailChanged = input.email !== undefined && input.email !== current.email;
      const phoneChanged = input.phone !== undefined && input.phone !== current.phone;
      // Changed again between the check and the lock: the password covered the other values.
      if ((emailChanged && current.email !== before.email) || (phoneChanged && current.phone !== before.phone)) {
        throw AppError.conflict('Your profile changed meanwhile. Please reload it and try again.');
      }
      if (phoneChanged && input.phone) await assertTextable(tx, current.restaurantId, input.phone);
      if (emailChanged || (phoneChanged && current.phone)) {
        const from = (await restaurantName(tx, current.restaurantId)) ?? 'Kusina';
        const told: NotificationMessage[] = [];
        if (emailChanged) told.push(addressChangedMessage(current, from, 'email'));
        if (phoneChanged && current.phone) told.push(addressChangedMessage(current, from, 'sms'));
        await enqueueNotifications({ tx, client, boss: deps.boss }, told);
      }
      if (emailChanged) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, input.email ?? ''), ne(users.id, userId)))
          .limit(1);
        if (taken) throw emailTaken();
      }
      const [updated] = await tx
        .update(users)
        .set({
          ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
          ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
          ...(emailChanged ? { email: input.email } : {}),
          ...(phoneChanged ? { phone: input.phone, phoneVerified: false } : {}),
        })
        .where(eq(users.id, userId))
        .returning();
      if (!updated) throw AppError.unauthorized();
      // A new number gets a code at once unless one was sent in the last minute (the resend
      // cooldown applies here too, so profile saves cannot be used to send texts in a loop);
      // then the customer presses Resend once the minute is over.
      if (phoneChanged) {
        const latest = await latestPhoneCode(tx, userId);
        if (!latest || latest.ageSeconds >= PHONE_CODE_RESEND_SECONDS) await issuePhoneCode(deps, { tx, client, boss: deps.boss }, updated);
      }
      return toUserOutput(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
}

/** Always the same answer, so the form reveals nothing about which e-mails have accounts. */
export async function forgotPassword(deps: AccountsDeps, input: ForgotPasswordInput): Promise<MessageOutput> {
  const found = await findUserByEmail(deps.db, input.email);
  // A deactivated account gets no link (the answer stays the same).
  const user = found && !found.deactivatedAt ? found : null;
  // Past the address's limit the link is not sent, and the answer stays the same (it reveals nothing).
  const allowed = user ? (await withinDestinationLimits(deps, [{ restaurantId: user.restaurantId, channel: 'email', recipient: user.email, template: 'password_reset', body: '' }])).allowed : [];
  if (user && allowed.length > 0) {
    const token = randomBytes(32).toString('base64url');
    const link = `${deps.config.publicUrl}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
    await transaction(deps.pool, async ({ tx, client }) => {
      await lockUser(tx, user.id);
      // One live link per user: a new request retires the earlier unused ones.
      await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: sql`now() + make_interval(mins => ${PASSWORD_RESET_TTL_MINUTES})`,
      });
      const from = (await restaurantName(tx, user.restaurantId)) ?? 'Kusina';
      const body = (target: string) =>
        [
          `Hafa adai ${user.firstName},`,
          '',
          `We received a request to reset the password of your ${from} account. Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new one:`,
          '',
          target,
          '',
          'If you did not ask for this, ignore this e-mail; your password stays the same.',
        ].join('\n');
      await enqueueNotification(
        { tx, client, boss: deps.boss },
        {
          restaurantId: user.restaurantId,
          userId: user.id,
          channel: 'email',
          recipient: user.email,
          subject: `Reset your ${from} password`,
          template: 'password_reset',
          body: body(link),
          redactedBody: body('[reset link hidden]'),
        },
      );
    });
  }
  return { message: AccountMessages.forgotSent };
}

/**
 * Spends the token and signs the user in. The conditional UPDATE is the single-use guard: two
 * requests with one token queue on its row and only the first finds used_at still empty.
 */
export async function resetPassword(deps: AccountsDeps, input: ResetPasswordInput, client: ClientInfo): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.new_password);
  let ended: string[] = [];
  const signedIn = await transaction(deps.pool, async ({ tx }) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
          eq(passwordResetTokens.userId, sql`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${input.email})`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw AppError.validation(AccountMessages.resetLinkExpired);
    const [user] = await tx.update(users).set({ passwordHash }).where(and(eq(users.id, spent.userId), isNull(users.deactivatedAt))).returning();
    if (!user) throw AppError.validation(AccountMessages.resetLinkExpired);
    ended = await revokeAllSessions(tx, user.id);
    return signIn(deps, tx, user, client);
  });
  // After the commit: every other session's sockets, on every node, close with it.
  deps.realtime.endSessions(ended);
  return signedIn;
}

export async function verifyPhone(deps: AccountsDeps, userId: number, input: VerifyPhoneInput): Promise<VerifyPhoneOutput> {
  // A wrong guess must be counted even though the request fails, so the transaction commits and
  // the failure is thrown after it.
  const user = await transaction(deps.pool, async ({ tx }) => {
    const current = await lockUser(tx, userId);
    if (!current) throw AppError.unauthorized();
    if (current.phoneVerified) return current;
    const code = await latestPhoneCode(tx, userId);
    if (!code || code.usedAt || code.expired || code.attempts >= PHONE_CODE_MAX_ATTEMPTS || code.phone !== current.phone) return null;
    const expected = Buffer.from(code.codeHash, 'hex');
    const given = Buffer.from(hashCode(code.salt, input.code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await tx
        .update(phoneVerificationCodes)
        .set({ attempts: sql`${phoneVerificationCodes.attempts} + 1` })
        .where(eq(phoneVerificationCodes.id, code.id));
      return null;
    }
    await tx.update(phoneVerificationCodes).set({ usedAt: sql`now()` }).where(eq(phoneVerificationCodes.id, code.id));
    const [verified] = await tx.update(users).set({ phoneVerified: true }).where(eq(users.id, userId)).returning();
    return verified ?? null;
  });
  if (!user) throw AppError.validation(AccountMessages.verifyFailed, { code: AccountMessages.verifyFailed });
  return { message: AccountMessages.phoneVerified, user: toUserOutput(user) };
}

/**
 * A new code, at most one per PHONE_CODE_RESEND_SECONDS. The user's row lock makes the cooldown
 * check and the new code one step, so two parallel requests cannot both send.
 */
export async function resendCode(deps: AccountsDeps, userId: number): Promise<MessageOutput> {
  await transaction(deps.pool, async ({ tx, client }) => {
    const user = await lockUser(tx, userId);
    if (!user) throw AppError.unauthorized();
    if (user.phoneVerified) throw AppError.conflict(AccountMessages.phoneAlreadyVerified);
    const latest = await latestPhoneCode(tx, userId);
    if (latest && latest.ageSeconds < PHONE_CODE_RESEND_SECONDS) {
      const retryAfter = Math.min(PHONE_CODE_RESEND_SECONDS, Math.max(1, Math.ceil(PHONE_CODE_RESEND_SECONDS - latest.ageSeconds)));
      throw AppError.tooManyRequests(resendWaitMessage(retryAfter), { retry_after_seconds: retryAfter });
    }
    await issuePhoneCode(deps, { tx, client, boss: deps.boss }, user);
  });
  return { message: AccountMessages.codeSent };
}
