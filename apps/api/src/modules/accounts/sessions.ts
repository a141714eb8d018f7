import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Role } from '@kusina/domain/roles';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/access.ts';

export type { SessionUser } from '../../lib/access.ts';

/** How long a session may last in all (maxSeconds) and unused (idleSeconds). */
export interface SessionLifetime {
  idleSeconds: number;
  maxSeconds: number;
}

type LifetimeConfig = Pick<
  Config,
  | 'CUSTOMER_SESSION_IDLE_DAYS'
  | 'CUSTOMER_SESSION_MAX_DAYS'
  | 'STAFF_SESSION_IDLE_MINUTES'
  | 'STAFF_SESSION_MAX_HOURS'
  | 'SUPER_ADMIN_SESSION_IDLE_MINUTES'
  | 'SUPER_ADMIN_SESSION_MAX_HOURS'
>;

/**
 * Customers stay signed in for weeks on a sliding window; staff and admins for a shift; the super
 * admin, whose session reaches every restaurant, for less (decision 0084).
 */
export function sessionLifetime(config: LifetimeConfig, role: Role): SessionLifetime {
  switch (role) {
    case 'customer':
      return { idleSeconds: config.CUSTOMER_SESSION_IDLE_DAYS * 86_400, maxSeconds: config.CUSTOMER_SESSION_MAX_DAYS * 86_400 };
    case 'super_admin':
      return { idleSeconds: config.SUPER_ADMIN_SESSION_IDLE_MINUTES * 60, maxSeconds: config.SUPER_ADMIN_SESSION_MAX_HOURS * 3_600 };
    default:
      return { idleSeconds: config.STAFF_SESSION_IDLE_MINUTES * 60, maxSeconds: config.STAFF_SESSION_MAX_HOURS * 3_600 };
  }
}

/**
 * A session is used again only this long after its last recorded use before the use is written:
 * sliding and idle limits cost one write a minute per session, not one per request.
 */
const SESSION_TOUCH_SECONDS = 60;

export async function createSession(
  db: DbOrTx,
  input: { userId: number; lifetime: SessionLifetime; now: Date; userAgent?: string | undefined; ip?: string | undefined },
): Promise<{ id: string; expiresAt: Date }> {
  const { lifetime, now } = input;
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetime.maxSeconds * 1000),
      idleSeconds: lifetime.idleSeconds,
      userAgent: input.userAgent?.slice(0, 500),
      ip: input.ip,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** Unrevoked, before its absolute limit and within its idle limit, judged at `now`. */
const liveAt = (now: Date) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sql`${sessions.lastSeenAt} + make_interval(secs => ${sessions.idleSeconds})`, now),
  );

export interface LiveSession {
  user: SessionUser;
  /** When the session ends if it is not used again (the earlier of the idle and absolute limits). */
  endsAt: Date;
}

/**
 * The user behind a live session, or null; a use more than SESSION_TOUCH_SECONDS after the last
 * recorded one is recorded (the sliding window moves, the idle limit starts again).
 */
export async function useSession(db: DbOrTx, sessionId: string, now: Date): Promise<LiveSession | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      phoneVerified: users.phoneVerified,
      role: users.role,
      // A super admin acts for the restaurant their session picked (decision 0128); everyone else for their own.
      restaurantId: sql<number>`coalesce(CASE WHEN ${users.role} = 'super_admin' THEN ${sessions.actingRestaurantId} END, ${users.restaurantId})`,
      lastSeenAt: sessions.lastSeenAt,
      idleSeconds: sessions.idleSeconds,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), liveAt(now), isNull(users.deactivatedAt)))
    .limit(1);
  if (!row) return null;
  const { lastSeenAt, idleSeconds, expiresAt, ...user } = row;
  let seen = lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() > SESSION_TOUCH_SECONDS * 1000) {
    // Conditional, so two nodes touching at once write once; never moves the mark backwards.
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, now)));
    seen = now;
  }
  const idleEnd = seen.getTime() + idleSeconds * 1000;
  return { user, endsAt: new Date(Math.min(idleEnd, expiresAt.getTime())) };
}

/**
 * Of `sessionIds` (sessions with an open live connection on this node), those still live at `now`;
 * each of those is marked used. A board that only listens (the kitchen's order board on a quiet
 * afternoon) is in use as long as its connection is open, so the staff idle limit never signs it
 * out mid-shift; the absolute limit still ends it (decision 0084).
 */
export async function liveSessionIds(db: DbOrTx, sessionIds: string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .update(sessions)
    .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(inArray(sessions.id, sessionIds), liveAt(now)))
    .returning({ id: sessions.id });
  return new Set(rows.map((row) => row.id));
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of the user; the ids ended, so their open sockets can be closed too. */
export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
