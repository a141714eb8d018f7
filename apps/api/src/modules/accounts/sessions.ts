import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  phoneVerified: boolean;
  role: 'super_admin' | 'admin' | 'staff' | 'customer';
  restaurantId: number;
}

export async function createSession(
  db: DbOrTx,
  input: { userId: number; ttlHours: number; userAgent?: string | undefined; ip?: string | undefined },
): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + input.ttlHours * 3_600_000);
  const [row] = await db
    .insert(sessions)
    .values({ userId: input.userId, expiresAt, userAgent: input.userAgent?.slice(0, 500), ip: input.ip })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** The user behind a live (unrevoked, unexpired) session, or null. */
export async function findSessionUser(db: DbOrTx, sessionId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      phoneVerified: users.phoneVerified,
      role: users.role,
      restaurantId: users.restaurantId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
