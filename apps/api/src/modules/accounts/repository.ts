import { desc, eq, sql } from 'drizzle-orm';
import { smsCountryCodes } from '@kusina/domain/restaurants';
import type { DbOrTx } from '../../db/client.ts';
import { phoneVerificationCodes, restaurants, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** The user's row, locked until the transaction ends: serialises codes, verifications and edits of one user. */
export async function lockUser(tx: DbOrTx, userId: number): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row ?? null;
}

/** The country codes a restaurant texts to (its admin_settings, or the default). */
export async function restaurantSmsCodes(db: DbOrTx, restaurantId: number): Promise<readonly string[]> {
  const [row] = await db.select({ settings: restaurants.adminSettings }).from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
  return smsCountryCodes(row?.settings);
}

export async function restaurantName(db: DbOrTx, restaurantId: number): Promise<string | null> {
  const [row] = await db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
  return row?.name ?? null;
}

/** The user's newest phone code (the only live one), with its age and liveness by the database clock. */
export async function latestPhoneCode(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({
      id: phoneVerificationCodes.id,
      phone: phoneVerificationCodes.phone,
      codeHash: phoneVerificationCodes.codeHash,
      salt: phoneVerificationCodes.salt,
      attempts: phoneVerificationCodes.attempts,
      usedAt: phoneVerificationCodes.usedAt,
      expired: sql<boolean>`${phoneVerificationCodes.expiresAt} <= now()`,
      ageSeconds: sql<number>`extract(epoch from (now() - ${phoneVerificationCodes.createdAt}))::float8`,
    })
    .from(phoneVerificationCodes)
    .where(eq(phoneVerificationCodes.userId, userId))
    .orderBy(desc(phoneVerificationCodes.id))
    .limit(1)
    .for('update');
  return row ?? null;
}
