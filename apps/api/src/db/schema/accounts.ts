import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ROLES } from '@kusina/domain/roles';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { restaurants } from './restaurants.ts';
import { wholesaleFundraisers } from './wholesale.ts';

/**
 * A person with an account. Staff and admins belong to restaurant_id; a super admin serves every
 * restaurant; a customer's restaurant_id is where they signed up (docs/decisions/0003).
 * E-mail is stored lower-cased and unique across the platform.
 */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    phoneVerified: boolean().notNull().default(false),
    passwordHash: text().notNull(),
    role: text({ enum: ROLES }).notNull().default('customer'),
    /** Set when an admin takes the account's access away (issue #37); its sessions end with it (trigger). */
    deactivatedAt: timestamptz(),
    lastSignInAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('super_admin', 'admin', 'staff', 'customer', 'organiser')`),
    index('users_restaurant_idx').on(t.restaurantId),
  ],
);

/**
 * A signed-in browser (its cookie) or API client (its bearer token); both carry the row's id.
 * Revoking the row (logout, password reset, a role change) ends the session at once. It is live
 * while unrevoked, before expires_at (the absolute limit) and within idle_seconds of last_seen_at
 * (the idle limit; for customers that is the sliding window). Decision 0084.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    lastSeenAt: timestamptz().notNull().defaultNow(),
    /** How long the session may go unused, fixed by the role at sign-in. */
    idleSeconds: integer().notNull(),
    userAgent: text(),
    ip: text(),
    /** A super admin's session: the restaurant the admin dashboard acts for (NULL: the user's own). */
    actingRestaurantId: integer().references(() => restaurants.id, { onDelete: 'set null' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A 6-digit code texted to a phone (issue #2). Only a salted SHA-256 of the code is kept; the
 * newest row of a user is the live one, and only for the phone it was sent to. Dead after
 * PHONE_CODE_MAX_ATTEMPTS wrong tries, after PHONE_CODE_TTL_MINUTES, or once used.
 */
export const phoneVerificationCodes = pgTable(
  'phone_verification_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    codeHash: text().notNull(),
    salt: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_verification_codes_user_idx').on(t.userId, t.id),
    check('phone_verification_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * A single-use password reset link (issue #2). The token itself is only ever in the e-mail; the
 * row keeps its SHA-256. A new request deletes the user's earlier unused tokens.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * An invite to a restaurant's team (issue #37, decision 0113). Only the SHA-256 of the e-mailed
 * token is kept; accepting spends it once (a conditional UPDATE), before expires_at.
 */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text({ enum: ['staff', 'admin', 'organiser'] }).notNull(),
    /** An organiser's invite names the fundraiser they will manage (decision 0124); others none. */
    fundraiserId: integer().references((): AnyPgColumn => wholesaleFundraisers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    invitedById: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    revokedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invites_token_hash_unique').on(t.tokenHash),
    index('team_invites_restaurant_idx').on(t.restaurantId),
    check('team_invites_role_check', sql`${t.role} in ('staff', 'admin', 'organiser')`),
    check('team_invites_organiser_fundraiser_check', sql`(${t.role} = 'organiser') = (${t.fundraiserId} IS NOT NULL)`),
    check('team_invites_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Who changed what and when (team and code changes), read by the restaurant's admins. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name and e-mail as they were, kept if the account goes. */
    actorLabel: text(),
    action: text().notNull(),
    target: text().notNull(),
    summary: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_restaurant_id_idx').on(t.restaurantId, t.id)],
);
