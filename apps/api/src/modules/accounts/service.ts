import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
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
import { AccountMessages, resendWaitMessage } from '@kusina/domain/messages';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, phoneVerificationCodes, users } from '../../db/schema/index.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TokenService } from '../../plugins/auth.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { enqueueNotification, type NotificationContext } from '../notifications/service.ts';
import { findUserByEmail, latestPhoneCode, lockUser, restaurantName, type UserRow } from './repository.ts';
import { createSession, revokeAllSessions, revokeSession, sessionLifetime } from './sessions.ts';

/** What the account rules need from the app (FastifyInstance provides all of it). */
export interface AccountsDeps {
  db: Database;
  pool: pg.Pool;
  boss: PgBoss;
  config: Config;
  tokens: TokenService;
  /** The clock sessions are judged by (a test's, or the real one). */
  clock: () => Date;
  realtime: Pick<Realtime, 'endSessions'>;
}

/** A sign-in's answer and when its session ends at the latest (the cookie's lifetime). */
export type SignedIn = AuthOutput & { expiresAt: Date };

/** Where a sign-in comes from, kept on the session row. */
export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

type UserFields = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'phone' | 'phoneVerified' | 'role' | 'restaurantId'>;

export function toUserOutput(user: UserFields): UserOutput {
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

async function signIn(deps: AccountsDeps, db: Database, user: UserFields, client: ClientInfo): Promise<SignedIn> {
  const lifetime = sessionLifetime(deps.config, user.role);
  const session = await createSession(db, { userId: user.id, lifetime, now: deps.clock(), ...client });
  return {
    jwt: deps.tokens.sign({ sessionId: session.id, userId: user.id, expiresAt: session.expiresAt }),
    user: toUserOutput(user),
    expiresAt: session.expiresAt,
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hashCode = (salt: string, code: string) => sha256(`${salt}:${code}`);

/**
 * Texts a fresh 6-digit code to the user's phone, in the caller's transaction. The newest code is
 * the only live one, so issuing a code retires the earlier ones.
 */
async function issuePhoneCode(ctx: NotificationContext, user: Pick<UserRow, 'id' | 'phone' | 'restaurantId'>): Promise<void> {
  if (!user.phone) throw AppError.validation(AccountMessages.phoneMissing, { phone: AccountMessages.phoneMissing });
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
      await issuePhoneCode({ tx, client: pgClient, boss: deps.boss }, user);
      return signIn(deps, tx, user, client);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
}

export async function login(deps: AccountsDeps, input: LoginInput, client: ClientInfo): Promise<SignedIn> {
  const user = await findUserByEmail(deps.db, input.email);
  // An unknown e-mail costs the same argon2 verification as a wrong password.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw AppError.unauthorized(AccountMessages.invalidCredentials);
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

/** A changed phone is unverified until its new code is entered; a changed e-mail must be free. */
export async function updateProfile(deps: AccountsDeps, userId: number, input: ProfileUpdateInput['user']): Promise<UserOutput> {
  try {
    return await transaction(deps.pool, async ({ tx, client }) => {
      const current = await lockUser(tx, userId);
      if (!current) throw AppError.unauthorized();
      const emailChanged = input.email !== undefined && input.email !== current.email;
      const phoneChanged = input.phone !== undefined && input.phone !== current.phone;
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
        if (!latest || latest.ageSeconds >= PHONE_CODE_RESEND_SECONDS) await issuePhoneCode({ tx, client, boss: deps.boss }, updated);
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
  const user = await findUserByEmail(deps.db, input.email);
  if (user) {
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
          redactedBody: body('[reset link hidden after delivery]'),
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
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId)).returning();
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
    await issuePhoneCode({ tx, client, boss: deps.boss }, user);
  });
  return { message: AccountMessages.codeSent };
}
