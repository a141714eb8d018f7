import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { auditLog, teamInvites, users, vipCodes } from '../schema/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Demo team members beside the README's accounts (same demo password): one deactivated. */
export const demoTeam = [
  { email: 'joaquin@kusina.test', firstName: 'Joaquin', lastName: 'Santos', role: 'staff', restaurantId: 1, lastSignInDaysAgo: 1, deactivated: false },
  { email: 'tasi@kusina.test', firstName: 'Tasi', lastName: 'Reyes', role: 'staff', restaurantId: 1, lastSignInDaysAgo: 41, deactivated: true },
  { email: 'vicente@kusina.test', firstName: 'Vicente', lastName: 'Camacho', role: 'staff', restaurantId: 2, lastSignInDaysAgo: 3, deactivated: false },
] as const;

/**
 * The team screen's demo (issue #37): team members with their last sign-in, a deactivated one, an
 * open invite (its token thrown away: only its hash is ever stored), an audit log that tells how
 * the team and the codes came to be, and codes with uses. Dates are relative to the seed.
 */
export async function seedTeam(tx: Tx, passwordHash: string): Promise<void> {
  const now = Date.now();
  await tx.insert(users).values(
    demoTeam.map((m) => ({
      email: m.email,
      firstName: m.firstName,
      lastName: m.lastName,
      role: m.role,
      restaurantId: m.restaurantId,
      passwordHash,
      phoneVerified: false,
      lastSignInAt: new Date(now - m.lastSignInDaysAgo * DAY),
      deactivatedAt: m.deactivated ? new Date(now - 30 * DAY) : null,
    })),
  );
  const signIns: Record<string, number> = { 'super@kusina.test': 2 * HOUR, 'admin@kusina.test': 5 * HOUR, 'staff@kusina.test': 20 * HOUR, 'admin2@kusina.test': 2 * DAY };
  for (const [email, ago] of Object.entries(signIns)) await tx.update(users).set({ lastSignInAt: new Date(now - ago) }).where(eq(users.email, email));

  const people = await tx.select().from(users).where(inArray(users.email, ['admin@kusina.test', 'admin2@kusina.test', ...demoTeam.map((m) => m.email)]));
  const by = (email: string) => people.find((p) => p.email === email)!;
  const ana = by('admin@kusina.test');
  const leilani = by('admin2@kusina.test');
  const label = (p: typeof ana) => `${p.firstName} ${p.lastName} (${p.email})`;

  await tx.insert(teamInvites).values({
    restaurantId: 1,
    email: 'new.cook@example.com',
    role: 'staff',
    tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    invitedById: ana.id,
    expiresAt: new Date(now + 48 * HOUR),
    createdAt: new Date(now - 24 * HOUR),
  });

  // Codes with uses: FOUNDERS and the guest pass count the orders the demo's history (seed/history.ts) gives them;
  // ALOHA10 and HAFA5 count the history's uses (written there). VIP2026 and VIPONCE stay fresh for the storefront's demo.
  await tx.insert(vipCodes).values([
    { restaurantId: 2, code: 'FOUNDERS', name: 'Founding members', maxUses: 50, currentUses: 12, expiresAt: new Date(now + 180 * DAY) },
    { restaurantId: 2, code: 'VIP-GUEST7K', name: 'Anniversary guest', maxUses: 1, currentUses: 1, expiresAt: new Date(now + 30 * DAY) },
    { restaurantId: 2, code: 'VIP-PRESS2Q', name: 'Press preview', maxUses: 1, currentUses: 0, active: false, revokedAt: new Date(now - 6 * DAY) },
  ]);

  const entry = (restaurantId: number, actor: typeof ana, daysAgo: number, action: string, target: string, summary: string) => ({
    restaurantId,
    actorId: actor.id,
    actorLabel: label(actor),
    action,
    target,
    summary,
    createdAt: new Date(now - daysAgo * DAY),
  });
  await tx.insert(auditLog).values([
    entry(1, ana, 60, 'team.invite', 'joaquin@kusina.test', 'Invited joaquin@kusina.test as staff'),
    entry(1, by('joaquin@kusina.test'), 59, 'team.join', 'joaquin@kusina.test', 'joaquin@kusina.test accepted the invite and joined as staff'),
    entry(1, ana, 45, 'promo.create', 'HAFA5', 'Created promo code HAFA5 ($5.00 off)'),
    entry(1, ana, 30, 'team.deactivate', 'tasi@kusina.test', 'Deactivated tasi@kusina.test; their sessions ended'),
    entry(1, ana, 1, 'team.invite', 'new.cook@example.com', 'Invited new.cook@example.com as staff'),
    entry(2, leilani, 20, 'vip.issue', 'FOUNDERS', 'Issued 1 50-use VIP code for "Founding members"'),
    entry(2, leilani, 10, 'vip.issue', '2 codes', 'Issued 2 single-use VIP codes for "Guest passes"'),
    entry(2, leilani, 6, 'vip.revoke', 'VIP-PRESS2Q', 'Revoked VIP code VIP-PRESS2Q after 0 uses'),
  ]);
}
